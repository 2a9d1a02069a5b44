/**
 * Server-only markup written as strings, byte for byte what React's `renderToStaticMarkup` writes
 * for the same elements, for parts rendered on every page that have no interactivity (the
 * sidebar's links): a React render per element costs more than the element (issue #30). Text and
 * attribute values go through {@link escapeHtml}, React's own escaping; a URL is only written
 * here when it is a site path (React's `javascript:` URL blocking never applies to one).
 */
import { type InlineTitlePart, inlineTitleParts } from '../components/inline-title.js';
import { SitePathError } from '../errors.js';

const NEEDS_ESCAPE = /["&'<>]/;
const ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/**
 * `text` escaped as React escapes text and attribute values (`"&'<>`).
 * @example escapeHtml(`a < "b"`) // 'a &lt; &quot;b&quot;'
 */
export function escapeHtml(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(/["&'<>]/g, (c) => ESCAPES[c] as string) : text;
}

/**
 * `${basePath}/${slug}`, escaped for an attribute. `basePath` is '' or a path (`/docs`), so the
 * URL is a site path; anything else is refused rather than written unchecked.
 * @example sitePathAttr('/docs', 'api/pets') // '/docs/api/pets'
 */
export function sitePathAttr(basePath: string, slug: string): string {
  if (basePath !== '' && !basePath.startsWith('/')) throw new SitePathError(basePath);
  return escapeHtml(`${basePath}/${slug}`);
}

const partHtml = (part: InlineTitlePart) =>
  typeof part === 'string' ? escapeHtml(part) : `<code>${escapeHtml(part.code)}</code>`;

/**
 * The markup of `<InlineTitle text={text} />`.
 * @example inlineTitleHtml('Get a `Plant`') // 'Get a <code>Plant</code>'
 */
export function inlineTitleHtml(text: string): string {
  return inlineTitleParts(text).map(partHtml).join('');
}
