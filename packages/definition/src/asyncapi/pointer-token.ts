/** The last token of a JSON pointer: `/servers/prod` → `prod` (unescaped). */
import { unescapePointerToken } from '../document/pointer.js';

/** The last, unescaped token of `pointer`. */
export function lastTokenOf(pointer: string): string {
  return unescapePointerToken(pointer.slice(pointer.lastIndexOf('/') + 1));
}
