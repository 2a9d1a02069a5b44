/**
 * Playground analytics from a reader's clicks to the dashboard's chart, in Chromium, on PGlite
 * and on PostgreSQL: the demo docs site in local mode (registry, proxy, docs host, dashboard on
 * one server) with the demo upstreams; a reader sends 15 Try-it requests that succeed and 5 that
 * the API refuses (401); the docs client beacons them; the dashboard, signed in with the local
 * organization's token, shows 20 requests with 15 in 2xx and 5 in 4xx. A reader with
 * Do-Not-Track on adds nothing, where the same steps without it add one.
 */
import { resolve } from 'node:path';
import { waitFor } from '@sextant/definition/testing';
import { createRegistryClient } from '@sextant/registry-client';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASES } from '../apps/server/src/registry/testing/servers.js';
import { type DemoServers, startDemoServers } from '../examples/servers/index.js';
import { findSlug } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

let demos: DemoServers;
let browser: Browser;

beforeAll(async () => {
  demos = await startDemoServers({ restPort: 0, wsPort: 0, rpcPort: 0 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await demos?.close();
});

describe.each(TEST_DATABASES)('Try-it analytics in the dashboard on $name', (database) => {
  let app: FastifyInstance;
  let origin: string;
  let drop: (() => Promise<void>) | undefined;
  let skipped: string | undefined;
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    const opened = await openTestDatabase(database);
    if ('skipped' in opened) {
      skipped = opened.skipped;
      return;
    }
    const { databaseUrl } = opened;
    drop = opened.drop;
    app = await buildServer({
      mode: 'local',
      ...(databaseUrl ? { databaseUrl } : {}),
      parts: { registry: true, proxy: true, wsProxy: false, docsHost: true },
      docs: { projectDir: resolve(import.meta.dirname, '../examples') },
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    await app.registry.ready();
    const { project, error } = await app.docsHost.current();
    if (!project) throw error;
    for (const id of ['getPlant', 'getWithBearer'])
      slugs[id] = findSlug(project.definition.navigation, id) ?? '';
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  /** Opens the endpoint's playground pointed at the demo upstream and sends `times` requests. */
  async function sendFrom(page: Page, slug: string, times: number, status: RegExp): Promise<void> {
    await page.goto(`${origin}/${slug}`);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByLabel('Server variable port').fill(new URL(demos.restUrl).port);
    for (let i = 0; i < times; i++) {
      const answered = page.waitForResponse((response) => response.url().includes('/proxy/'));
      await page.getByTestId('send').click();
      await answered;
      await page
        .locator('.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"]')
        .waitFor();
      expect(await page.getByTestId('response-status').innerText()).toMatch(status);
    }
  }

  async function totalRequests(): Promise<number> {
    const admin = await app.registry.localAdmin();
    if (!admin) throw new Error('no local admin');
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const view = await createRegistryClient({ baseUrl: origin, token: admin.token }).getPlaygroundAnalytics({
      body: { orgId: admin.orgId, from, to },
    });
    return view.totals.requests;
  }

  async function waitForTotal(expected: number): Promise<void> {
    // Analytics events are written after the answer: wait until they are counted, then no more.
    await waitFor(async () => (await totalRequests()) >= expected, { timeout: 15_000, interval: 200 }).catch(
      () => undefined,
    );
    expect(await totalRequests()).toBe(expected);
  }

  it('20 Try-it sends (15 answered 2xx, 5 refused 401) are the chart totals', async (ctx) => {
    if (skipped) return ctx.skip();
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await sendFrom(page, slugs.getPlant ?? '', 15, /^200/);
    await sendFrom(page, slugs.getWithBearer ?? '', 5, /^401/);
    // Leaving the page flushes the beacon queue.
    await page.goto('about:blank');
    await waitForTotal(20);

    const admin = await app.registry.localAdmin();
    await page.goto(`${origin}/_sextant/dashboard`);
    await page.getByLabel('Org token').fill(admin?.token ?? '');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Docs sites', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Analytics' }).first().click();
    await page.getByTestId('analytics-total').waitFor();
    expect(await page.getByTestId('analytics-total').innerText()).toBe('20');
    expect(await page.getByTestId('analytics-2xx').innerText()).toBe('15');
    expect(await page.getByTestId('analytics-4xx').innerText()).toBe('5');
    expect(await page.getByTestId('analytics-5xx').innerText()).toBe('0');
    expect(await page.getByTestId('analytics-failed').innerText()).toBe('0');
    // The chart is drawn (recharts renders SVG bars for the series).
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThan(0);
    await context.close();
  }, 180_000);

  it('a reader with Do-Not-Track on is not counted', async (ctx) => {
    if (skipped) return ctx.skip();
    const before = await totalRequests();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      extraHTTPHeaders: { DNT: '1' },
    });
    await context.addInitScript(() => Object.defineProperty(navigator, 'doNotTrack', { get: () => '1' }));
    const page = await context.newPage();
    await sendFrom(page, slugs.getPlant ?? '', 2, /^200/);
    await page.goto('about:blank');
    await new Promise((done) => setTimeout(done, 2500));
    expect(await totalRequests()).toBe(before);
    await context.close();
    // The same steps without Do-Not-Track are counted: the pipeline was live all along.
    const tracked = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const trackedPage = await tracked.newPage();
    await sendFrom(trackedPage, slugs.getPlant ?? '', 1, /^200/);
    await trackedPage.goto('about:blank');
    await waitForTotal(before + 1);
    await tracked.close();
  }, 120_000);
});
