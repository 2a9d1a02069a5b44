/**
 * `retrievePassages(site, query, limit)`: the passages of a docs site that best answer a
 * question, from the site's one search index (`siteSearch` of @sextant/docs-site, the one the search
 * box and MCP use), built once per loaded site (a new version is a new `DocsSite`, so a publish
 * or a local edit re-indexes); `warmPassageIndex` builds it early (the chat's status call).
 * When the reader asks about the page they are on, that page comes first, always.
 */
import { type DocsSite, siteSearch } from '@sextant/docs-site';
import { type Passage, pagePassage, passageOf } from './passages.js';

/** At most this many passages (sections) of one page in one answer, so sources vary. */
const PER_URL = 2;

/** Builds the site's index now, unless it is built (it is built once per loaded site). */
export function warmPassageIndex(site: DocsSite): void {
  siteSearch(site);
}

/** A reader's page reference (`/guides/intro/`, `guides/intro`) as a slug of the site, or undefined. */
function pageSlugOf(site: DocsSite, page: string | undefined): string | undefined {
  if (page === undefined) return undefined;
  const slug = page.replace(/^\/+|\/+$/g, '');
  return site.bySlug.has(slug) ? slug : undefined;
}

/**
 * The best passages for `query`, best first (empty when nothing matches and no page is given).
 * `page`: the slug the reader asks about; its passage comes first, whatever the query.
 * @example await retrievePassages(site, 'How do I authenticate?') // [{ title: 'Authentication', url: '/guides/authentication', kind: 'page', text: '…' }, …]
 */
export async function retrievePassages(
  site: DocsSite,
  query: string,
  limit = 6,
  options: { page?: string } = {},
): Promise<Passage[]> {
  const out: Passage[] = [];
  const { index } = siteSearch(site);
  const current = pageSlugOf(site, options.page);
  if (current !== undefined) {
    // The reader's page: its section that best fits the question, else the page from its start.
    const own = index.search(query, { slug: current, limit: 1 })[0];
    const passage = (own && (await passageOf(site, own))) ?? (await pagePassage(site, current));
    if (passage) out.push(passage);
  }
  const seen = new Set(out.map((passage) => passage.url));
  for (const hit of index.search(query, { limit: limit * 2, perSlug: PER_URL })) {
    if (out.length >= limit) break;
    const passage = await passageOf(site, hit);
    if (!passage || seen.has(passage.url)) continue;
    seen.add(passage.url);
    out.push(passage);
  }
  return out;
}
