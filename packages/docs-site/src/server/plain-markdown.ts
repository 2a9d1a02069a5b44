/**
 * The fast path of markdown descriptions: a document made only of paragraphs, ATX headings, tight
 * or loose one-line list items and quotes (callouts among them), whose text is the simple inline
 * markdown `plain-inline.ts` takes, renders exactly as the unified pipeline (remark, rehype,
 * sanitiser, serialiser) renders it, for a fraction of the cost (issue #30: an API's operation
 * descriptions are mostly such documents). Every other block (code, HTML, tables, nested lists or
 * quotes, lazy continuation lines, indentation, setext headings, thematic breaks, definitions) is
 * refused: undefined, and the caller runs the pipeline. Proved identical on every description of
 * GitHub's and Stripe's specs and the example specs (plain-markdown.test.ts).
 */
import { CALLOUT_TITLE_CLASS, calloutClasses, calloutMarker, calloutTitle } from './callouts.js';
import { headingId, isTocDepth, type TocEntry } from './heading-ids.js';
import { plainInline } from './plain-inline.js';

/** An ATX heading without indentation, closing sequence or edge space. */
const HEADING = /^(#{1,6}) (\S(?:.*\S)?)$/;
/** A list item: indentation (at most 3), marker, one space, then its one line. */
const LIST_ITEM = /^( {0,3})(?:([-*+])|(\d{1,9})([.)])) (.*)$/;

/**
 * A line that may open or continue a paragraph (or be a list item's or heading's text): it opens
 * with a letter, digit, quote, parenthesis, backtick, emphasis or link, not with a block's marker
 * (`1.` of a list, `* ` of an item), and has no space at its end (a hard break, or trimmed).
 */
const TEXT_LINE = /^(?![*+-] |\d+[.)])[\p{L}\p{N}"'(`*_[].*(?<!\s)$/su;

interface ListItem {
  indent: number;
  /** The bullet (`-`, `*`, `+`) or the ordered list's delimiter (`.`, `)`). */
  marker: string;
  /** An ordered item's number. */
  start?: number;
  text: string;
}

function listItem(line: string): ListItem | undefined {
  const match = LIST_ITEM.exec(line);
  if (!match) return undefined;
  const [, indent = '', bullet, digits, delimiter, text = ''] = match;
  return {
    indent: indent.length,
    marker: bullet ?? (delimiter as string),
    ...(digits === undefined ? {} : { start: Number(digits) }),
    text,
  };
}

const sameList = (a: ListItem, b: ListItem) =>
  a.indent === b.indent && a.marker === b.marker && (a.start === undefined) === (b.start === undefined);

/** Whether `line` ends a paragraph before it: a quote, a heading, a non-empty bullet item or an ordered one from 1. */
function interrupts(line: string): boolean {
  if (line.startsWith('>') || HEADING.test(line)) return true;
  const item = listItem(line);
  return item !== undefined && item.text !== '' && (item.start === undefined || item.start === 1);
}

/** What a document's headings share: the ids given so far and the table of contents. */
interface Headings {
  used: Set<string>;
  toc: TocEntry[];
}

/** A paragraph's HTML, or undefined. */
function paragraphHtml(source: string, className = ''): string | undefined {
  const inline = plainInline(source);
  return inline && `<p${className}>${inline.html}</p>`;
}

function headingHtml(depth: number, source: string, headings: Headings): string | undefined {
  const inline = plainInline(source);
  if (!inline || source.endsWith('#')) return undefined;
  if (!isTocDepth(depth)) return `<h${depth}>${inline.html}</h${depth}>`;
  const text = inline.text.trim();
  const id = headingId(text, headings.used);
  headings.toc.push({ id, text, depth });
  return `<h${depth} id="${id}">${inline.html}</h${depth}>`;
}

/**
 * The list starting at `lines[start]`: its HTML and the line after it, or undefined. Items are
 * one line each, of one marker and indentation; a blank line between two makes the list loose.
 */
function listHtml(lines: readonly string[], start: number): { html: string; next: number } | undefined {
  const first = listItem(lines[start] as string) as ListItem;
  const items: string[] = [];
  let loose = false;
  let i = start;
  for (;;) {
    const item = listItem(lines[i] as string);
    if (!item || !sameList(first, item) || !TEXT_LINE.test(item.text)) return undefined;
    const inline = plainInline(item.text);
    if (!inline) return undefined;
    items.push(inline.html);
    i++;
    let after = i;
    while (lines[after] === '') after++;
    const next = lines[after];
    if (next === undefined) break;
    const following = listItem(next);
    if (following && sameList(first, following)) {
      loose ||= after > i;
      i = after;
      continue;
    }
    // Without a blank line, a line continues the item (lazily); after one, an indented line
    // belongs to the item and another list marker may open a sublist.
    if (after === i || next.startsWith(' ') || following) return undefined;
    break;
  }
  const tag = first.start === undefined ? 'ul' : 'ol';
  const startAttribute = first.start === undefined || first.start === 1 ? '' : ` start="${first.start}"`;
  const body = items.map((html) => (loose ? `<li>\n<p>${html}</p>\n</li>` : `<li>${html}</li>`)).join('\n');
  return { html: `<${tag}${startAttribute}>\n${body}\n</${tag}>`, next: i };
}

/** A quote's HTML from its lines without their `> `: a callout when it opens with `[!KIND]`. */
function quoteHtml(lines: readonly string[], headings: Headings): string | undefined {
  let kind: string | undefined;
  const blocks = blocksHtml(lines, headings, (source) => {
    const marker = calloutMarker(source);
    // Followed by text, `[!NOTE]` could be a link or reference of the parser's.
    if (!marker || !/^\[[^\]]*\](?:\s|$)/.test(source)) return paragraphHtml(source);
    kind = marker.kind;
    return paragraphHtml(source.slice(marker.length));
  });
  if (!blocks?.length) return undefined;
  const body = blocks.join('\n');
  if (kind === undefined) return `<blockquote>\n${body}\n</blockquote>`;
  const title = `<p class="${CALLOUT_TITLE_CLASS}">${calloutTitle(kind)}</p>`;
  return `<aside class="${calloutClasses(kind).join(' ')}">\n${title}\n${body}\n</aside>`;
}

