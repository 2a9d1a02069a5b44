/**
 * What the search dialog and the docs host agree on: the hits `/_sextant/search` answers (the
 * fields of `@sextant/search`'s hits a result row shows), and which of the two sources the
 * page's search URL names. A small site's URL is its index (`/_sextant/search-index.json`),
 * downloaded once and searched in the browser; a large site's is the search route
 * (`/_sextant/search`), asked per query.
 */
import type { SearchHit } from '@sextant/search';

export type SearchResult = Pick<
  SearchHit,
  'url' | 'kind' | 'title' | 'page' | 'method' | 'path' | 'api' | 'section' | 'docsVersion'
>;

/** The site route that answers queries for large sites. */
export const SEARCH_ROUTE = '/_sextant/search';
/** The site route that serves the whole index to small sites. */
export const SEARCH_INDEX_ROUTE = '/_sextant/search-index.json';
/** Results per query. */
export const SEARCH_LIMIT = 20;

/** True when the page's search URL is the search route (ask per query), false for an index to download. */
export function searchesServer(url: string): boolean {
  return new URL(url, 'http://site').pathname.endsWith(SEARCH_ROUTE);
}

/** The fields a result row needs, from a hit (what the route sends; the rest stays on the server). */
export function searchResult(hit: SearchHit): SearchResult {
  const { url, kind, title, page, method, path, api, section, docsVersion } = hit;
  const result: SearchResult = { url, kind, title };
  for (const [key, value] of Object.entries({ page, method, path, api, section, docsVersion }))
    if (value !== undefined) (result as unknown as Record<string, string>)[key] = value;
  return result;
}
