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
 * Installs the memo (once per process: importing this module does it). A description the fast
 * path reads (`plainMarkdownNodes`: plain text, code spans, links, emphasis, one-line lists…) is
 * answered without the parser and without being kept.
 */
memoizeInlineMarkdown({
  get: (text) => kept.get(text) ?? plainMarkdownNodes(text, INLINE_MARKDOWN_OPTIONS),
  set: (text, nodes) => kept.set(text, nodes),
});
