/**
 * Markdown to safe HTML on the server: GitHub-flavoured markdown (tables, task lists,
 * strikethrough, autolinks), code blocks highlighted by Shiki, callouts (`> [!NOTE]`,
 * `> [!TIP]`, `> [!WARNING]`, ...), heading anchors with a table of contents. Raw HTML in the
 * source is kept but sanitised with everything else.
 */

import type { Nodes, Parents, Root } from 'hast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import type { HighlighterCore } from 'shiki/core';
import { unified } from 'unified';
import { CALLOUT_TITLE_CLASS, calloutClasses, calloutMarker, calloutTitle } from './callouts.js';
import { headingId, isTocDepth, type TocEntry } from './heading-ids.js';
import { highlight, loadHighlighter, warmHighlighter } from './highlight.js';
import { remarkRewriteFileUrls } from './markdown-files.js';
import { plainMarkdown } from './plain-markdown.js';
import { rehypeParseRaw, rehypeSanitize, SERIALIZE } from './sanitize.js';

export type { TocEntry };

export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
}

interface MdNode {
  type: string;
  value?: string;
  lang?: string | null;
  depth?: number;
  children?: MdNode[];
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

/** Replaces code blocks by highlighted HTML and blockquotes opening with `[!TYPE]` by callouts. */
function remarkSextant(highlighter: HighlighterCore) {
  return () => (tree: MdNode) => {
    const visit = (node: MdNode) => {
      for (const [index, child] of (node.children ?? []).entries()) {
        if (child.type === 'code' && node.children) {
          node.children[index] = {
            type: 'html',
            value: highlight(highlighter, child.value ?? '', child.lang ?? undefined),
          };
          continue;
        }
        if (child.type === 'blockquote') {
          const paragraph = child.children?.[0];
          const text = paragraph?.type === 'paragraph' ? paragraph.children?.[0] : undefined;
          const marker = text?.type === 'text' ? calloutMarker(text.value ?? '') : undefined;
          if (marker && text) {
            text.value = (text.value ?? '').slice(marker.length);
            child.data = { hName: 'aside', hProperties: { className: calloutClasses(marker.kind) } };
            child.children?.unshift({
              type: 'paragraph',
              data: { hProperties: { className: [CALLOUT_TITLE_CLASS] } },
              children: [{ type: 'text', value: calloutTitle(marker.kind) }],
            });
          }
        }
        visit(child);
      }
    };
    visit(tree);
  };
}

/** Gives h2–h4 ids (prefixed, so they never clash with the site's own ids) and collects them. */
export function rehypeHeadings(toc: TocEntry[]) {
  return () => (tree: Root) => {
    const used = new Set<string>();
    const textOf = (node: Nodes): string =>
      node.type === 'text' ? node.value : 'children' in node ? node.children.map(textOf).join('') : '';
    const visit = (node: Parents) => {
      for (const child of node.children) {
        const depth = child.type === 'element' ? Number(/^h([1-6])$/.exec(child.tagName)?.[1]) : 0;
        if (isTocDepth(depth) && child.type === 'element') {
          const text = textOf(child).trim();
          const id = headingId(text, used);
          child.properties = { ...child.properties, id };
          toc.push({ id, text, depth });
        } else if ('children' in child) {
          visit(child);
        }
      }
    };
    visit(tree);
  };
}

/** The table of contents a render collects, carried by its file (the processor is shared). */
type TocData = { toc?: TocEntry[] };

/** The heading ids of the file being processed: the renderer's, kept as they are by the sanitiser. */
const headingIdsOfFile = (file: { data: Record<string, unknown> }): ReadonlySet<string> =>
  new Set(((file.data as TocData).toc ?? []).map((entry) => entry.id));

/** {@link rehypeHeadings} into the list the file being processed carries. */
function rehypeHeadingsOfFile() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const { toc } = file.data as TocData;
    if (toc) rehypeHeadings(toc)()(tree);
  };
}

function markdownProcessor(
  highlighter: HighlighterCore,
  rewriteFileUrl: ((url: string) => string | undefined) | undefined,
) {
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(rewriteFileUrl ? remarkRewriteFileUrls(rewriteFileUrl) : () => undefined)
      .use(remarkSextant(highlighter))
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeHeadingsOfFile)
      // Raw HTML (the author's, and highlighted code) into the tree, which the sanitiser then cleans.
      .use(rehypeParseRaw())
      .use(rehypeSanitize(headingIdsOfFile))
      .use(rehypeStringify, SERIALIZE)
      .freeze()
  );
}

/** The processor without file URL rewriting (descriptions), built once per highlighter. */
const sharedProcessors = new WeakMap<HighlighterCore, ReturnType<typeof markdownProcessor>>();

/**
 * Renders markdown to sanitised HTML: simple documents by the fast path (`plain-markdown.ts`),
 * the rest by the unified pipeline. `rewriteFileUrl` maps local file references (images, links to
 * files) to served URLs.
 * @example renderMarkdown(h, '# Hi\n<script>x</script>').html // '<h1>Hi</h1>\n'
 */
export function renderMarkdown(
  highlighter: HighlighterCore,
  markdown: string,
  options: { rewriteFileUrl?: (url: string) => string | undefined } = {},
): RenderedMarkdown {
  // The fast path takes no relative links, the only ones `rewriteFileUrl` rewrites.
  return plainMarkdown(highlighter, markdown) ?? renderWithPipeline(highlighter, markdown, options);
}

/**
 * {@link renderMarkdown} by the unified pipeline alone: the reference the fast path is proved
 * identical to.
 */
export function renderWithPipeline(
  highlighter: HighlighterCore,
  markdown: string,
  options: { rewriteFileUrl?: (url: string) => string | undefined } = {},
): RenderedMarkdown {
  const toc: RenderedMarkdown['toc'] = [];
  let processor = options.rewriteFileUrl ? undefined : sharedProcessors.get(highlighter);
  if (!processor) {
    processor = markdownProcessor(highlighter, options.rewriteFileUrl);
    if (!options.rewriteFileUrl) sharedProcessors.set(highlighter, processor);
  }
  const data: TocData = { toc };
  return { html: processor.processSync({ value: markdown, data }).toString(), toc };
}

/** A description the fast path leaves to the pipeline, with the blocks and inlines it meets most. */
const WARM_SAMPLE = `## Lists
- a **list**
  - nested, \`code\` and [a link](https://example.com)

> [!NOTE]
> a callout
continued lazily

| Name | Type |
| ---- | ---- |
| \`id\` | <em>integer</em> |

\`\`\`json
{ "id": 1 }
\`\`\`
`;

/**
 * {@link warmHighlighter}, then one description through the unified pipeline, whose first use in
 * a process costs ~35–40 ms (its plugins' set-up, JIT): a server awaits it before it reports ready.
 * @example app.lifecycle.addCheck('highlighter', () => warmRenderer())
 */
export async function warmRenderer(): Promise<void> {
  await warmHighlighter();
  renderWithPipeline(await loadHighlighter(), WARM_SAMPLE);
}
