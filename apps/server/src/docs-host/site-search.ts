/**
 * The site's search for its search box: `GET {base}/_sextant/search?q=&limit=` answers the best
 * hits as JSON (what a result row shows), from the site's one index (`siteSearch`, built once per
 * loaded site and shared with Ask AI and MCP). Large sites' search boxes use it instead of
 * downloading the index; `searchUrl` tells a page which of the two its box uses.
 */
import { type DocsSite, searchesOnServer, searchResult, siteSearch } from '@sextant/docs-site';

/** The route's path under a site's base path, and the whole index's. */
export const SEARCH_PATH = '/_sextant/search';
export const SEARCH_INDEX_PATH = '/_sextant/search-index.json';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;

/** The search box's URL: the route on large sites, the versioned index on small ones. */
export function searchUrl(site: DocsSite, basePath: string): string {
  return searchesOnServer(site)
    ? `${basePath}${SEARCH_PATH}`
    : `${basePath}${SEARCH_INDEX_PATH}?v=${site.version}`;
}

/**
 * The answer to `q` as JSON: `{ hits: [{ url, kind, title, page?, method?, path?, api?, section?, docsVersion? }] }`,
 * hit URLs relative to the base path (`rest/issues/create-an-issue`, `guides/auth#h-tokens`).
 * @example searchAnswer(site, new URLSearchParams('q=create issue')) // '{"hits":[{"url":"rest/issues/create-an-issue",…}]}'
 */
export function searchAnswer(site: DocsSite, query: URLSearchParams): string {
  const q = query.get('q') ?? '';
  const asked = Number.parseInt(query.get('limit') ?? '', 10);
  const limit = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), MAX_LIMIT) : DEFAULT_LIMIT;
  const hits = siteSearch(site).index.search(q, { limit }).map(searchResult);
  return JSON.stringify({ hits });
}
