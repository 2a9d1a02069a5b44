/**
 * SPEC §5: requests to a localhost base URL are disabled outside the desktop context (local
 * mode), with the tooltip "Cannot send requests to localhost".
 */

/** The tooltip of the disabled Send Request button. */
export const LOCALHOST_DISABLED_MESSAGE = 'Cannot send requests to localhost';

/**
 * True for `localhost` (and its subdomains), `127.0.0.0/8`, `0.0.0.0` and `[::1]` targets.
 * @example
 * isLocalhostUrl('http://127.0.0.1:4010/pets'); // true
 * isLocalhostUrl('https://api.example.com'); // false
 */
export function isLocalhostUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '0.0.0.0' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * Whether Send Request is enabled for a URL, and the tooltip when it is not.
 * @example
 * sendAvailability('http://localhost:3000/x', { desktop: false }); // { enabled: false, reason: 'Cannot send requests to localhost' }
 */
export function sendAvailability(
  url: string,
  context: { desktop: boolean },
): { enabled: true } | { enabled: false; reason: string } {
  return !context.desktop && isLocalhostUrl(url)
    ? { enabled: false, reason: LOCALHOST_DISABLED_MESSAGE }
    : { enabled: true };
}
