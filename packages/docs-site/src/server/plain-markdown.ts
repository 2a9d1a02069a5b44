/**
 * The fast path of markdown descriptions: text that no markdown construct can touch, apart from
 * simple code spans and links, renders as its paragraphs, exactly as the full pipeline (remark, rehype,
 * sanitiser) renders it, for a fraction of the cost (issue #30: a large API's descriptions are
 * mostly such prose; GitHub's endpoint descriptions mostly add `code`). Proved identical on every
 * description of GitHub's and Stripe's specs (plain-markdown.test.ts).
 */

/**
 * A line no markdown construct reads: it opens with a letter (no block can start there: list,
 * heading, quote, fence, indented code, setext underline, table) and holds none of the
 * characters inline syntax, autolinks, entities or raw HTML need, nor edge whitespace (hard breaks).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses (micromark rewrites NUL)
const PLAIN_LINE = /^[A-Za-z][^\\`*_~[\]<>&|#:@={}$\t\r\u0000-\u0008\u000b-\u001f\u007f]*(?<![ \u00a0])$/;
/** `www.` opens a GFM autolink without any of the characters above. */
const WWW = /www\./i;
/**
 * A code span of one backtick each side whose text is written as is: no backtick (with single
 * backticks only, which {@link plainMarkdownHtml} checks, each opener closes at the next one), no space at its edges (CommonMark strips
 * one), no `|` (a table cell's edge even inside code), no backslash, no character HTML escapes,
 * no control character or tab. Its text is never parsed as markdown, so any other character may
 * appear in it (`admin:org`, `*`, `[`).
 */
const CODE_SPAN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  /`([^`\s\\|<>&"\u0000-\u001f\u007f](?:[^`\\|<>&"\t\r\u0000-\u001f\u007f]*[^`\s\\|<>&"\u0000-\u001f\u007f])?)`/g;
/**
 * An inline link whose text is plain (the characters of a plain line, no edge space) and whose
 * address is an absolute http(s) URL or a site path (`/rest/…`) of characters that need no
 * escaping or percent-encoding (no `&`, `%`, quotes, parentheses, spaces: so no title either).
 */
const LINK =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  /(?<!!)\[([^\s\\`*_~[\]<>&|#:@={}$\u0000-\u001f\u007f](?:[^\\`*_~[\]<>&|#:@={}$\t\r\u0000-\u001f\u007f]*[^\s\\`*_~[\]<>&|#:@={}$\u0000-\u001f\u007f])?)\]\(((?:https?:\/\/|\/(?!\/))[A-Za-z0-9/._~:?#=+,;-]*)\)/g;
/** Plain text standing for a code span or link while the line is checked: a letter, so a line may open with one. */
const SPAN_MARK = 'c';

/** Code spans and links, left to right (a link's text and address hold no backtick). */
const INLINE = new RegExp(`${CODE_SPAN.source}|${LINK.source}`, 'g');

/** A code span's or link's HTML as the pipeline writes it: external links open apart, pass no referrer. */
function inlineHtml(_: string, code: string | undefined, text: string, href: string): string {
  if (code !== undefined) return `<code>${code}</code>`;
  return /^https?:\/\//.test(href)
    ? `<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">${text}</a>`
    : `<a href="${href}">${text}</a>`;
}

/**
 * The HTML of `markdown` when it is plain prose (paragraphs of plain lines, separated by
 * empty lines, with simple code spans and links), else undefined (the caller runs the full pipeline).
 * @example plainMarkdownHtml('Lists the users.\n\nPaginated.') // '<p>Lists the users.</p>\n<p>Paginated.</p>'
 * @example plainMarkdownHtml('Needs the `repo` scope.') // '<p>Needs the <code>repo</code> scope.</p>'
 * @example plainMarkdownHtml('See [Pages](/rest/pages).') // '<p>See <a href="/rest/pages">Pages</a>.</p>'
 */
export function plainMarkdownHtml(markdown: string): string | undefined {
  // Two backticks in a row: a longer backtick string, which pairs differently.
  if (WWW.test(markdown) || markdown.includes('``')) return undefined;
  const paragraphs = markdown.replace(/^\n+|\n+$/g, '').split(/\n{2,}/);
  const inline = markdown.includes('`') || markdown.includes('](');
  for (const paragraph of paragraphs) {
    for (const line of paragraph.split('\n'))
      if (!PLAIN_LINE.test(inline ? line.replace(INLINE, SPAN_MARK) : line)) return undefined;
  }
  return paragraphs
    .map((paragraph) => `<p>${inline ? paragraph.replace(INLINE, inlineHtml) : paragraph}</p>`)
    .join('\n');
}
