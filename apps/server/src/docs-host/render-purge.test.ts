/**
 * A publish that replaces a site's version deletes that version's renders (issue #30), over a
 * real socket with the real registry (PGlite) and `/metrics` scraped over HTTP: publish v1 of a
 * site, view its pages (renders cached), publish v2 → `sextant_cache_bytes{cache="renders"}`
 * falls back by v1's entries (its pages and search index), with no eviction counted (nothing aged out: they were dropped), and
 * every page answers v2. Another site's renders stay.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { publishGuideSite } from './testing/guide-site.js';
import { hostRequest } from './testing/host-request.js';
import { scrapeMetrics } from './testing/scrape-metrics.js';

const SITE = 'docs.purge.test';
const OTHER = 'other.purge.test';
const CONSOLE = 'console.purge.test';
const PAGES = 6;

let app: FastifyInstance;
let port: number;
let token: string;

const publish = (domain: string, title: string) =>
  publishGuideSite({ port, token, orgId: 'purge', domain, title, pages: PAGES });

const scrape = () => scrapeMetrics(port, CONSOLE);
const renderBytes = async () => (await scrape()).get('sextant_cache_bytes{cache="renders"}') ?? Number.NaN;
const evictions = async () => (await scrape()).get('sextant_cache_evictions_total{cache="renders"}') ?? 0;

async function viewAll(domain: string, title: string): Promise<void> {
  for (const path of ['/', ...Array.from({ length: PAGES }, (_, i) => `/guide-${i}`)]) {
    const page = await hostRequest(port, { host: domain, path });
    expect(page.status).toBe(200);
    expect(page.text).toContain(title);
  }
}

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [SITE, OTHER] },
    consoleHost: CONSOLE,
    metrics: { enabled: true },
    docs: { cacheBudgets: { renders: 64 << 20 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  token = (await app.registry.createOrganization('purge')).token;
  await publish(OTHER, 'Gamma');
  await publish(SITE, 'Alpha');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('a publish replacing a site version', () => {
  it("deletes the old version's renders and serves only the new version's pages", async () => {
    await viewAll(OTHER, 'Gamma');
    const withOther = await renderBytes();
    expect(withOther).toBeGreaterThan(0);
    await viewAll(SITE, 'Alpha');
    const pagesOnly = await renderBytes();
    // ~16 KB a page: its own HTML and its view (the inlined stylesheets are shared, weighed once).
    expect(pagesOnly - withOther).toBeGreaterThan(PAGES * 12_000);
    // The site's search index is weighed in the same budget (it was outside every cache before).
    const search = await hostRequest(port, { host: SITE, path: '/_sextant/search?q=paragraph' });
    expect(search.status).toBe(200);
    expect((JSON.parse(search.text) as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
    const withV1 = await renderBytes();
    expect(withV1 - pagesOnly).toBeGreaterThan(100_000);
    // Inline style elements and the like: the process-wide 'compiled' caches are weighed too.
    expect((await scrape()).get('sextant_cache_bytes{cache="compiled"}')).toBeGreaterThan(0);
    const evictedBefore = await evictions();

    await publish(SITE, 'Beta');
    // The invalidation reaches the docs host through the registry's notification.
    const deadline = Date.now() + 5000;
    let after = await renderBytes();
    while (after > withOther && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await renderBytes();
    }
    expect(after).toBe(withOther);
    expect(await evictions()).toBe(evictedBefore);

    for (const path of ['/', ...Array.from({ length: PAGES }, (_, i) => `/guide-${i}`)]) {
      const page = await hostRequest(port, { host: SITE, path });
      expect(page.status).toBe(200);
      expect(page.text).toContain('Beta');
      expect(page.text).not.toContain('Alpha');
    }
    // v2's renders are kept: the replaced version's are the only ones gone.
    expect(await renderBytes()).toBeGreaterThan(withOther + PAGES * 12_000);
    await viewAll(OTHER, 'Gamma');
  });
});
