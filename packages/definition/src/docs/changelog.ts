/**
 * Changelogs (docs.yml `- changelog:`): a folder of dated entries, each a markdown page with a
 * `date` (and `tags`). The changelog's page lists them newest first, CHANGELOG_PAGE_SIZE at a
 * time (`changelog`, `changelog/page/2`, …); each entry has its own page (`changelog/2026-11-20`).
 */
import type { DocsDefinition, MarkdownPage, NavItem } from './docs-definition.js';
import { walkNavigation } from './navigation.js';

/** Entries per page of a changelog. */
export const CHANGELOG_PAGE_SIZE = 10;
/** Entries in a changelog's RSS and Atom feeds. */
export const CHANGELOG_FEED_SIZE = 20;

export type ChangelogItem = Extract<NavItem, { type: 'changelog' }>;

/** An entry of a changelog: its page (with `date`), its slug and sidebar title. */
export interface ChangelogEntry {
  slug: string;
  title: string;
  page: MarkdownPage & { date: string };
}

/** `2026-11-20` at the start of a file name (`2026-11-20.md`, `2026-11-20-sdks.mdx`). */
export const ENTRY_FILE_DATE = /^(\d{4}-\d{2}-\d{2})(?:[-_.]|$)/;

/** Whether `text` is a calendar date `YYYY-MM-DD` (a real day: no 2026-02-30). */
export function isEntryDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/**
 * The entries of a changelog, newest first (its children are kept in that order by the builder).
 * @example changelogEntries(definition, item)[0]?.page.date // '2026-11-20'
 */
export function changelogEntries(
  definition: Pick<DocsDefinition, 'pages'>,
  item: ChangelogItem,
): ChangelogEntry[] {
  const out: ChangelogEntry[] = [];
  for (const child of item.children) {
    if (child.type !== 'page' || child.hidden) continue;
    const page = definition.pages[child.pageId];
    if (page?.date) out.push({ slug: child.slug, title: child.title, page: page as ChangelogEntry['page'] });
  }
  return out;
}

/** Newest first; entries of one day by slug, so the order never depends on the file system. */
export function compareEntries(a: { date: string; slug: string }, b: { date: string; slug: string }): number {
  return a.date === b.date ? (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0) : a.date < b.date ? 1 : -1;
}

/** Slug of page `n` (1-based) of the changelog at `slug`. */
export function changelogPageSlug(slug: string, n: number): string {
  return n <= 1 ? slug : `${slug ? `${slug}/` : ''}page/${n}`;
}

/**
 * The site path of a feed of the changelog at `slug` (`/changelog/rss.xml`), under `basePath`.
 * @example changelogFeedPath('/docs', 'changelog', 'atom') // '/docs/changelog/atom.xml'
 */
export function changelogFeedPath(basePath: string, slug: string, format: 'rss' | 'atom'): string {
  return `${basePath}/${slug ? `${slug}/` : ''}${format}.xml`;
}

/** How many pages a changelog of `count` entries has (at least one). */
export function changelogPageCount(count: number): number {
  return Math.max(1, Math.ceil(count / CHANGELOG_PAGE_SIZE));
}

/**
 * The changelog and page number a slug names: the changelog's own slug (page 1) or
 * `…/page/N` within its page count; undefined for any other slug.
 */
export function changelogPageAt(
  definition: Pick<DocsDefinition, 'navigation' | 'pages'>,
  slug: string,
): { item: ChangelogItem; page: number } | undefined {
  let found: { item: ChangelogItem; page: number } | undefined;
  walkNavigation(definition.navigation, (item) => {
    if (found || item.type !== 'changelog') return;
    if (slug === item.slug) {
      found = { item, page: 1 };
      return;
    }
    const prefix = item.slug ? `${item.slug}/page/` : 'page/';
    const rest = slug.startsWith(prefix) ? slug.slice(prefix.length) : '';
    if (!/^[1-9]\d{0,5}$/.test(rest)) return;
    const page = Number(rest);
    if (page >= 2 && page <= changelogPageCount(changelogEntries(definition, item).length))
      found = { item, page };
  });
  return found;
}

/** The changelogs of a definition's navigation (one version's, for a view). */
export function changelogsOf(definition: Pick<DocsDefinition, 'navigation'>): ChangelogItem[] {
  const out: ChangelogItem[] = [];
  walkNavigation(definition.navigation, (item) => {
    if (item.type === 'changelog') out.push(item);
  });
  return out;
}

/**
 * The day of an entry for readers: `2026-11-20` → `November 20, 2026` (UTC: a date has no zone).
 * @example entryDateLabel('2026-11-20') // 'November 20, 2026'
 */
export function entryDateLabel(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
