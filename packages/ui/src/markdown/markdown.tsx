/**
 * Markdown (CommonMark, parsed by `mdast-util-from-markdown`) as React elements, never as HTML
 * strings: the one renderer of untrusted short markdown (field descriptions, AI answers). Text
 * only ever becomes text nodes; raw HTML in the source shows as text or is dropped to its text
 * (`html`); a link is a link only when the caller's `href` policy returns a target for it
 * (`safeHref` by default: http(s), mailto, site-relative and #anchors); images show their alt
 * text. Nesting deeper than `MAX_DEPTH` renders as plain text, so hostile input cannot build a
 * React tree deep enough to exhaust the stack; input past `MAX_LENGTH` renders as plain
 * paragraphs and `boundedMarkdown` keeps the parser's delimiter matching small.
 */
import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { Fragment, type ReactNode } from 'react';
import { plainTree } from './plain-tree.js';

export { type PlainBlock, type PlainInline, type PlainTree, plainTree } from './plain-tree.js';

/** Elements nested deeper than this render their text only. */
export const MAX_DEPTH = 24;

export interface MarkdownOptions {
  /** Raw HTML: `text` shows it as written, `strip` drops its tags and keeps the text between. */
  html: 'text' | 'strip';
  /** The target a link may have, or undefined to render it as `unsafeLink` (default: `safeHref`). */
  href?: (url: string) => string | undefined;
  /** A link with a safe target (default: `<a href>`, `rel="noopener noreferrer nofollow"` off-site). */
  link?: (href: string, children: ReactNode, key: string) => ReactNode;
  /** A link `href` refused (default: its text only). */
  unsafeLink?: (url: string, children: ReactNode, key: string) => ReactNode;
  /** A heading (default: a paragraph in bold; these renderers sit inside a page's own outline). */
  heading?: (children: ReactNode, key: string) => ReactNode;
  /** A code block (default: `<pre><code>`). */
  code?: (code: string, lang: string, key: string) => ReactNode;
}

/**
 * The link targets untrusted markdown may have: http(s), mailto, a site-relative path (not `//`
 * or `/\`, which browsers read as another host) or an #anchor; no control characters or
 * backslashes. `javascript:`, `data:` and every other scheme are refused.
 * @example safeHref('/users') // '/users'
 * @example safeHref('javascript:alert(1)') // undefined
 */
export function safeHref(url: string): string | undefined {
  const href = url.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a URL are refused outright
  if (/[\\\u0000-\u001f\u007f]/.test(href)) return undefined;
  return /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href) ? href : undefined;
}

function defaultLink(href: string, children: ReactNode, key: string): ReactNode {
  return (
    <a key={key} href={href} rel={/^https?:/i.test(href) ? 'noopener noreferrer nofollow' : undefined}>
      {children}
    </a>
  );
}

const TAG = /<\/?[A-Za-z][^<>]*>|<!--[\s\S]*?-->/g;

/** A raw HTML node's text with its tags dropped (`<br>` reads as a space). */
function strippedHtml(value: string): string {
  return value.replace(/<br\s*\/?>/gi, ' ').replace(TAG, '');
}

/** The text of `node` and everything under it, without recursion. */
export function plainText(node: Nodes): string {
  let out = '';
  const stack: Nodes[] = [node];
  while (stack.length) {
    const next = stack.pop() as Nodes;
    if ('value' in next && typeof next.value === 'string' && next.type !== 'html') out += next.value;
    else if (next.type === 'image' || next.type === 'imageReference') out += next.alt ?? '';
    if ('children' in next)
      for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i] as Nodes);
  }
  return out;
}

/**
 * Longer input renders as plain paragraphs: the parser costs about 30 ms a kilobyte of dense
 * markdown on the shared 2-core machine, and a field description or an answer is far shorter.
 */
