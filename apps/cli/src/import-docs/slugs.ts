/**
 * Slugs of an imported site. Pages keep the URL they had (Mintlify serves a page at its file
 * path, Fern at its sections' slugs and its own); sections, tabs and API references get
 * explicit slugs that never take one a page needs, because the docs site hands slugs out in
 * navigation order and a section listed before its pages would otherwise win a page's URL.
 */
import { joinSlug, SlugAllocator, slugify } from '@sextant/definition';
import type { NavDraft } from './draft.js';

/** What docs.yml accepts as a slug. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9/_-]*$|^$/;

/**
 * The slug of a page served at its file path: extension and a trailing `index` dropped, lower
 * case, characters a slug cannot hold replaced by `-`.
 * @example pathSlug('/Guides/Quick Start.mdx') // 'guides/quick-start'
 * @example pathSlug('index') // ''
 */
export function pathSlug(path: string): string {
  const segments = path
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.(mdx?|markdown)$/i, '')
    .split('/')
    .map((segment) =>
      segment
        .toLowerCase()
        .replace(/[^a-z0-9_-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter((segment) => segment !== '');
  if (segments.at(-1) === 'index') segments.pop();
  return segments.join('/');
}

/** A slug docs.yml accepts made from any text (`v1.2` → `v1-2`), never empty. */
export function safeSlug(text: string): string {
  const slug = pathSlug(text);
  return slug === '' ? slugify(text) : slug;
}

/** A version's slug: one path segment (`v1.2`, `2024-06`), as docs.yml versions take. */
export function versionSlug(text: string): string {
  return safeSlug(text).replace(/\//g, '-');
}

/** Every page slug of a navigation tree (pages with an explicit slug). */
export function pageSlugs(nav: NavDraft[], out = new Set<string>()): Set<string> {
  for (const item of nav) {
    if ('page' in item && item.slug !== undefined) out.add(item.slug);
    if ('contents' in item) pageSlugs(item.contents, out);
  }
  return out;
}

/** The slugs containers must leave alone: pages', and changelogs' (a changelog is a page of its own). */
function reservedSlugs(nav: NavDraft[], out = pageSlugs(nav)): Set<string> {
  for (const item of nav) {
    if ('changelog' in item && item.slug !== undefined) out.add(item.slug);
    if ('contents' in item) reservedSlugs(item.contents, out);
  }
  return out;
}

/**
 * Gives each section, tab, API reference and changelog a slug of its own (the one it has, else
 * its title under its parent's), unique and never a page's. Changes `nav` in place.
 */
export function assignContainerSlugs(nav: NavDraft[]): void {
  const taken = new SlugAllocator();
  const reserved = reservedSlugs(nav);
  for (const slug of reserved) taken.take(slug);
  const visit = (items: NavDraft[], parent: string) => {
    for (const item of items) {
      if ('page' in item || 'link' in item) continue;
      if ('changelog' in item && item.slug !== undefined && reserved.has(item.slug)) continue;
      const title =
        'section' in item
          ? item.section
          : 'tab' in item
            ? item.tab
            : 'api' in item
              ? item.api
              : item.changelog;
      const wanted =
        item.slug !== undefined && item.slug !== '' ? item.slug : joinSlug(parent, slugify(title));
      item.slug = taken.take(wanted);
      if ('contents' in item) visit(item.contents, item.slug);
    }
  };
  visit(nav, '');
}

/** `nav` with every explicit slug moved under `prefix` (a version's pages served at `/v1/…`). */
export function prefixSlugs(nav: NavDraft[], prefix: string): NavDraft[] {
  return nav.map((item): NavDraft => {
    const slug = 'slug' in item && item.slug !== undefined ? { slug: joinSlug(prefix, item.slug) } : {};
    if ('contents' in item) return { ...item, ...slug, contents: prefixSlugs(item.contents, prefix) };
    if ('changelog' in item)
      return { ...item, ...slug, entries: item.entries.map((entry) => ({ ...entry })) };
    return { ...item, ...slug };
  });
}