/**
 * The blocks of `lines` as HTML, or undefined. `firstParagraph` renders a quote's first
 * paragraph (its callout marker); at the top level (without it) quotes may appear, not inside one.
 */
function blocksHtml(
  lines: readonly string[],
  headings: Headings,
  firstParagraph?: (source: string) => string | undefined,
): string[] | undefined {
  const blocks: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line === '') {
      i++;
      continue;
    }
    if (line.startsWith('>')) {
      if (firstParagraph) return undefined;
      const quoted: string[] = [];
      for (; lines[i]?.startsWith('>'); i++) {
        const text = (lines[i] as string).slice(2);
        if (!/^> ?$/.test(lines[i] as string) && !(lines[i]?.startsWith('> ') && !text.startsWith(' ')))
          return undefined;
        quoted.push(text);
      }
      // A line right after a quote continues its paragraph (lazily) or interrupts it.
      if (i < lines.length && lines[i] !== '') return undefined;
      const html = quoteHtml(quoted, headings);
      if (!html) return undefined;
      blocks.push(html);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const html = headingHtml((heading[1] as string).length, heading[2] as string, headings);
      if (!html) return undefined;
      blocks.push(html);
      i++;
      continue;
    }
    if (listItem(line)) {
      const list = listHtml(lines, i);
      if (!list) return undefined;
      blocks.push(list.html);
      i = list.next;
      continue;
    }
    const start = i;
    for (; i < lines.length && lines[i] !== '' && (i === start || !interrupts(lines[i] as string)); i++)
      if (!TEXT_LINE.test(lines[i] as string)) return undefined;
    const source = lines.slice(start, i).join('\n');
    const html = blocks.length === 0 && firstParagraph ? firstParagraph(source) : paragraphHtml(source);
    if (!html) return undefined;
    blocks.push(html);
  }
  return blocks;
}

/**
 * `markdown`'s HTML and table of contents when it is made only of the blocks and inline markdown
 * above, else undefined (the caller runs the full pipeline).
 * @example plainMarkdown('Lists the users.\n\n- **Paginated**.').html // '<p>Lists the users.</p>\n<ul>\n<li><strong>Paginated</strong>.</li>\n</ul>'
 * @example plainMarkdown('Needs the `repo` scope.').html // '<p>Needs the <code>repo</code> scope.</p>'
 * @example plainMarkdown('> [!NOTE]\n> See [Pages](/rest/pages).').html // '<aside class="sx-callout sx-callout-note">\n<p class="sx-callout-title">Note</p>\n<p>See <a href="/rest/pages">Pages</a>.</p>\n</aside>'
 */
export function plainMarkdown(markdown: string): { html: string; toc: TocEntry[] } | undefined {
  const headings: Headings = { used: new Set(), toc: [] };
  const blocks = blocksHtml(markdown.split('\n'), headings);
  return blocks?.length ? { html: blocks.join('\n'), toc: headings.toc } : undefined;
}
