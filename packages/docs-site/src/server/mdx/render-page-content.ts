/**
 * A markdown page's body, rendered on the server: MDX (or GitHub markdown, see `parse-page.ts`)
 * → the fixed component set, code blocks, math and diagrams → a sanitised hast tree → the body's
 * node tree (`shared/content-node.ts`), with its table of contents and its problems. What an author writes never runs: expressions, imports, event handlers, unknown
 * components and unsafe URLs are errors shown in place (with file, line and column) and
 * reported; everything else goes through the sanitiser or React's escaping.
 */
import { randomBytes } from 'node:crypto';
import { isSafeLinkHref } from '@sextant/definition';
import type { Root } from 'hast';
import remarkRehype from 'remark-rehype';
import type { HighlighterCore } from 'shiki/core';
import { unified } from 'unified';
import type { ContentNode } from '../../shared/content-node.js';
import { safeHtml } from '../../shared/safe-html.js';
import { rehypeRewriteLinks } from '../links/rehype-links.js';
import { rehypeHeadings, type TocEntry } from '../markdown.js';
import { remarkRewriteFileUrls } from '../markdown-files.js';
import { isAllowedTag, rehypeParseRaw, rehypeSanitize } from '../sanitize.js';
import { ADMONITIONS } from './admonitions.js';
import { codeBlockHtml, codeLabel, codePre, parseCodeMeta } from './code-block.js';
import { contentTree, type Placeholder } from './content-tree.js';
import { iconSvg } from './icons.js';
import { type LiteralValue, literalProps } from './literal-props.js';
import { renderMath } from './math.js';
import {
  element,
  escapeHtml,
  isBlank,
  type MdNode,
  type MdxAttributeNode,
  rawHtml,
  titleText,
} from './mdast.js';
import {
  CHILD_COMPONENTS,
  COMPONENT_NAMES,
  type ComponentContext,
  callout,
  pageComponents,
  unknownComponent,
} from './page-components.js';
import { type PageFormat, parsePage } from './parse-page.js';
import { type ContentProblem, ProblemList, problemLine } from './problems.js';
import { PropUse } from './prop-use.js';

export interface PageContentOptions {
  /** `mdx` (strict) or `md` (MDX only when it uses components). Default `md`. */
  format?: PageFormat;
  /** The page's source path, for messages (`pages/intro.mdx`). */
  file?: string;
  /** Line of the source file where the markdown starts (after front matter). */
  bodyLine?: number;
  /**
   * The page's header shows its title as the one H1: a leading `# Title` becomes that title
   * (and leaves the body), and other H1s render as H2. Default true.
   */
  headerTitle?: boolean;
  /** Maps local file references (images, file links) to served URLs. */
  rewriteFileUrl?: (url: string) => string | undefined;
  /** Maps every link (`guides/auth.md#x` → `/guides/auth#h-x`, see `links/`); undefined keeps it. */
  rewriteLink?: (href: string) => string | undefined;
  /** An endpoint's request or response example (an island), or why there is none. */
  endpointSnippet?: (
    reference: string,
    kind: 'request' | 'response',
  ) => { island: string; props: Record<string, unknown> } | string;
}

export interface PageContent {
  content: ContentNode[];
  toc: TocEntry[];
  /** The leading H1's text, when the page starts with one (and `headerTitle`). */
  title?: string;
  problems: ContentProblem[];
}

/** HTML elements refused outright (they run code, load documents or submit data). */
const DANGEROUS_HTML = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'template',
  'noscript',
  'svg',
  'math',
]);

/** Whether `$…$` keeps Pandoc's rule (no space inside the dollars, no digit after), so prices stay text. */
function isMath(source: string, node: MdNode): boolean {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return true;
  const written = source.slice(start, end);
  if (written.startsWith('$$')) return true;
  const inner = written.slice(1, -1);
  return (
    inner.length > 0 && !/^\s/.test(inner) && !/\s$/.test(inner) && !/^\d/.test(source.slice(end, end + 1))
  );
}

/** Components that sit inside a line of text; every other one is a block. */
const INLINE_COMPONENTS = new Set(['Tooltip', 'Icon']);

/** HTML elements that cannot sit inside a paragraph. */
const BLOCK_HTML = new Set([
  'div',
  'details',
  'summary',
  'table',
  'figure',
  'figcaption',
  'section',
  'aside',
  'ul',
  'ol',
  'dl',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'hr',
]);

