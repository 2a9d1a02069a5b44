/**
 * A group's sidebar shared by its pages as chunks (issue #30 item 3): kept once per site version
 * and base path, each chunk one shared part, so a page holds as its own text only the chunk
 * holding its link (`sidebarParts` in sidebar.tsx).
 */
import { type PagePart, type SharedPart, sharedPart } from './page-parts.js';

/**
 * A group's sidebar with none of its pages current, and the same HTML cut at link ends into
 * chunks of about SIDEBAR_PART_CHARS, each shared by the group's pages (issue #30 item 3: a
 * server keeps each chunk's bytes once): a page renders only the chunk holding its own link.
 */
export interface SidebarTemplate {
  readonly html: string;
  readonly chunks: readonly SharedPart[];
  /** Where each chunk starts in `html`. */
  readonly starts: readonly number[];
}

/**
 * Characters a shared chunk of a sidebar holds at least (the last one excepted). Smaller chunks
 * leave a page less of its own to encode and compress; each chunk is compressed alone, so
 * smaller ones also compress worse.
 */
export const SIDEBAR_PART_CHARS = 4096;

/** `html` cut after the first `</li>` past every SIDEBAR_PART_CHARS characters. */
export function sidebarTemplate(html: string): SidebarTemplate {
  const chunks: SharedPart[] = [];
  const starts: number[] = [];
  for (let start = 0; start < html.length; ) {
    const close = html.indexOf('</li>', start + SIDEBAR_PART_CHARS);
    const end = close === -1 ? html.length : close + '</li>'.length;
    starts.push(start);
    chunks.push(sharedPart(html.slice(start, end)));
    start = end;
  }
  return { html, chunks, starts };
}

/** Where a group's sidebar is kept for its other pages: the site version's render cache. */
export interface SidebarCache {
  get(key: string): SidebarTemplate | undefined;
  set(key: string, template: SidebarTemplate): void;
}

/** The index of the chunk of `template` holding the character at `offset`. */
function chunkAt(template: SidebarTemplate, offset: number): number {
  let index = 0;
  while (index + 1 < template.starts.length && (template.starts[index + 1] as number) <= offset) index++;
  return index;
}

/**
 * `template` as parts with `replacement` in place of its characters from `from` to `to`: the
 * chunks around them shared, the chunks holding them the page's own text.
 */
export function templateParts(
  template: SidebarTemplate,
  from: number,
  to: number,
  replacement: string,
): PagePart[] {
  const first = chunkAt(template, from);
  const last = chunkAt(template, Math.max(from, to - 1));
  const ownStart = template.starts[first] as number;
  const ownEnd = template.starts[last + 1] ?? template.html.length;
  const own = template.html.slice(ownStart, from) + replacement + template.html.slice(to, ownEnd);
  return [...template.chunks.slice(0, first), own, ...template.chunks.slice(last + 1)];
}
