/**
 * The fast path of markdown descriptions: text that no markdown construct can touch renders as
 * its paragraphs, exactly as the full pipeline (remark, rehype, sanitiser) renders it, for a
 * fraction of the cost (issue #30: a large API's descriptions are mostly such prose). Proved
 * identical on every description of GitHub's and Stripe's specs (plain-markdown.test.ts).
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
 * The HTML of `markdown` when it is plain prose (paragraphs of plain lines, separated by
 * empty lines), else undefined (the caller runs the full pipeline).
 * @example plainMarkdownHtml('Lists the users.\n\nPaginated.') // '<p>Lists the users.</p>\n<p>Paginated.</p>'
 */
export function plainMarkdownHtml(markdown: string): string | undefined {
  if (WWW.test(markdown)) return undefined;
  const paragraphs = markdown.replace(/^\n+|\n+$/g, '').split(/\n{2,}/);
  for (const paragraph of paragraphs) {
    for (const line of paragraph.split('\n')) if (!PLAIN_LINE.test(line)) return undefined;
  }
  return paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n');
}
