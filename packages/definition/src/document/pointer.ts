/**
 * JSON Pointer (RFC 6901) helpers: escaping of `~` and `/`, building child pointers, and
 * reading the value at a pointer. Pointers are strings like `/paths/~1pets/get`; `''` is the root.
 */
import { JsonPointerSyntaxError } from '../errors.js';

/** Escapes one reference token: `~` → `~0`, `/` → `~1`. */
export function escapePointerToken(token: string): string {
  if (token.indexOf('~') === -1 && token.indexOf('/') === -1) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Undoes `escapePointerToken`. */
export function unescapePointerToken(token: string): string {
  if (token.indexOf('~') === -1) return token;
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The pointer of a child of `pointer`.
 * @example childPointer('/paths', '/pets') // '/paths/~1pets'
 */
export function childPointer(pointer: string, token: string | number): string {
  return `${pointer}/${typeof token === 'number' ? token : escapePointerToken(token)}`;
}

/** Splits a pointer into its unescaped tokens. Throws JsonPointerSyntaxError when it does not start with `/`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (pointer[0] !== '/') throw new JsonPointerSyntaxError(pointer);
  return pointer.slice(1).split('/').map(unescapePointerToken);
}

/** Sentinel for "no value at that pointer". */
export const MISSING: unique symbol = Symbol('missing');

/** The value at `pointer` inside `root`, or `MISSING`. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  let current: unknown = root;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return MISSING;
      const index = Number(token);
      if (index >= current.length) return MISSING;
      current = current[index];
    } else if (current !== null && typeof current === 'object') {
      if (!Object.hasOwn(current, token)) return MISSING;
      current = (current as Record<string, unknown>)[token];
    } else {
      return MISSING;
    }
  }
  return current;
}
