/**
 * The peers' search on the same specs, in Chromium, measured like ours: Redoc 3's search dialog
 * (FlexSearch, indexed in the page after load) and Scalar's search modal, each served from the
 * test-data bundles on loopback (bench/docs-page/peers.ts) with GitHub's or Stripe's spec. Each
 * query is typed into the peer's search box; the first three results' links are read back and
 * mapped to the bench's slugs by operation id (Redoc: `#/<tag>/<operationId>`) or by method and
 * path (Scalar: `#tag/<tag>/<METHOD>/<path>`), types by name. The demo docs' guides exist only in
 * Sextant, so the peers are asked the GitHub and Stripe queries, and Sextant's figures for the
 * same subset are printed beside them.
 */
import { siteSearch } from '@sextant/docs-site';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.js';
import { startPeerServer } from '../docs-page/peers.js';
import type { BenchQuery } from './queries.js';
import { DATA, loadSite, type SiteName, SPECS } from './sites.js';

export interface PeerScores {
  name: string;
  note: string;
  asked: number;
  p1: number;
  p3: number;
  /** Per query: the rank of an expected page in the first three (-1: absent), or null when the peer failed. */
  ranks: { site: SiteName; query: string; rank: number | null; found?: string[] }[];
}

/** How long a peer may take to load a spec and build its search index (Redoc: ~80 s for Stripe's here). */
const READY_MS = Number(process.env.PEER_READY_S ?? 240) * 1000;
const RESULT_MS = 60_000;

/** How a peer's result link names a page, to the bench's slugs. */
interface SlugMap {
  byOperationId: Map<string, string>;
  byMethodPath: Map<string, string>;
  byTypeName: Map<string, string>;
}

async function slugMap(name: SiteName): Promise<SlugMap> {
  const site = await loadSite(name);
  const map: SlugMap = { byOperationId: new Map(), byMethodPath: new Map(), byTypeName: new Map() };
  for (const doc of siteSearch(site).documents) {
    if (doc.kind === 'endpoint') {
      if (doc.operationId) map.byOperationId.set(doc.operationId.toLowerCase(), doc.slug);
      if (doc.method && doc.path) map.byMethodPath.set(`${doc.method} ${doc.path}`, doc.slug);
    } else if (doc.kind === 'type') {
      map.byTypeName.set(doc.title.toLowerCase(), doc.slug);
      map.byTypeName.set(compactName(doc.title), doc.slug);
    }
  }
  return map;
}

interface Peer {
  name: string;
  note: string;
  page: string;
  /** Waits until the page can search (its index is built). */
  ready(page: Page): Promise<void>;
  /** The hrefs of the first results for `query`. */
  ask(page: Page, query: string): Promise<string[]>;
  slugOf(href: string, map: SlugMap): string | undefined;
}

