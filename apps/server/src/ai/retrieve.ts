/**
 * `retrievePassages(site, query, limit)`: the passages of a docs site that best answer a question.
 * The index is built once per loaded site (a new version is a new `DocsSite`, so a publish or a
 * local edit re-indexes) and shared by concurrent first questions; `warmPassageIndex` starts it
 * early (the chat's status call, before any question).
 */
import type { DocsSite } from '@sextant/docs';
import { type Passage, sitePassages } from './passages.js';
import { buildTextIndex, type TextIndex } from './text-index.js';

interface SiteIndex {
  passages: Passage[];
  index: TextIndex;
}

const indexes = new WeakMap<DocsSite, Promise<SiteIndex>>();

/** At most this many passages of one page or reference entry in one answer, so sources vary. */
const PER_URL = 2;

function siteIndex(site: DocsSite): Promise<SiteIndex> {
  let found = indexes.get(site);
  if (!found) {
    found = sitePassages(site).then((passages) => ({
      passages,
      index: buildTextIndex(
        passages.map((passage) => [
          { text: passage.title, weight: 3 },
          { text: passage.url.replace(/[/#-]/g, ' '), weight: 2 },
          { text: passage.text, weight: 1 },
        ]),
      ),
    }));
    found.catch(() => indexes.delete(site));
    indexes.set(site, found);
  }
  return found;
}

/** Starts indexing a site in the background (no-op when done or under way). */
export function warmPassageIndex(site: DocsSite): void {
  siteIndex(site).catch(() => undefined);
}

/**
 * The best passages for `query`, best first (empty when nothing matches).
 * `page`: the slug the reader is on; its passages rank a little higher.
 * @example await retrievePassages(site, 'How do I authenticate?') // [{ title: 'Authentication', url: '/guides/authentication', kind: 'page', text: '…' }, …]
 */
export async function retrievePassages(
  site: DocsSite,
  query: string,
  limit = 6,
  options: { page?: string } = {},
): Promise<Passage[]> {
  const { passages, index } = await siteIndex(site);
  const onPage = options.page !== undefined ? `/${options.page.replace(/^\/+|\/+$/g, '')}` : undefined;
  const ranked = index
    .search(query, limit * 4)
    .map(({ doc, score }) => {
      const passage = passages[doc] as Passage;
      const boost = onPage !== undefined && passage.url.split('#')[0] === onPage ? 1.3 : 1;
      return { passage, score: score * boost };
    })
    .sort((a, b) => b.score - a.score);
  const perUrl = new Map<string, number>();
  const out: Passage[] = [];
  for (const { passage } of ranked) {
    const base = passage.url.split('#')[0] ?? passage.url;
    const seen = perUrl.get(base) ?? 0;
    if (seen >= PER_URL) continue;
    perUrl.set(base, seen + 1);
    out.push(passage);
    if (out.length >= limit) break;
  }
  return out;
}
