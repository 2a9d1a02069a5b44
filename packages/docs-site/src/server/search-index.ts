/**
 * The site's search index (`@sextant/search`), built once per loaded site (local) or
 * publish/load (hosted) and kept while the site is: the docs host answers `/_sextant/search`
 * from it for large sites, serves it whole (`/_sextant/search-index.json`) for the browser on
 * small ones, and Ask AI and MCP retrieve from it. A new version is a new `DocsSite`, so a
 * publish or a local edit re-indexes. Hidden pages are left out (`siteSearchDocuments`).
 */
import {
  createSearchIndex,
  type SearchDocument,
  type SearchIndex,
  siteSearchDocuments,
} from '@sextant/search';
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

const bySite = new WeakMap<DocsSite, SiteSearch>();

/** The site's index, built on first use. */
export function siteSearch(site: DocsSite): SiteSearch {
  let found = bySite.get(site);
  if (!found) {
    // A version's index labels every result with its version (search box, MCP, Ask AI).
    const docsVersion = site.currentVersion?.name;
    const documents = siteSearchDocuments(site.definition, site.apis, docsVersion ? { docsVersion } : {});
    const index = createSearchIndex(documents);
    // The first query compiles the ranking's code paths: a reader's first search should not.
    index.search('get list');
    found = { index, documents };
    bySite.set(site, found);
  }
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
