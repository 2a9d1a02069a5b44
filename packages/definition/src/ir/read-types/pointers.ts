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

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * Whether `given` names the path: its template (`/pets/{petId}`) or a concrete path whose
 * parameters each fill one segment (`/pets/42`). A query or fragment and trailing slashes are
 * ignored.
 * @example pathMatches([{ type: 'literal', value: '/pets/' }, { type: 'pathParameter', name: 'id' }], '/pets/42'); // true
 */
export function pathMatches(path: readonly PathPart[], given: string): boolean {
  const trim = (text: string) => text.replace(/\/+$/, '');
  const wanted = trim(given.split(/[?#]/)[0] ?? '');
  if (trim(pathTemplate(path)) === wanted) return true;
  const pattern = path
    .map((part) => (part.type === 'literal' ? part.value.replace(REGEXP_SPECIAL, '\\$&') : '[^/]+'))
    .join('');
  return new RegExp(`^${trim(pattern)}$`).test(wanted);
}
