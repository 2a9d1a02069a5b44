/**
 * The demo docs (examples/docs.yml: markdown guides, the REST, WebSocket and JSON-RPC demo
 * APIs and the registry's own /openapi.json) in headless Chromium: every page type renders and
 * hydrates with no console error, navigation and redirects work, search finds an endpoint,
 * "Try it" opens both playgrounds, copy/view-as-markdown work, axe finds nothing serious, and
 * screenshots at 1280 and 390 px land in e2e/screenshots/.
 */
import { resolve } from 'node:path';
import type { NavItem } from '@sextant/definition';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocsServer,
  hydrationChanges,
  openDocsPage,
  recordServerHtml,
  screenshots,
  seriousAxeViolations,
  startDocsServer,
  watchedPage,
} from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

let server: DocsServer;
let browser: Browser;
const slugs: Record<string, string> = {};

function first(items: NavItem[], test: (item: NavItem) => boolean): NavItem | undefined {
  for (const item of items) {
    if (test(item)) return item;
    const inner = 'children' in item ? first(item.children, test) : undefined;
    if (inner) return inner;
  }
  return undefined;
}
const slugOf = (item: NavItem | undefined) => (item && item.type !== 'link' ? item.slug : undefined);

beforeAll(async () => {
  // The registry serves /openapi.json, which the demo documents.
  server = await startDocsServer(resolve(import.meta.dirname, '../examples'), { registry: true });
  const { project, error } = await server.app.docsHost.current();
  if (!project) throw error;
  const nav = project.definition.navigation;
  const api = (slug: string) => nav.find((item) => item.type === 'apiReference' && item.slug === slug);
  const section = (slug: string) => {
    const found = api(slug);
    return found && 'children' in found ? found.children : [];
  };
  Object.assign(slugs, {
    endpoint: slugOf(first(section('rest'), (i) => i.type === 'endpoint' && i.title === 'Get a plant')),
    channel: slugOf(first(section('ws'), (i) => i.type === 'channel')),
    rpc: slugOf(first(section('rpc'), (i) => i.type === 'endpoint')),
    registry: slugOf(first(section('registry'), (i) => i.type === 'endpoint')),
    type: slugOf(first(section('rest'), (i) => i.type === 'type')),
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.app.close();
});

describe('demo docs', () => {
  it('has a page of every kind', () => {
    expect(slugs).toEqual({
      endpoint: 'rest/plants/get-a-plant',
      channel: expect.stringMatching(/^ws\//),
      rpc: expect.stringMatching(/^rpc\//),
      registry: expect.stringMatching(/^registry\//),
      type: expect.stringMatching(/^rest\/types\//),
    });
  });

  it('renders and hydrates every page type with no console errors, adopting the server HTML as sent', async () => {
    const context = await browser.newContext();
    await recordServerHtml(context);
    const { page, errors } = await watchedPage(context);
    const expectations: [string, string][] = [
      ['', 'Welcome'],
      ['guides/quickstart', 'Quickstart'],
      ['rest', 'REST API'],
      [slugs.endpoint ?? '', 'Get a plant'],
      [slugs.channel ?? '', ''],
      [slugs.rpc ?? '', ''],
      [slugs.registry ?? '', ''],
      [slugs.type ?? '', ''],
    ];
    for (const [slug, title] of expectations) {
      await openDocsPage(page, `${server.url}/${slug}`);
      expect(await hydrationChanges(page), slug).toEqual([]);
      const h1 = await page.locator('main h1').first().textContent();
      if (title) expect(h1, slug).toBe(title);
      else expect(h1?.length, slug).toBeGreaterThan(0);
    }
    await openDocsPage(page, `${server.url}/guides/quickstart`);
    expect(await page.locator('.sx-prose pre.sx-code[data-lang="bash"] span').count()).toBeGreaterThan(0);
    expect(await page.locator('.sx-callout-note').count()).toBe(1);
    expect(await page.locator('.sx-prose .contains-task-list input[type="checkbox"]').count()).toBe(3);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('navigates with the header tabs and the sidebar, and follows redirects', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, server.url);
    await Promise.all([
      page.waitForURL('**/rest'),
      page.locator('header .sx-tab-link', { hasText: 'REST API' }).click(),
    ]);
    await Promise.all([
      page.waitForURL('**/rest/plants'),
      page.locator('#sx-sidebar a', { hasText: 'Plants' }).click(),
    ]);
    await Promise.all([
      page.waitForURL(`**/${slugs.endpoint}`),
      page.locator('#sx-sidebar a', { hasText: 'Get a plant' }).click(),
    ]);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.goto(`${server.url}/start`);
    expect(new URL(page.url()).pathname).toBe('/guides/quickstart');
    await page.goto(`${server.url}/docs/authentication`);
    expect(new URL(page.url()).pathname).toBe('/guides/authentication');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds an endpoint with search', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, server.url);
    await page.click('.sx-search-button');
    await page.locator('.sx-search-input').fill('add a plant');
    await page.waitForSelector('.sx-search-hit');
    await expect(page.locator('.sx-search-hit').first().textContent()).resolves.toContain('Add a plant');
    await Promise.all([page.waitForURL('**/rest/plants/add-a-plant'), page.keyboard.press('Enter')]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the endpoint and WebSocket playgrounds through the explorer parameter', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/${slugs.endpoint}`);
    await page.click('#sx-try-it');
    await page.waitForSelector('.sx-playground');
    expect(new URL(page.url()).searchParams.get('explorer')).toBeTruthy();
    await page.keyboard.press('Escape');
    await page.waitForSelector('.sx-playground', { state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await openDocsPage(page, `${server.url}/${slugs.channel}`);
    await page.click('#sx-try-it');
    await page.waitForSelector('.sx-playground');
    await expect(page.getByRole('button', { name: 'Connect' }).count()).resolves.toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves page actions: view as markdown and copy page', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/${slugs.endpoint}`);
    await page.getByRole('button', { name: 'Copy page as markdown' }).click();
    await page.waitForFunction(() =>
      document.querySelector('.sx-page-actions button')?.textContent?.startsWith('Copied'),
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('# Get a plant');
    await Promise.all([
      page.waitForURL('**/rest/plants/get-a-plant.md'),
      page.getByRole('link', { name: 'View as Markdown' }).click(),
    ]);
    expect(await page.locator('body').textContent()).toContain('# Get a plant');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violations, in light and dark themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ bypassCSP: true, colorScheme: theme });
      const page = await context.newPage();
      for (const slug of ['', 'guides/quickstart', slugs.endpoint, slugs.channel, slugs.type, 'rest']) {
        await openDocsPage(page, `${server.url}/${slug}`);
        expect(await seriousAxeViolations(page), `${theme} /${slug}`).toEqual([]);
      }
      await context.close();
    }
  });

  it('takes screenshots at 1280 and 390 px', async () => {
    await screenshots(browser, `${server.url}/`, 'demo-home');
    await screenshots(browser, `${server.url}/${slugs.endpoint}`, 'demo-endpoint');
    await screenshots(browser, `${server.url}/${slugs.channel}`, 'demo-channel');
    await screenshots(browser, `${server.url}/${slugs.rpc}`, 'demo-rpc');
  });
});
