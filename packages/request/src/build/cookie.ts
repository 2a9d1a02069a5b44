/**
 * Cookie parameters on the wire (OpenAPI `in: cookie`, form style): one `Cookie` header of
 * `name=value` pairs joined by `; ` (RFC 6265 §4.2.1). A cookie name must be a token and a value
 * cookie-octets (no space, `"`, `,`, `;`, `\` or non-ASCII), so both are percent-encoded the way
 * paths and queries are (`encodeComponent`: all but `A-Z a-z 0-9 - . _ ~`), which every client
 * sends unchanged and a server decodes back. Lists and objects are comma-joined before encoding
 * (form style, not exploded: a cookie name cannot be repeated reliably, Python's `cookies=` dict
 * cannot even say it).
 */
import { encodeComponent } from './encode.js';
import { serializeHeaderValue } from './path.js';

/** One cookie as sent: name and value, both already encoded. */
export type CookiePair = readonly [name: string, value: string];

/**
 * A cookie parameter's value as one encoded pair.
 * @example cookiePair('session id', 'a;b c'); // ['session%20id', 'a%3Bb%20c']
 * @example cookiePair('ids', [3, 4]); // ['ids', '3%2C4']
 */
export function cookiePair(name: string, value: unknown): CookiePair {
  return [encodeComponent(name), encodeComponent(serializeHeaderValue(value, false))];
}

/**
 * The `Cookie` header value of the pairs, or `undefined` when there are none.
 * @example cookieHeader([['a', '1'], ['b', '2']]); // 'a=1; b=2'
 */
export function cookieHeader(pairs: readonly CookiePair[]): string | undefined {
  return pairs.length === 0 ? undefined : pairs.map(([name, value]) => `${name}=${value}`).join('; ');
}
