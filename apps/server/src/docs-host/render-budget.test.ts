/**
 * The sites' render caches share one byte budget (issue #30 item 4), and a restart's first
 * requests share one load (item 3's stampede), over a real socket with the real registry
 * (PGlite) and `/metrics` scraped over HTTP:
 * - pages rendered past the `renders` budget evict the least recently used entries, counted in
 *   `sextant_cache_evictions_total{cache="renders"}`, while `sextant_cache_bytes` stays within it;
 *   an evicted page renders again, whole;
 * - N concurrent first requests for one page of a site nobody has loaded cost one site load
 *   (`sextant_docs_cache_lookups_total{result="miss"}` moves by 1) and one render.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { publishGuideSite } from './testing/guide-site.js';
import { hostRequest } from './testing/host-request.js';
import { scrapeMetrics } from './testing/scrape-metrics.js';

const A = 'a.renders.test';
const B = 'b.renders.test';
const PAGES = 12;
/** `/metrics` is answered on the console host only (hosted mode). */
const CONSOLE = 'console.renders.test';
/**
 * Room for a few of these pages' renders (~11 KB each: a page kept gzip-encoded as sent, its
 * inlined stylesheets included) beside what the site's pages share.
 */
const RENDER_BUDGET = 40_000;

let app: FastifyInstance;
let port: number;
let token: string;

const publish = (domain: string, title: string) =>
  publishGuideSite({ port, token, orgId: 'renders', domain, title, pages: PAGES });

const scrape = () => scrapeMetrics(port, CONSOLE);

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [A, B] },
    consoleHost: CONSOLE,
    metrics: { enabled: true },
    docs: { cacheBudgets: { renders: RENDER_BUDGET } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  token = (await app.registry.createOrganization('renders')).token;
  await publish(A, 'Alpha');
  await publish(B, 'Beta');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the render caches', () => {
  it('stay within their byte budget, evicting the least recently used and counting it', async () => {
    const before = await scrape();
    for (let i = 0; i < PAGES; i++) {
      const page = await hostRequest(port, { host: A, path: `/guide-${i}` });
      expect(page.status).toBe(200);
      expect(page.text).toContain(`Alpha guide-${i}`);
    }
    const after = await scrape();
    const bytes = after.get('sextant_cache_bytes{cache="renders"}') ?? Number.NaN;
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(RENDER_BUDGET);
    const evictions = (key: Map<string, number>) =>
      key.get('sextant_cache_evictions_total{cache="renders"}') ?? 0;
    expect(evictions(after) - evictions(before)).toBeGreaterThan(0);
    // Another site's renders go under the same budget, never into A's entries.
    const other = await hostRequest(port, { host: B, path: '/guide-0' });
    expect(other.text).toContain('Beta guide-0');
    expect(other.text).not.toContain('Alpha');
    expect((await scrape()).get('sextant_cache_bytes{cache="renders"}')).toBeLessThanOrEqual(RENDER_BUDGET);
  });
});

describe('a restart stampede', () => {
  it('loads the site once and renders the page once for N concurrent first requests', async () => {
    // Dropped here as a publish would: the next request loads the site from the database again.
    await app.registry.invalidateDocs(B);
    const before = await scrape();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => hostRequest(port, { host: B, path: '/guide-5' })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('Beta guide-5');
    }
    const after = await scrape();
    const moved = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(moved('sextant_docs_cache_lookups_total{result="miss"}')).toBe(1);
    expect(moved('sextant_docs_page_renders_total')).toBe(1);
  });
});
