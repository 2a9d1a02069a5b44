/**
 * The descriptions of parameters, properties and messages: markdown through `@sextant/ui`'s one
 * renderer (CommonMark to React elements, no HTML strings). Links only with http(s), mailto,
 * site-relative or #anchor targets (`safeHref`); inline HTML a spec's description carries drops
 * to its text (`<br>` to a space); a heading reads as a bold line; fenced code keeps its lines.
 * Runs the same on the server and the client, so nested types can expand in the browser.
 */
import { type MarkdownOptions, renderMarkdown } from '@sextant/ui/markdown';
import type { ReactNode } from 'react';

function code(text: string, _lang: string, key: string): ReactNode {
  return (
    <pre key={key} className="sx-desc-code">
      <code>{text}</code>
    </pre>
  );
}

/** How descriptions render: raw HTML dropped to its text, code blocks as `.sx-desc-code`. */
export const INLINE_MARKDOWN_OPTIONS: MarkdownOptions = { html: 'strip', code };

/** Where a host keeps rendered descriptions by their trimmed text. */
export interface InlineMarkdownMemo {
  get(text: string): readonly ReactNode[] | undefined;
  set(text: string, nodes: readonly ReactNode[]): void;
}

let memo: InlineMarkdownMemo | undefined;

/**
 * Keeps every description's elements in `next` (undefined: none kept, the default). The elements
 * depend on the text alone (the options here are fixed) and React never changes an element, so
 * one render serves every page that repeats the text (issue #30: GitHub's pages repeat most of
 * their field descriptions, "The account owner of the repository…", and parsing them was ~10 % of
 * an endpoint page's render). The docs server sets a memo bounded by bytes.
 * @example memoizeInlineMarkdown(highlightCache(0.2, (nodes, text) => 8 * text.length))
 */
export function memoizeInlineMarkdown(next: InlineMarkdownMemo | undefined): void {
  memo = next;
}

function descriptionNodes(text: string): readonly ReactNode[] {
  const known = memo?.get(text);
  if (known) return known;
  const nodes = renderMarkdown(text, INLINE_MARKDOWN_OPTIONS);
  memo?.set(text, nodes);
  return nodes;
}

/**
 * Renders `text` as markdown blocks.
 * @example <InlineMarkdown text="The `id` of the [user](/users)." />
 */
export function InlineMarkdown({ text }: { text: string }) {
  return <>{descriptionNodes(text.trim())}</>;
}
