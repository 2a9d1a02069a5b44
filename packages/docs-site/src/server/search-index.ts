/**
 * The site's search index (`@sextant/search`), built on first use and kept in the site's render
 * cache (weighed like the pages there: the server's `renders` budget from `--memory`, so it can
 * be evicted and is then built again; one larger than the whole budget is kept outside it, see
 * {@link oversized}): the docs host answers `/_sextant/search` from it for large
 * sites, serves it whole (`/_sextant/search-index.json`) for the browser on small ones, and Ask AI
 * and MCP retrieve from it. A new version is a new `DocsSite`, so a publish or a local edit
 * re-indexes. Hidden pages are left out (`siteSearchDocuments`).
 */
import {
  createSearchIndex,
  type SearchDocument,
  type SearchIndex,
  siteSearchDocuments,
} from '@sextant/search';
import { markdownFor } from './mdx/audience-markdown.js';
import { pageFormat } from './mdx/parse-page.js';
import type { DocsSite } from './site.js';

/** The index and the documents it was built from (their text, for Ask AI's passages). */
export interface SiteSearch {
  index: SearchIndex;
  documents: SearchDocument[];
}

/**
 * Above this many pages a site's search box asks the server (`/_sextant/search?q=`) instead of
 * downloading the index: about 1 MB of index JSON, 150 KB gzip, where the first keystroke's
 * wait starts to show. Counted from the navigation, so a page render never waits for the index.
 */
export const SERVER_SEARCH_MIN_PAGES = 1500;

/** The render cache's key of the index. */
const CACHE_KEY = 'search-index';

/**
 * What an index holds in the heap per character of its documents' text: the documents themselves
 * and MiniSearch's terms and postings (measured: 21 MB for GitHub's 2.5 M characters, 11 MB for
 * Stripe's 1.3 M, both 8.5 bytes a character), plus a round figure for the rest.
 */
const HEAP_BYTES_PER_INDEXED_CHAR = 8.5;
const INDEX_OVERHEAD_BYTES = 64 * 1024;

/**
 * The estimated heap bytes of an index built from `documents`.
 * @example searchIndexBytes([{ slug: 'a', kind: 'page', title: 'Hello' }]) // 65621
 */
export function searchIndexBytes(documents: readonly SearchDocument[]): number {
  let chars = 0;
  for (const document of documents)
    for (const value of Object.values(document)) if (typeof value === 'string') chars += value.length;
  return Math.ceil(chars * HEAP_BYTES_PER_INDEXED_CHAR) + INDEX_OVERHEAD_BYTES;
}

/**
 * The last index its site's render cache could not hold at all (larger than the whole `renders`
 * budget a small `--memory` gives: GitHub's is ~23 MB). Without it every search of that site
 * built the index again, seconds of CPU a query; with it the process holds one index beyond the
 * budget. Two such sites searched in turn still rebuild: a `--memory` that small is too small.
 */
let oversized: { site: DocsSite; found: SiteSearch } | undefined;

/** Lets go of `site`'s index kept outside its render cache (the site was replaced or dropped). */
export function forgetSearch(site: DocsSite): void {
  if (oversized?.site === site) oversized = undefined;
}

/** The site's index, built on first use (and again when its render cache let it go). */
export function siteSearch(site: DocsSite): SiteSearch {
  const kept =
    (site.cache.get(CACHE_KEY)?.value as SiteSearch | undefined) ??
    (oversized?.site === site ? oversized.found : undefined);
  if (kept) return kept;
  // A version's index labels every result with its version (search box, MCP, Ask AI).
  const docsVersion = site.currentVersion?.name;
  const documents = siteSearchDocuments(site.definition, site.apis, {
    ...(docsVersion ? { docsVersion } : {}),
    readersMarkdown: (page) => markdownFor('humans', page.markdown, pageFormat(page.sourcePath)),
  });
  const index = createSearchIndex(documents);
  // The first query compiles the ranking's code paths: a reader's first search should not.
  index.search('get list');
  const found = { index, documents };
  site.cache.set(CACHE_KEY, { value: found }, searchIndexBytes(documents));
  if (!site.cache.get(CACHE_KEY)) oversized = { site, found };
  return found;
}

/** Whether the site's search box asks the server (large sites) rather than downloading the index. */
export function searchesOnServer(site: DocsSite): boolean {
  return site.bySlug.size >= SERVER_SEARCH_MIN_PAGES;
}

/** The documents of the index (llms.txt reads their method, path and text). */
export function searchDocuments(site: DocsSite): SearchDocument[] {
  return siteSearch(site).documents;
}

/** The serialised index the search dialog loads with `loadSearchIndex`. */
export function buildSearchIndex(site: DocsSite): string {
  return JSON.stringify(siteSearch(site).index);
}
