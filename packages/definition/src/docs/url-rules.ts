/**
 * The URL rules of a docs site, one small function each: which links, redirect destinations,
 * asset URLs and project file paths a docs project may hold. The CLI's `docs.yml` schema and the
 * registry's check of stored docs definitions both call these, so the two can never disagree on
 * what is safe (no `javascript:`, no `data:` scripts, no other scheme a browser would run).
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The scheme of `url` in lower case (`https`, `javascript`…), or undefined for a relative URL. */
function schemeOf(url: string): string | undefined {
  // Browsers drop ASCII whitespace and control characters inside a scheme (`java\tscript:`).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, '');
  return SCHEME.exec(compact)?.[1]?.toLowerCase();
}

/** An absolute http(s) URL. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/[^\s]/i.test(url);
}

/**
 * A link a reader may follow (navigation links, the logo's target): http(s), `mailto:`, a site
 * path (`/guides`), an in-page fragment (`#setup`) or a relative path. Never another scheme.
 * @example isSafeLinkHref('javascript:alert(1)') // false
 */
export function isSafeLinkHref(href: string): boolean {
  if (href.length === 0 || href.length > 2000) return false;
  const scheme = schemeOf(href);
  return scheme === undefined ? !/^\s/.test(href) : ['http', 'https', 'mailto'].includes(scheme);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/**
 * Where a redirect may send a reader: a site path (`/new/path`, not `//host`) or an absolute
 * http(s) URL with a host. Never a line break (it would split the Location header), another
 * control character (browsers drop tabs and newlines from URLs) or a backslash (browsers read
 * `/\host` as `//host`).
 * @example isSafeRedirectDestination('/v2/intro') // true
 * @example isSafeRedirectDestination('/a\r\nSet-Cookie: x=1') // false
 */
export function isSafeRedirectDestination(destination: string): boolean {
  if (destination.length === 0 || destination.length > 2000) return false;
  if (CONTROL_OR_BACKSLASH.test(destination)) return false;
  if (destination.startsWith('/')) return !destination.startsWith('//');
  if (!isHttpUrl(destination)) return false;
  try {
    return new URL(destination).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Where a redirect may start: a site path (`/old/path`, or a prefix `/old/*`) without control
 * characters or backslashes, which no request path can hold.
 * @example isRedirectSource('/legacy/*') // true
 */
export function isRedirectSource(source: string): boolean {
  return (
    source.startsWith('/') &&
    source.length <= 2000 &&
    !source.startsWith('//') &&
    !CONTROL_OR_BACKSLASH.test(source)
  );
}

/** Image types a docs project may inline as `data:` URLs (logos, favicon, social image). */
export const INLINE_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
] as const;

/**
 * The URL of an asset served from elsewhere: `https://` always; an inlined image
 * (`data:image/png;base64,…`) only where `inlineImage` (logo, favicon, social image), never for
 * scripts or fonts.
 * @example isSafeAssetUrl('data:text/html;base64,PHNjcmlwdD4=', { inlineImage: true }) // false
 */
export function isSafeAssetUrl(url: string, options: { inlineImage?: boolean } = {}): boolean {
  if (/^https:\/\/[^\s]/i.test(url)) return true;
  if (!options.inlineImage) return false;
  const type = /^data:([a-z0-9.+/-]+);base64,[a-z0-9+/=]*$/i.exec(url)?.[1]?.toLowerCase();
  return type !== undefined && (INLINE_IMAGE_TYPES as readonly string[]).includes(type);
}

/**
 * A file of the project, as the docs definition names it: relative, `/`-separated, inside the
 * project (no `..`, no leading `/`, no scheme, no backslash).
 * @example isProjectFilePath('images/logo.svg') // true
 */
export function isProjectFilePath(path: string): boolean {
  if (path.length === 0 || path.length > 1000) return false;
  if (path.startsWith('/') || path.includes('\\') || schemeOf(path) !== undefined) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters have no place in a path
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** A CSS colour like `#4f46e5`, `rgb(…)` or a named colour: nothing that can leave the declaration. */
export function isCssColor(value: string): boolean {
  return /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla|oklch)\([0-9.,%\s/a-z-]+\)|[a-zA-Z]+)$/.test(value);
}

/**
 * docs.yml `apiLinkBase`: the http(s) origin (and optional path) site-relative links of API
 * descriptions are resolved against; no query, fragment, credentials or whitespace.
 * @example isApiLinkBase('https://stripe.com') // true
 */
export function isApiLinkBase(url: string): boolean {
  if (url.length > 500 || /[\s\\]/.test(url) || !isHttpUrl(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.hostname !== '' && !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

/**
 * A stylesheet of the project (docs.yml `css`): a project file ending in `.css`.
 * @example isStylesheetPath('styles/custom.css') // true
 */
export function isStylesheetPath(path: string): boolean {
  return isProjectFilePath(path) && /\.css$/i.test(path);
}
