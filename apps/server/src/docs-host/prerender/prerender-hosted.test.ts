/**
 * `--prerender` on a real server with the real registry on PGlite, over a real socket: after a
 * publish and a reader's first page, every page of the site is rendered in the background, so
 * each later request is answered without a render (the render counter of `/metrics` stays put);
 * a live request during the run is answered; a newer publish cancels the run of the older one
 * and the new pages are warm; a small page cache stops the run at its budget.
 */
import type { AddressInfo } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.js';
import { guideSite } from '../testing/guide-site.js';
import { hostRequest } from '../testing/host-request.js';

const HOST = 'prerender.docs.test';
const PAGES = 30;

const paths = ['/', ...Array.from({ length: PAGES }, (_, i) => `/guide-${i}`)];

interface Hosted {
  app: FastifyInstance;
  port: number;
  publish(title: string): Promise<void>;
  get(path: string): ReturnType<typeof hostRequest>;
  metric(name: string, labels?: Record<string, string>): Promise<number>;
}

const servers: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of servers) await app.close();
});

async function startHosted(pagesBudget?: number): Promise<Hosted> {
  const app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [HOST] },
    metrics: { enabled: true },
    docs: { prerender: true, ...(pagesBudget ? { cacheBudgets: { pages: pagesBudget } } : {}) },
  });
  servers.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const token = (await app.registry.createOrganization('pre')).token;
  const client = createRegistryClient({ baseUrl: `http://127.0.0.1:${port}`, token });
  return {
    app,
    port,
    async publish(title) {
      const init = await client.initDocsRegistrationV2({ body: { orgId: 'pre', domain: HOST } });
      await client.finishDocsRegistrationV2({
        params: { id: init.docsRegistrationId },
        body: { docsDefinition: guideSite(title, PAGES) },
      });
    },
    get: (path) => hostRequest(port, { host: HOST, path }),
    async metric(name, labels = {}) {
      const values = (await app.metrics?.registry.getSingleMetric(name)?.get())?.values ?? [];
      const found = values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
      return found?.value ?? 0;
    },
  };
}

describe('--prerender', () => {
  it('warms every page after a reader’s first view and after each publish, cancelling the older run', async () => {
    const hosted = await startHosted();
    await hosted.publish('First');
    const home = await hosted.get('/');
    expect(home.status).toBe(200);
    // A live request while the run goes: answered.
    const live = await hosted.get(`/guide-${PAGES - 1}`);
    expect(live.status).toBe(200);
    expect(live.text).toContain('First');
    await waitFor(
      async () => (await hosted.metric('sextant_prerender_runs_total', { outcome: 'completed' })) >= 1,
      {
        timeout: 60_000,
        message: 'the first run to complete',
      },
    );
    expect(await hosted.metric('sextant_prerender_pages_total')).toBeGreaterThanOrEqual(PAGES + 1);
    expect(await hosted.metric('sextant_prerender_seconds_total')).toBeGreaterThan(0);
    const rendered = await hosted.metric('sextant_docs_page_renders_total');
    for (const path of paths) {
      const page = await hosted.get(path);
      expect(page.status, path).toBe(200);
    }
    expect(await hosted.metric('sextant_docs_page_renders_total')).toBe(rendered);

    // Two publishes back to back: the run of the first is cancelled, the second's warms the new pages.
    await hosted.publish('Second');
    await hosted.publish('Third');
    await waitFor(
      async () => (await hosted.metric('sextant_prerender_runs_total', { outcome: 'completed' })) >= 2,
      {
        timeout: 60_000,
        message: 'the run of the last publish to complete',
      },
    );
    expect(
      await hosted.metric('sextant_prerender_runs_total', { outcome: 'cancelled' }),
    ).toBeGreaterThanOrEqual(1);
    const warm = await hosted.metric('sextant_docs_page_renders_total');
    for (const path of paths) {
      const page = await hosted.get(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('Third');
    }
    expect(await hosted.metric('sextant_docs_page_renders_total')).toBe(warm);
  }, 120_000);

  it('stops at the page cache’s budget', async () => {
    const hosted = await startHosted(200 * 1024);
    await hosted.publish('Small');
    expect((await hosted.get('/')).status).toBe(200);
    await waitFor(
      async () => (await hosted.metric('sextant_prerender_runs_total', { outcome: 'budget' })) >= 1,
      {
        timeout: 60_000,
        message: 'the run to stop at the budget',
      },
    );
    expect(await hosted.metric('sextant_prerender_pages_total')).toBeLessThan(PAGES + 1);
    expect(await hosted.metric('sextant_cache_bytes', { cache: 'pages' })).toBeLessThanOrEqual(200 * 1024);
  }, 120_000);
});