const compactName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const REDOC: Peer = {
  name: 'Redoc 3.0.1',
  note: 'FlexSearch',
  page: 'redoc.html',
  async ready(page) {
    await page.waitForSelector('[data-testid="search-trigger"]', { timeout: READY_MS });
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="search-trigger"]')?.textContent?.includes('Loading'),
      null,
      { timeout: READY_MS },
    );
    await page.locator('[data-testid="search-trigger"]').click();
    await page.waitForSelector('[data-testid="search-dialog"] input');
  },
  async ask(page, query) {
    const input = page.locator('[data-testid="search-dialog"] input');
    await input.fill('');
    await input.fill(query);
    await page.waitForFunction(
      () => {
        const dialog = document.querySelector('[data-testid="search-dialog"]');
        const message = dialog?.querySelector('[data-testid="search-message"]')?.textContent ?? '';
        return !/Searching/.test(message) && (dialog?.querySelector('a[href^="#/"]') || message !== '');
      },
      null,
      { timeout: RESULT_MS },
    );
    return page.$$eval('[data-testid="search-dialog"] a[href^="#/"]', (links) =>
      links.slice(0, 3).map((a) => a.getAttribute('href') ?? ''),
    );
  },
  slugOf(href, map) {
    // #/<tag>/<operationId>, the operation id as Redoc's URL has it (lower case); a hit on a field
    // of an operation adds `#<tag>/<operationId>/t=…`: it lands on that operation's page.
    const page = href.split('#')[1] ?? '';
    const rest = decode(page.replace(/^\/[^/]+\//, '')).toLowerCase();
    return map.byOperationId.get(rest) ?? map.byTypeName.get(rest.replace(/^schemas?\//, ''));
  },
};

const SCALAR_INPUT = 'input[type="search"][role="combobox"]';

const SCALAR: Peer = {
  name: 'Scalar 1.72',
  note: 'search modal',
  page: 'scalar.html',
  async ready(page) {
    // Rendered (one long main-thread task on a large spec), then its search modal opens with Ctrl+K.
    await page.waitForFunction(() => (document.body.textContent ?? '').length > 5000, null, {
      timeout: READY_MS,
    });
    for (let attempt = 0; attempt < 10; attempt++) {
      await page.keyboard.press('Control+k');
      if (await page.waitForSelector(SCALAR_INPUT, { timeout: 3000 }).catch(() => undefined)) return;
    }
    throw new Error('the search modal did not open');
  },
  async ask(page, query) {
    const input = page.locator(SCALAR_INPUT).first();
    await input.fill(query);
    // The list follows the input after a short debounce.
    await page.waitForTimeout(700);
    return page.$$eval('[role="listbox"] a[role="option"]', (options) =>
      options.slice(0, 3).map((option) => option.id.replace(/^search-result-/, '')),
    );
  },
  slugOf(id, map) {
    // api-1/<METHOD>/<path>, api-1/tag/<tag>/<METHOD>/<path>, api-1/models/<name>
    const operation = /^[^/]+\/(?:tag\/[^/]+\/)?([A-Z]+)(\/.*)$/.exec(decode(id));
    if (operation) return map.byMethodPath.get(`${operation[1]} ${operation[2]}`);
    const model = /\/models\/(.+)$/.exec(decode(id));
    return model ? map.byTypeName.get(compactName(model[1] as string)) : undefined;
  },
};

async function measurePeer(browser: Browser, peer: Peer, queries: BenchQuery[]): Promise<PeerScores> {
  const ranks: PeerScores['ranks'] = [];
  for (const name of ['stripe', 'github'] as const) {
    const asked = queries.filter((q) => q.site === name);
    if (asked.length === 0) continue;
    const map = await slugMap(name);
    const { server, url } = await startPeerServer(DATA, SPECS[name]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${url}/${peer.page}`);
      await peer.ready(page);
      for (const { query, expect } of asked) {
        const hrefs = await peer.ask(page, query).catch(() => undefined);
        // What the peer showed, as slugs (a link the bench cannot map stays as it was, marked "?").
        const slugs = hrefs?.map((href) => peer.slugOf(href, map) ?? `? ${href}`);
        ranks.push({
          site: name,
          query,
          rank: slugs ? slugs.findIndex((slug) => expect.includes(slug)) : null,
          ...(slugs ? { found: slugs } : {}),
        });
      }
    } catch (error) {
      console.log(
        `${peer.name} on ${name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
      );
      for (const { query } of asked.filter((q) => !ranks.some((r) => r.query === q.query)))
        ranks.push({ site: name, query, rank: null });
    } finally {
      await context.close();
      server.close();
    }
  }
  const answered = ranks.filter((r) => r.rank !== null);
  const share = (pick: (rank: number) => boolean) =>
    ranks.length === 0 ? 0 : ranks.filter((r) => r.rank !== null && pick(r.rank)).length / ranks.length;
  return {
    name: peer.name,
    note: `${peer.note}; ${answered.length} of ${ranks.length} answered`,
    asked: ranks.length,
    p1: share((rank) => rank === 0),
    p3: share((rank) => rank >= 0),
    ranks,
  };
}

/** Redoc's and Scalar's P@1/P@3 on the GitHub and Stripe queries (`PEERS_ONLY=redoc` for one). */
export async function measurePeers(queries: BenchQuery[]): Promise<PeerScores[]> {
  const only = process.env.PEERS_ONLY?.toLowerCase();
  const peers = [REDOC, SCALAR].filter((peer) => !only || peer.name.toLowerCase().startsWith(only));
  const browser = await launchBrowser();
  try {
    const scores: PeerScores[] = [];
    for (const peer of peers) scores.push(await measurePeer(browser, peer, queries));
    return scores;
  } finally {
    await browser.close();
  }
}
