/**
 * The localhost rule (SPEC §5): outside the desktop context (local mode) the playground cannot
 * send to a localhost base URL, and the Send button says why.
 */

/** Tooltip of the disabled Send button (SPEC §8). */
export const LOCALHOST_DISABLED_TOOLTIP = 'Cannot send requests to localhost';

/**
 * True when the URL's host is a loopback name or address.
 *
 * @example
 * isLocalhostUrl('http://127.0.0.1:4010/pets') // true
 */
export function isLocalhostUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '0:0:0:0:0:0:0:1'
  );
}

/** Why Send is disabled, or undefined when it is allowed. */
export function sendDisabledReason(mode: 'local' | 'hosted', targetUrl: string): string | undefined {
  return mode === 'hosted' && isLocalhostUrl(targetUrl) ? LOCALHOST_DISABLED_TOOLTIP : undefined;
}