export const MAX_LENGTH = 20_000;
/** A block (text between blank lines) with more emphasis or bracket runs reads them as text. */
export const MAX_DELIMITER_RUNS = 256;
/** Quotes nested deeper than this read their further `>` as text. */
const MAX_QUOTE_DEPTH = 16;

const DELIMITER_RUN = /[*_]+|[[\]]/g;
/** A line's quote markers past `MAX_QUOTE_DEPTH`: the kept ones, then the rest. */
const QUOTE_PAST_DEPTH = new RegExp(`^((?:[ \\t]*>){${MAX_QUOTE_DEPTH}})((?:[ \\t]*>)+)`, 'gm');

/**
 * Whether `markdown` may hold what `boundedMarkdown` escapes: more delimiter runs in all than one
 * block may have (no run spans a blank line, so fewer in all are fewer in each block), or a quote
 * nested too deep. Most descriptions hold neither: one scan, no split.
 */
function mayNeedBounds(markdown: string): boolean {
  DELIMITER_RUN.lastIndex = 0;
  let runs = 0;
  while (DELIMITER_RUN.exec(markdown) && runs <= MAX_DELIMITER_RUNS) runs++;
  if (runs > MAX_DELIMITER_RUNS) return true;
  if (!markdown.includes('>')) return false;
  QUOTE_PAST_DEPTH.lastIndex = 0;
  return QUOTE_PAST_DEPTH.test(markdown);
}

/**
 * `markdown` bounded for the parser, whose emphasis and bracket matching grows faster than
 * linearly with the delimiters of one block (2,000 nested `*` take seconds): a block past `MAX_DELIMITER_RUNS` has its `*`, `_`, `[` and `]` escaped (text, not markup), and
 * quote markers past `MAX_QUOTE_DEPTH` are escaped.
 */
export function boundedMarkdown(markdown: string): string {
  if (!mayNeedBounds(markdown)) return markdown;
  return markdown
    .split(/(\n[ \t]*\n)/)
    .map((block) => {
      DELIMITER_RUN.lastIndex = 0;
      let runs = 0;
      while (DELIMITER_RUN.exec(block) && runs <= MAX_DELIMITER_RUNS) runs++;
      const flat = runs > MAX_DELIMITER_RUNS ? block.replace(/[*_[\]]/g, '\\$&') : block;
      return flat.replace(
        QUOTE_PAST_DEPTH,
        (_, kept: string, rest: string) => kept + rest.replace(/>/g, '\\>'),
      );
    })
    .join('');
}

/**
 * The mdast tree of `markdown` (CommonMark, no extensions), bounded by `boundedMarkdown`.
 * @example parseMarkdown('**a**').children[0]?.type // 'paragraph'
 */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(boundedMarkdown(markdown));
}

class Renderer {
  private readonly definitions = new Map<string, string>();
  private readonly href: (url: string) => string | undefined;
  private readonly link: NonNullable<MarkdownOptions['link']>;

  constructor(
    root: Root,
    private readonly options: MarkdownOptions,
  ) {
    this.href = options.href ?? safeHref;
    this.link = options.link ?? defaultLink;
    for (const node of root.children)
      if (node.type === 'definition' && !this.definitions.has(node.identifier))
        this.definitions.set(node.identifier, node.url);
  }

  children(parent: Parent, depth: number, key: string, unwrapParagraphs = false): ReactNode[] {
    return parent.children.map((child, i) => this.node(child, depth + 1, `${key}.${i}`, unwrapParagraphs));
  }

  private anchor(url: string, node: Parent, depth: number, key: string): ReactNode {
    const children = this.children(node, depth, key);
    const target = this.href(url);
    if (target !== undefined) return this.link(target, children, key);
    return this.options.unsafeLink ? (
      this.options.unsafeLink(url, children, key)
    ) : (
      <Fragment key={key}>{children}</Fragment>
    );
  }