const isBlockElement = (node: MdNode) =>
  (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') &&
  ((/^[A-Z]/.test(node.name ?? '') && !INLINE_COMPONENTS.has(node.name ?? '')) ||
    BLOCK_HTML.has(node.name ?? ''));

/**
 * Block components written on one line (`<Note>Hi</Note>`, `<Tab title="a">x</Tab>`) are parsed
 * as text inside a paragraph: a paragraph holding only such components (and spaces) gives way
 * to them, each made a block with its text as a paragraph.
 */
function liftBlockElements(node: MdNode): void {
  const children = node.children;
  if (!children) return;
  node.children = children.flatMap((child) => {
    const inner = child.children ?? [];
    if (
      child.type === 'paragraph' &&
      inner.some(isBlockElement) &&
      inner.every((n) => isBlank(n) || isBlockElement(n))
    )
      return inner.filter((n) => !isBlank(n)).map(asBlock);
    return [child];
  });
  for (const child of node.children) liftBlockElements(child);
}

const PHRASING = new Set([
  'text',
  'strong',
  'emphasis',
  'delete',
  'inlineCode',
  'link',
  'image',
  'break',
  'inlineMath',
  'mdxJsxTextElement',
  'mdxTextExpression',
  'textDirective',
  'footnoteReference',
  'linkReference',
  'imageReference',
  'html',
]);

function asBlock(node: MdNode): MdNode {
  if (node.type !== 'mdxJsxTextElement') return node;
  // HTML elements keep their content as written (`<summary>More</summary>`).
  if (!/^[A-Z]/.test(node.name ?? '')) return { ...node, type: 'mdxJsxFlowElement' };
  const children = node.children ?? [];
  const phrasing = children.length > 0 && children.every((c) => PHRASING.has(c.type));
  const content = children.some((c) => !isBlank(c));
  return {
    ...node,
    type: 'mdxJsxFlowElement',
    children: phrasing
      ? content
        ? [{ type: 'paragraph', children, position: node.position }]
        : []
      : children,
  };
}

/** The index of the leading H1 among `children` (only blank nodes and comments before it). */
function leadingHeadingIndex(children: MdNode[]): number {
  for (const [index, child] of children.entries()) {
    if (child.type === 'heading') return child.depth === 1 ? index : -1;
    const comment =
      (child.type === 'mdxFlowExpression' && (child.data?.estree?.body ?? []).length === 0) ||
      (child.type === 'html' && /^<!--[\s\S]*-->$/.test((child.value ?? '').trim()));
    if (!comment && !isBlank(child)) return -1;
  }
  return -1;
}

/**
 * The text of the page's leading H1 (`# Title` before any other content), if it has one.
 * @example leadingHeading('# Hello `x`\n\nText') // 'Hello `x`'
 */
export function leadingHeading(markdown: string, format: PageFormat = 'md'): string | undefined {
  const { tree } = parsePage(markdown, format);
  const children = tree?.children ?? [];
  const index = leadingHeadingIndex(children);
  const heading = children[index];
  return heading ? titleText(heading).trim() || undefined : undefined;
}

/**
 * Renders a page's markdown.
 * @example renderPageContent(h, '<Note>Hi</Note>', { format: 'mdx' }).content
 */
export function renderPageContent(
  highlighter: HighlighterCore,
  markdown: string,
  options: PageContentOptions = {},
): PageContent {
  const format = options.format ?? 'md';
  const problems = new ProblemList(options.bodyLine);
  const headerTitle = options.headerTitle ?? true;
  const { tree, source } = parsePage(markdown, format, problems);
  const key = randomBytes(9).toString('base64url').replace(/-/g, '_');
  const table: Placeholder[] = [];
  const propUse = new PropUse();
  const placeholder = (entry: Placeholder) => {
    table.push(entry);
    return `${key}-${table.length - 1}`;
  };
  const errorNode = (problem: ContentProblem, inline: boolean): MdNode =>
    rawHtml(
      `<${inline ? 'span' : 'p'} class="sx-mdx-error"><strong>Error</strong> ${escapeHtml(problemLine(options.file, problem))}</${inline ? 'span' : 'p'}>`,
    );
  if (!tree) {
    const problem = problems.list[0] as ContentProblem;
    return finish([errorNode(problem, false)]);
  }

  const fileUrl = (url: string) => options.rewriteFileUrl?.(url) ?? url;
  const propsCache = new WeakMap<MdNode, Record<string, LiteralValue>>();
  const propsOf = (node: MdNode): Record<string, LiteralValue> => {
    let props = propsCache.get(node);
    if (!props) {
      const name = node.name ?? '';
      props = literalProps((node.attributes ?? []) as MdxAttributeNode[], problems, name);
      // A known component's props: those it never reads are reported (prop-use.ts).
      if (COMPONENT_NAMES.includes(name)) props = propUse.track(node, props);
      propsCache.set(node, props);
    }
    return props;
  };
  const sourceOf = (node: MdNode) =>
    source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);

  const ctx: ComponentContext = {
    problems,
    children: (node) => transformAll(node.children ?? [], node),
    island: (name, props, slots = []) =>
      element(
        'sx-x',
        { dataK: placeholder({ kind: 'island', name, props }) },
        slots.map((slot) => element('sx-slot', {}, slot)),
      ),
    trusted: (tag, className, html) =>
      element('sx-x', { dataK: placeholder({ kind: 'html', tag, className, html }) }),
    icon: (name, node, size) => {
      const svg = iconSvg(name, size);
      if (!svg)
        problems.warn(
          node.position?.start,
          `unknown icon "${name}": it is left out (see the README's icon list)`,
        );
      return svg;
    },
    codeTab: (node, title) => {
      const meta = parseCodeMeta(node.meta);
      if (title) meta.title = title;
      return {
        label: codeLabel(node.lang, meta),
        pre: rawHtml(codePre(highlighter, node.value ?? '', node.lang, meta)),
      };
    },
    fileUrl,
    endpointSnippet: (reference, kind) => {
      const found = options.endpointSnippet?.(reference, kind) ?? 'the site has no API to take it from';
      return typeof found === 'string' ? found : ctx.island(found.island, found.props);
    },
    errorNode,
  };
  const components = pageComponents(propsOf);

  /** An HTML element written in MDX (`<img>`, `<kbd>`, `<details>`). */
  const htmlElement = (node: MdNode, inline: boolean): MdNode[] => {
    const tag = node.name ?? '';
    const at = node.position?.start;
    if (!isAllowedTag(tag)) {
      const reason = DANGEROUS_HTML.has(tag)
        ? `<${tag}> is not allowed: docs pages run no author code and embed no documents`
        : `<${tag}> is not an HTML element pages may use`;
      if (format === 'mdx') return [errorNode(problems.error(at, reason), inline)];
      problems.warn(at, `${reason}; it is left out`);
      return DANGEROUS_HTML.has(tag) ? [] : ctx.children(node);
    }
    const properties: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(propsOf(node))) {
      const attribute = name === 'htmlFor' ? 'for' : name;
      if (attribute === 'class' || attribute === 'className' || attribute === 'style') {
        problems.warn(
          at,
          `<${tag} ${attribute}>: left out (${attribute === 'style' ? 'the site allows no inline styles' : "classes are the site's own"})`,
        );
        continue;
      }
      if (typeof value === 'object' && value !== null) continue;
      const text = String(value);
      if (attribute === 'href' || attribute === 'src') {
        const safe =
          isSafeLinkHref(text.trim()) || (attribute === 'src' && /^data:image\//i.test(text.trim()));
        if (!safe)
          return [
            errorNode(
              problems.error(
                at,
                `<${tag} ${attribute}="${text.slice(0, 40)}">: only http(s), mailto:, site paths and relative URLs are allowed`,
              ),
              inline,
            ),
          ];
        properties[attribute] = fileUrl(text);
        continue;
      }
      properties[attribute] = value === true ? true : text;
    }
    return [element(tag, properties, ctx.children(node))];
  };

  const transform = (node: MdNode, parent: MdNode): MdNode[] => {
    const at = node.position?.start;
    const inline =
      node.type.endsWith('TextElement') || node.type === 'mdxTextExpression' || node.type === 'textDirective';
    switch (node.type) {
      case 'mdxjsEsm':
        return [
          errorNode(
            problems.error(
              at,
              '`import` and `export` are not allowed: pages use the built-in components, and run no JavaScript',
            ),
            false,
          ),
        ];
      case 'mdxFlowExpression':
      case 'mdxTextExpression': {
        if ((node.data?.estree?.body ?? []).length === 0) return [];
        if (format === 'mdx')
          return [
            errorNode(
              problems.error(
                at,
                `JavaScript expressions are not allowed: {${(node.value ?? '').slice(0, 40)}} (write \\{ for a literal brace)`,
              ),
              inline,
            ),
          ];
        // A `.md` page's braces are text, as GitHub shows them.
        const literal: MdNode = { type: 'text', value: `{${node.value ?? ''}}` };
        return node.type === 'mdxFlowExpression' ? [{ type: 'paragraph', children: [literal] }] : [literal];
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const name = node.name;
        if (!name) return ctx.children(node);
        // A refused prop (an event handler, an expression) refuses the element: its errors show in place.
        const before = problems.list.length;
        propsOf(node);
        const refused = problems.list.slice(before).filter((p) => p.severity === 'error');
        if (refused.length > 0) return refused.map((problem) => errorNode(problem, inline));
        if (/^[a-z][a-z0-9-]*$/.test(name)) return htmlElement(node, inline);
        const component = components[name];
        if (!component) {
          const parentName = CHILD_COMPONENTS[name];
          if (parentName) {
            problems.warn(at, `<${name}> belongs inside <${parentName}>: its content is shown as is`);
            return ctx.children(node);
          }
          return [errorNode(problems.error(at, unknownComponent(name)), inline)];
        }
        return component(node, propsOf(node), ctx);
      }
      case 'containerDirective': {
        const name = (node.name ?? '').toLowerCase();
        const children = node.children ?? [];
        const label = children[0]?.data?.directiveLabel ? children[0] : undefined;
        const body = label ? children.slice(1) : children;
        if (!ADMONITIONS.has(name)) {
          problems.warn(
            at,
            `:::${node.name} is not an admonition (note, tip, info, warning, danger, caution): its content is shown as is`,
          );
          return transformAll(body, node);
        }
        return [callout(name, label ? titleText(label) : undefined, transformAll(body, node))];
      }
      case 'leafDirective':
        return [{ type: 'paragraph', children: [{ type: 'text', value: sourceOf(node) }] }];
      case 'textDirective':
        // `10:30`, `note:` and the like are text: only `:::` containers are directives here.
        return [{ type: 'text', value: sourceOf(node) }];
      case 'code': {
        if ((node.lang ?? '').toLowerCase() === 'mermaid')
          return [ctx.island('mermaid', { source: safeHtml(escapeHtml((node.value ?? '').trim())) })];
        const copy = `<sx-x data-k="${placeholder({ kind: 'island', name: 'code-copy', props: {} })}"></sx-x>`;
        return [rawHtml(codeBlockHtml(highlighter, node.value ?? '', node.lang, node.meta, copy))];
      }
      case 'math':
      case 'inlineMath': {
        const display = node.type === 'math';
        if (!display && !isMath(source, node)) return [{ type: 'text', value: sourceOf(node) }];
        const html = renderMath(node.value ?? '', display);
        return [ctx.trusted(display ? 'div' : 'span', display ? 'sx-math sx-math-display' : 'sx-math', html)];
      }
      case 'blockquote': {
        const paragraph = node.children?.[0];
        const first = paragraph?.type === 'paragraph' ? paragraph.children?.[0] : undefined;
        const match = first?.type === 'text' ? /^\[!([a-z]+)\]\s*/i.exec(first.value ?? '') : null;
        const kind = match?.[1]?.toLowerCase();
        if (match && first && kind && ADMONITIONS.has(kind)) {
          first.value = (first.value ?? '').slice(match[0].length);
          return [callout(kind, undefined, transformAll(node.children ?? [], node))];
        }
        break;
      }
      case 'heading':
        if (headerTitle && node.depth === 1 && parent.type === 'root') node.depth = 2;
        break;
    }
    if (node.children) node.children = transformAll(node.children, node);
    return [node];
  };
  const transformAll = (nodes: MdNode[], parent: MdNode): MdNode[] =>
    nodes.flatMap((n) => transform(n, parent));

  liftBlockElements(tree);
  if (options.rewriteFileUrl) remarkRewriteFileUrls(options.rewriteFileUrl)()(tree as never);
  let title: string | undefined;
  const children = tree.children ?? [];
  if (headerTitle) {
    const index = leadingHeadingIndex(children);
    const heading = children[index];
    if (heading) {
      title = titleText(heading).trim() || undefined;
      children.splice(index, 1);
    }
  }
  tree.children = transformAll(children, tree);
  return { ...finish(tree.children), ...(title ? { title } : {}) };

  function finish(nodes: MdNode[]): PageContent {
    propUse.reportUnread(problems);
    const toc: TocEntry[] = [];
    const processor = unified()
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeHeadings(toc))
      // The renderer's raw HTML (code blocks, errors) and the author's, parsed into the tree.
      .use(rehypeParseRaw({ always: true }))
      .use(options.rewriteLink ? rehypeRewriteLinks(options.rewriteLink) : () => undefined)
      // Heading ids are the renderer's own; every other id in the page is the author's and gets prefixed.
      .use(rehypeSanitize(() => new Set(toc.map((entry) => entry.id))));
    const hast = processor.runSync({ type: 'root', children: nodes } as never) as Root;
    return { content: contentTree(hast, key, table), toc, problems: problems.list };
  }
}
