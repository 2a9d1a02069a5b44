/**
 * The ids of a markdown document's headings, one rule for the pipeline (`rehypeHeadings`) and its
 * fast path (`plain-markdown.ts`): h2–h4 get `h-` and the slug of their text (prefixed, so they
 * never clash with the site's own ids), numbered from 2 when the document repeats it, and form the
 * table of contents.
 */
import { slugify } from '@sextant/definition';

/** A heading of the table of contents. */
export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

/** Whether a heading of `depth` gets an id and a place in the table of contents. */
export const isTocDepth = (depth: number): boolean => depth >= 2 && depth <= 4;

/**
 * The id of a heading whose text is `text` (trimmed), unique among `used`, which gains it.
 * @example headingId('Setup', new Set(['h-setup'])) // 'h-setup-2'
 */
export function headingId(text: string, used: Set<string>): string {
  let id = `h-${slugify(text)}`;
  for (let n = 2; used.has(id); n++) id = `h-${slugify(text)}-${n}`;
  used.add(id);
  return id;
}