  node(node: RootContent, depth: number, key: string, unwrapParagraphs = false): ReactNode {
    if (depth > MAX_DEPTH) return plainText(node);
    const { options } = this;
    switch (node.type) {
      case 'paragraph':
        return unwrapParagraphs ? (
          <Fragment key={key}>{this.children(node, depth, key)}</Fragment>
        ) : (
          <p key={key}>{this.children(node, depth, key)}</p>
        );
      case 'heading': {
        const children = this.children(node, depth, key);
        return options.heading ? (
          options.heading(children, key)
        ) : (
          <p key={key}>
            <strong>{children}</strong>
          </p>
        );
      }
      case 'blockquote': {
        // A quote of one paragraph holds its text directly, as a one-line quote reads.
        const only = node.children.length === 1 && node.children[0]?.type === 'paragraph';
        return <blockquote key={key}>{this.children(node, depth, key, only)}</blockquote>;
      }
      case 'list': {
        const items = node.children.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a parsed tree of static text: the position is the identity
          <li key={`${key}.${i}`}>{this.children(item, depth + 1, `${key}.${i}`, !node.spread)}</li>
        ));
        return node.ordered ? (
          <ol key={key} start={node.start != null && node.start !== 1 ? node.start : undefined}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'code':
        return options.code ? (
          options.code(node.value, node.lang ?? '', key)
        ) : (
          <pre key={key}>
            <code>{node.value}</code>
          </pre>
        );
      case 'thematicBreak':
        return <hr key={key} />;
      case 'html':
        return options.html === 'text' ? node.value : strippedHtml(node.value);
      case 'text':
        return node.value;
      case 'inlineCode':
        return <code key={key}>{node.value}</code>;
      case 'emphasis':
        return <em key={key}>{this.children(node, depth, key)}</em>;
      case 'strong':
        return <strong key={key}>{this.children(node, depth, key)}</strong>;
      case 'break':
        return <br key={key} />;
      case 'link':
        return this.anchor(node.url, node, depth, key);
      case 'linkReference': {
        const url = this.definitions.get(node.identifier);
        return url === undefined ? (
          <Fragment key={key}>{this.children(node, depth, key)}</Fragment>
        ) : (
          this.anchor(url, node, depth, key)
        );
      }
      case 'image':
      case 'imageReference':
        return node.alt ?? '';
      case 'definition':
        return null;
      default:
        return 'children' in node ? (
          <Fragment key={key}>{this.children(node, depth, key)}</Fragment>
        ) : 'value' in node ? (
          node.value
        ) : null;
    }
  }
}

/**
 * {@link renderMarkdown}'s nodes for `markdown` when `plainTree` reads it (paragraphs, headings,
 * one-line list items and quotes of text, code spans, links and plain emphasis), without the
 * parser; else undefined. For servers rendering many descriptions (issue #30: most field
 * descriptions are such text); the browser's bundle leaves it out. Proved against the parser on
 * GitHub's, Stripe's and the example specs' descriptions (docs-site's plain-markdown.corpus.test.ts).
 * @example plainMarkdownNodes('The name.', { html: 'strip' }) // [<p key="m.0">{['The name.']}</p>]
 */
export function plainMarkdownNodes(markdown: string, options: MarkdownOptions): ReactNode[] | undefined {
  if (markdown.length > MAX_LENGTH || boundedMarkdown(markdown) !== markdown) return undefined;
  const root = plainTree(markdown);
  return root && new Renderer(root, options).children(root, 0, 'm');
}

/**
 * `markdown` as React nodes under `options`' rules.
 * @example renderMarkdown('The `id` of the [user](/users).', { html: 'strip' })
 */
export function renderMarkdown(markdown: string, options: MarkdownOptions): ReactNode[] {
  if (markdown.length > MAX_LENGTH)
    return (
      markdown
        .split(/\n[ \t]*\n/)
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, the position is the identity
        .map((block, i) => <p key={i}>{block}</p>)
    );
  const root = parseMarkdown(markdown);
  const renderer = new Renderer(root, options);
  return renderer.children(root, 0, 'm');
}
