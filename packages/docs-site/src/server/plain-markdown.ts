/**
 * The fast path of markdown descriptions: a document `plainTree` (`@sextant/ui/markdown`) reads
 * without the parser (paragraphs, ATX headings, list items of paragraphs and lists nested under
 * them, quotes, fenced code, simple GFM tables; text, simple code spans and links, backslash
 * escapes, unnested emphasis, hard breaks, plain GFM URL literals) is written here as the unified
 * pipeline (remark, the callouts, heading ids, rehype, sanitiser, serialiser) writes it, for a
 * fraction of the cost (issue #30: an API's operation descriptions are mostly such documents).
 * Everything else goes to the pipeline. Proved identical on every description of GitHub's, Stripe's
 * and the example specs (plain-markdown.corpus.test.ts).
 */
import { type PlainBlock, type PlainInline, plainTree } from '@sextant/ui/markdown';
import type { HighlighterCore } from 'shiki/core';
import { CALLOUT_TITLE_CLASS, calloutClasses, calloutMarker, calloutTitle } from './callouts.js';
import { headingId, isTocDepth, type TocEntry } from './heading-ids.js';
import { highlight } from './highlight.js';
import { safeFragment } from './sanitize.js';

/** Text as the serialiser writes it (hast-util-to-html: `&` and `<` only). */
const escapeText = (text: string): string => text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');

