/**
 * Field descriptions rendered once per process: the playground's `InlineMarkdown` keeps each
 * description's elements by its text in a highlight cache (one byte budget with highlighted code,
 * highlight-caches.ts). The elements depend on the text alone, so no site version enters the key:
 * a publish that changes a description changes the text, hence the key.
 */
import { INLINE_MARKDOWN_OPTIONS, memoizeInlineMarkdown } from '@sextant/playground/inline-markdown';
import { plainMarkdownNodes } from '@sextant/ui/markdown';
import type { ReactNode } from 'react';
import { highlightCache } from './highlight-caches.js';

/**
 * What a description's elements weigh, roughly: the text (UTF-16, held by the key and, sliced,
 * by the elements) and ~200 bytes an element, counted as one per 16 characters.
 */
const descriptionBytes = (_nodes: unknown, text: string) => 16 * text.length + 256;

const kept = highlightCache<readonly ReactNode[]>(0.2, descriptionBytes);

/**
 * A description's kept elements, else the fast path's (`plainMarkdownNodes`: plain text, code
 * spans, links, emphasis, one-line lists…), kept in turn: most field descriptions recur across an
 * API's pages ("The account owner of the repository…"), and building their tree again was 4–5 %
 * of a page's document render (issue #30). Undefined when the fast path refuses the text (the
 * parser's turn, whose result `set` keeps).
 * @example keptDescription('The name.') === keptDescription('The name.') // true
 */
export function keptDescription(text: string): readonly ReactNode[] | undefined {
  const known = kept.get(text);
  if (known) return known;
  const fast = plainMarkdownNodes(text, INLINE_MARKDOWN_OPTIONS);
  if (fast) kept.set(text, fast);
  return fast;
}

/** Installs the memo (once per process: importing this module does it). */
memoizeInlineMarkdown({ get: keptDescription, set: (text, nodes) => kept.set(text, nodes) });
