/** JSON pointers (RFC 6901) into definitions and specs, and an endpoint's path template. */
import { escapePointerToken } from '../../document/pointer.js';
import type { PathPart } from '../endpoint.js';

export { escapePointerToken, unescapePointerToken } from '../../document/pointer.js';

/** The pointer of a value from its tokens: `jsonPointer('paths', '/pets')` is `/paths/~1pets`. */
export function jsonPointer(...tokens: (string | number)[]): string {
  return tokens.map((token) => `/${escapePointerToken(String(token))}`).join('');
}

/** `/repos/{owner}/{repo}`: the path as written, parameters in braces. */
export function pathTemplate(path: readonly PathPart[]): string {
  return path.map((part) => (part.type === 'literal' ? part.value : `{${part.name}}`)).join('');
}
