/**
 * The localhost rule (SPEC §5) as the playground asks it: outside the desktop context (local mode)
 * the playground cannot send to a localhost base URL, and the Send button says why. The rule itself
 * is `@sextant/request`'s `isLocalhostUrl`, which snippets and the server share.
 */
import { isLocalhostUrl, LOCALHOST_DISABLED_MESSAGE } from '@sextant/request';

export { isLocalhostUrl };

/** Tooltip of the disabled Send button (SPEC §8). */
export const LOCALHOST_DISABLED_TOOLTIP = LOCALHOST_DISABLED_MESSAGE;

/** Why Send is disabled, or undefined when it is allowed. */
export function sendDisabledReason(mode: 'local' | 'hosted', targetUrl: string): string | undefined {
  return mode === 'hosted' && isLocalhostUrl(targetUrl) ? LOCALHOST_DISABLED_TOOLTIP : undefined;
}