/** A double-quoted attribute value as the serialiser writes it. */
const escapeAttribute = (value: string): string =>
  value.replace(/[&"'`]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);

/** The text of inline nodes, as a heading's id and table of contents read it. */
const textOf = (nodes: readonly PlainInline[]): string =>
  nodes
    .map((node) => ('value' in node ? node.value : 'children' in node ? textOf(node.children) : ''))
    .join('');

/** A document's heading ids (h2–h4, by node), the set of them and its table of contents. */
interface Headings {
  ids: Map<PlainBlock, string>;
  used: Set<string>;
  toc: TocEntry[];
}

/** What the blocks of one document are written with: its headings and the code blocks' highlighter. */
interface Writing {
  headings: Headings;
  highlighter: HighlighterCore;
}

/** The character references of highlighted HTML, as the serialiser writes their characters in text. */
const SERIALISED_REFERENCES: Record<string, string> = {
  '&amp;': '&#x26;',
  '&lt;': '&#x3C;',
  '&gt;': '>',
  '&quot;': '"',
};

/**
 * A code block as the pipeline writes it: `highlight`'s HTML (`remarkSextant`) parsed, sanitised
 * and serialised again, which changes only how its text is escaped (its `sx-code` and colour
 * classes, `data-lang` and `tabindex` are all the sanitiser's; plain-tree's language names need no
 * escaping).
 */
function codeHtml(highlighter: HighlighterCore, code: string, lang: string | null): string {
  return highlight(highlighter, code, lang ?? undefined).replace(
    /&(?:amp|lt|gt|quot);/g,
    (reference) => SERIALISED_REFERENCES[reference] as string,
  );
}

/** The ids of the headings among `blocks` and in their quotes, in document order (`rehypeHeadings`' rule). */
function collectHeadings(blocks: readonly PlainBlock[], headings: Headings): void {
  for (const node of blocks) {
    if (node.type === 'blockquote') collectHeadings(node.children, headings);
    if (node.type !== 'heading' || !isTocDepth(node.depth)) continue;
    const text = textOf(node.children).trim();
    const id = headingId(text, headings.used);
    headings.ids.set(node, id);
    headings.toc.push({ id, text, depth: node.depth });
  }
}

/** Inline nodes as HTML; `ids`: the document's heading ids, which a `#fragment` link may target. */
function inlineHtml(nodes: readonly PlainInline[], ids: ReadonlySet<string>): string {
  let html = '';
  for (const node of nodes) {
    if (node.type === 'text') html += escapeText(node.value);
    // A code span over lines keeps its line ends; the pipeline writes each as a space.
    else if (node.type === 'inlineCode')
      html += `<code>${escapeText(node.value.replaceAll('\n', ' '))}</code>`;
    else if (node.type === 'strong') html += `<strong>${inlineHtml(node.children, ids)}</strong>`;
    else if (node.type === 'emphasis') html += `<em>${inlineHtml(node.children, ids)}</em>`;
    else if (node.type === 'break') html += '<br />\n';
    else if (node.type === 'link') {
      const title = node.title == null ? '' : ` title="${escapeAttribute(node.title)}"`;
      // The sanitiser opens external links apart, without a referrer, and points fragments at
      // the renderer's heading ids or the author's prefixed ones.
      const external = /^https?:\/\//.test(node.url)
        ? ' rel="noopener noreferrer nofollow" target="_blank"'
        : '';
      const href = escapeAttribute(safeFragment(node.url, ids));
      html += `<a href="${href}"${title}${external}>${inlineHtml(node.children, ids)}</a>`;
    }
  }
  return html;
}

function blockHtml(node: PlainBlock, writing: Writing): string {
  const { headings } = writing;
  const ids = headings.used;
  switch (node.type) {
    case 'paragraph':
      return `<p>${inlineHtml(node.children, ids)}</p>`;
    case 'heading': {
      const id = headings.ids.get(node);
      const attribute = id === undefined ? '' : ` id="${id}"`;
      return `<h${node.depth}${attribute}>${inlineHtml(node.children, ids)}</h${node.depth}>`;
    }
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const start = node.start == null || node.start === 1 ? '' : ` start="${node.start}"`;
      // remark-rehype's items: a loose list's (one with a spread item too) blocks each on its own
      // line; a tight list's paragraphs unwrapped, a nested list on the lines after one.
      const loose = node.spread || node.children.some((item) => item.spread);
      const items = node.children.map((item) => {
        const blocks = item.children.map((child) =>
          child.type !== 'paragraph'
            ? blockHtml(child, writing)
            : loose
              ? `<p>${inlineHtml(child.children, ids)}</p>`
              : inlineHtml(child.children, ids),
        );
        if (loose) return `<li>\n${blocks.join('\n')}\n</li>`;
        return `<li>${blocks.join('\n')}${item.children.at(-1)?.type === 'list' ? '\n' : ''}</li>`;
      });
      return `<${tag}${start}>\n${items.join('\n')}\n</${tag}>`;
    }
    case 'blockquote':
      return quoteHtml(node.children, writing);
    case 'table':
      return tableHtml(node, ids);
    case 'code':
      return codeHtml(writing.highlighter, node.value, node.lang);
  }
}

type Table = Extract<PlainBlock, { type: 'table' }>;

/** A table as remark-rehype writes it: a head row, a body when there are more rows, each column's `align`. */
function tableHtml(table: Table, ids: ReadonlySet<string>): string {
  const row = (cells: Table['children'][number], tag: 'th' | 'td') => {
    const html = cells.children.map((cell, i) => {
      const align = table.align[i];
      return `<${tag}${align ? ` align="${align}"` : ''}>${inlineHtml(cell.children, ids)}</${tag}>`;
    });
    return `<tr>\n${html.join('\n')}\n</tr>`;
  };
  const [head, ...body] = table.children;
  const parts = ['<table>', '<thead>', head ? row(head, 'th') : '', '</thead>'];
  if (body.length > 0) parts.push('<tbody>', ...body.map((cells) => row(cells, 'td')), '</tbody>');
  parts.push('</table>');
  return parts.join('\n');
}

/** A quote's HTML: a callout when its first text opens with `[!KIND]` (`remarkSextant`'s rule). */
function quoteHtml(children: readonly PlainBlock[], writing: Writing): string {
  const [first] = children;
  const text = first?.type === 'paragraph' ? first.children[0] : undefined;
  const marker = text?.type === 'text' ? calloutMarker(text.value) : undefined;
  if (!marker || text?.type !== 'text' || first?.type !== 'paragraph') {
    const body = children.map((child) => blockHtml(child, writing)).join('\n');
    return `<blockquote>\n${body}\n</blockquote>`;
  }
  const rest = [{ ...text, value: text.value.slice(marker.length) }, ...first.children.slice(1)];
  const body = [
    `<p>${inlineHtml(rest, writing.headings.used)}</p>`,
    ...children.slice(1).map((child) => blockHtml(child, writing)),
  ];
  const title = `<p class="${CALLOUT_TITLE_CLASS}">${calloutTitle(marker.kind)}</p>`;
  return `<aside class="${calloutClasses(marker.kind).join(' ')}">\n${title}\n${body.join('\n')}\n</aside>`;
}

/**
 * `markdown`'s HTML and table of contents when `plainTree` reads it, else undefined (the caller
 * runs the full pipeline).
 * @example plainMarkdown(h, 'Lists the users.\n\n- **Paginated**.')?.html // '<p>Lists the users.</p>\n<ul>\n<li><strong>Paginated</strong>.</li>\n</ul>'
 * @example plainMarkdown(h, '> [!NOTE]\n> See [Pages](/rest/pages).')?.html // '<aside class="sx-callout sx-callout-note">\n<p class="sx-callout-title">Note</p>\n<p>See <a href="/rest/pages">Pages</a>.</p>\n</aside>'
 */
export function plainMarkdown(
  highlighter: HighlighterCore,
  markdown: string,
): { html: string; toc: TocEntry[] } | undefined {
  const tree = plainTree(markdown, { tables: true, literals: true });
  if (!tree) return undefined;
  const writing: Writing = { headings: { ids: new Map(), used: new Set(), toc: [] }, highlighter };
  collectHeadings(tree.children, writing.headings);
  return {
    html: tree.children.map((node) => blockHtml(node, writing)).join('\n'),
    toc: writing.headings.toc,
  };
}
