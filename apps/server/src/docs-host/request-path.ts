/**
 * Paths of docs requests and the same-site Locations built from them, one rule each. A request
 * path is percent-decoded once and its runs of slashes made one (`/%2Fevil.example/` is
 * `/evil.example/`: the docs host redirects there, never serving a page whose relative links
 * would read `//…` as a host); a path that cannot name a page (bad percent-encoding or UTF-8,
 * control characters, a backslash, over-long) is refused, and the docs host answers 404. A Location
 * made from a path is percent-encoded segment by segment, so it starts with exactly one `/` and
 * holds no `\`, no control character, nothing a browser could read as another host.
 */

/** The longest path (decoded) the docs host looks up; a longer one names no page. */
export const MAX_PATH_LENGTH = 2048;

/** A docs request's decoded path (runs of slashes made one), and its raw query (`?…` or `''`). */
export interface RequestPath {
  path: string;
  search: string;
  /** True when the decoded path had runs of slashes (`//`, `/%2F`): not the page's own address. */
  collapsed: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const UNNAMEABLE = /[\u0000-\u001f\u007f\\]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The path of a request URL (`request.url`: path and query, as sent), or undefined when it names
 * no page.
 * @example requestPath('/%2Fevil.example/?x=1') // { path: '/evil.example/', search: '?x=1', collapsed: true }
 */
export function requestPath(url: string): RequestPath | undefined {
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  if (!raw.startsWith('/') || raw.length > MAX_PATH_LENGTH * 3) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (path.length > MAX_PATH_LENGTH || UNNAMEABLE.test(path)) return undefined;
  const single = path.replace(/\/{2,}/g, '/');
  return { path: single, search: query === -1 ? '' : url.slice(query), collapsed: single !== path };
}

/** `encodeURIComponent` that never throws (a lone surrogate becomes U+FFFD). */
export function encodeComponent(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));
}

/**
 * Percent-encodes what a URL may not hold as is (spaces, controls, `\`, non-ASCII, a `%` that
 * starts no escape), keeping `%XX` escapes and reserved characters as written.
 * @example encodeUnsafe('/caf%C3%A9 menu') // '/caf%C3%A9%20menu'
 */
export function encodeUnsafe(text: string): string {
  return text
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(/%(?![0-9a-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]/giu, (char) => encodeURIComponent(char));
}

/**
 * A same-site Location for a decoded site path (plus a raw query): each segment percent-encoded,
 * empty segments dropped, one leading `/`.
 * @example sitePathLocation('/docs', '/\\evil.example/é/') // '/docs/%5Cevil.example/%C3%A9'
 */
export function sitePathLocation(basePath: string, path: string, search = ''): string {
  const segments = `${basePath}${path}`
    .split('/')
    .filter((segment) => segment !== '')
    .map(encodeComponent);
  const query = search.replace(/^\?/, '');
  return `/${segments.join('/')}${query === '' ? '' : `?${encodeUnsafe(query)}`}`;
}

/**
 * True when a browser resolves `location` on the site it was sent from (its WHATWG URL parser
 * reads `\` as `/` and drops tabs and line breaks, so `/\evil`, `/\t/evil` are other hosts).
 * @example isSameSite('//evil.example') // false
 */
export function isSameSite(location: string): boolean {
  const site = 'http://site.invalid';
  try {
    return location.startsWith('/') && new URL(location, site).origin === site;
  } catch {
    return false;
  }
}
