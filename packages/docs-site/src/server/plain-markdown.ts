/**
 * The fast path of markdown descriptions: text that no markdown construct can touch, apart from
 * simple code spans, renders as its paragraphs, exactly as the full pipeline (remark, rehype,
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
 * backticks only, each opener closes at the next one), no space at its edges (CommonMark strips
 * one), no `|` (a table cell's edge even inside code), no backslash, no character HTML escapes,
 * no control character or tab. Its text is never parsed as markdown, so any other character may
 * appear in it (`admin:org`, `*`, `[`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CODE_SPAN =
  /`([^`\s\\|<>&"\u0000-\u001f\u007f](?:[^`\\|<>&"\t\r\u0000-\u001f\u007f]*[^`\s\\|<>&"\u0000-\u001f\u007f])?)`/g;
/** Plain text standing for a code span while the line is checked: a letter, so a line may open with a span. */
const SPAN_MARK = 'c';

/**
 * The HTML of `markdown` when it is plain prose (paragraphs of plain lines, separated by
 * empty lines, with simple code spans), else undefined (the caller runs the full pipeline).
 * @example plainMarkdownHtml('Lists the users.\n\nPaginated.') // '<p>Lists the users.</p>\n<p>Paginated.</p>'
 * @example plainMarkdownHtml('Needs the `repo` scope.') // '<p>Needs the <code>repo</code> scope.</p>'
 */
export function plainMarkdownHtml(markdown: string): string | undefined {
  if (WWW.test(markdown)) return undefined;
  const paragraphs = markdown.replace(/^\n+|\n+$/g, '').split(/\n{2,}/);
  const hasCode = markdown.includes('`');
  for (const paragraph of paragraphs) {
    for (const line of paragraph.split('\n'))
      if (!PLAIN_LINE.test(hasCode ? line.replace(CODE_SPAN, SPAN_MARK) : line)) return undefined;
  }
  return paragraphs
    .map((paragraph) => `<p>${hasCode ? paragraph.replace(CODE_SPAN, '<code>$1</code>') : paragraph}</p>`)
    .join('\n');
}
