/**
 * The anchors a link may name on a markdown page, mapped to the ids the page really has. The
 * renderer gives h2–h4 ids of its own (`h-token-refresh`, see `rehypeHeadings`) and prefixes
 * author ids (`user-content-x`, see `sanitize.ts`); authors write anchors as GitHub, Mintlify
 * and Fern show them (`#token-refresh`, the second "Example" as `#example-1`), or as the
 * rendered id. Each spelling maps to the one id, so `auth.md#token-refresh` lands on the heading.
 */
import type { TocEntry } from '../markdown.js';

/**
 * GitHub's heading slug (github-slugger): lower case, punctuation dropped, spaces as `-`.
 * @example githubSlug('Step 1: Install the CLI') // 'step-1-install-the-cli'
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** `id="…"` attributes an author wrote (HTML or JSX), in source order. */
export function authorIds(markdown: string): string[] {
  return [...markdown.matchAll(/\bid\s*=\s*["']([^"'\s<>]+)["']/g)].map((match) => match[1] as string);
}

/**
 * Every anchor spelling of a page → the id it lands on: the rendered heading ids, the same
 * without `h-`, GitHub's slugs (`-1`, `-2` for repeats, where the renderer counts `-2`, `-3`), and
 * the author's own ids (kept, or prefixed as the sanitiser prefixes them).
 * @example headingAnchors([{ id: 'h-setup', text: 'Setup', depth: 2 }], []).get('setup') // 'h-setup'
 */
export function headingAnchors(toc: readonly TocEntry[], ids: readonly string[] = []): Map<string, string> {
  const anchors = new Map<string, string>();
  const add = (anchor: string, id: string) => {
    if (anchor && !anchors.has(anchor)) anchors.set(anchor, id);
  };
  for (const entry of toc) {
    add(entry.id, entry.id);
    add(entry.id.replace(/^h-/, ''), entry.id);
  }
  const seen = new Map<string, number>();
  for (const entry of toc) {
    const base = githubSlug(entry.text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    add(count === 0 ? base : `${base}-${count}`, entry.id);
  }
  for (const id of ids) {
    const prefixed = id.startsWith('user-content-') ? id : `user-content-${id}`;
    add(id, prefixed);
    add(prefixed, prefixed);
  }
  return anchors;
}
