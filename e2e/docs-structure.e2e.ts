/**
 * Site structure (issue #26) in headless Chromium on a project with two versions (v2 the default,
 * v1 deprecated in a version file), three tabs in each, a Welcome page outside the tabs, a
 * changelog folder of twelve entries, navbar links, a footer, an announcement and an edit link:
 * the version selector switches and keeps the reader on the same page (or leads to the version's
 * home), a version's links stay in it, the search box and MCP search the reader's version and
 * label results with it (describe_endpoint takes a version), the changelog pages and its feeds parse with a real feed
 * reader, the announcement stays dismissed (hidden before the first paint: no layout shift), the
 * page is rated. No console errors, no serious axe violations; with SEXTANT_SHOTS set, screenshots
 * at 1280 and 390 px.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { writeStructureProject } from '@sextant/docs-project/testing';
import type { Page } from 'playwright-core';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import {
  followMenuLink,
  openDocsPage,
  seriousAxeViolations,
  shotTaker,
  watchedPage,
} from './docs-helpers.js';
import { useDocsSite } from './support/docs-site.js';

const site = useDocsSite(async () => ({ dir: await writeStructureProject(), owned: true }));

const shot = shotTaker('docs-structure');

/** Picks `version` in the header's selector and waits for the page it leads to. */
const switchVersion = (page: Page, version: string, screenshot?: string) =>
  followMenuLink(
    page,
    '.sx-header .sx-version-select > summary',
    `.sx-version-menu a[data-version="${version}"]`,
    screenshot ? () => shot(page, screenshot) : undefined,
  );

describe('site structure (issue #26)', () => {
  it('switches versions from the header, keeping the reader on the same page when it exists', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${site.url}/guides/quickstart`);
    // Three tabs in the header, the Guides tab current, with their icons.
    const tabs = page.locator('.sx-header .sx-tab-link');
    expect(await tabs.allInnerTexts()).toEqual(['Guides', 'API Reference', 'Changelog']);
    expect(await page.locator('.sx-header .sx-tab-link[aria-current] svg').count()).toBe(1);
    // The Welcome page outside the tabs stays in the sidebar.
    await expect(page.locator('#sx-sidebar a[href="/"]').isVisible()).resolves.toBe(true);
    expect(await page.locator('.sx-version-banner').count()).toBe(0);
    await shot(page, 'v2-1280');
    await page.locator('footer.sx-footer').scrollIntoViewIfNeeded();
    await shot(page, 'footer-1280');
    await page.evaluate(() => window.scrollTo(0, 0));

    await switchVersion(page, 'v1', 'selector-1280');
    await page.waitForURL(`${site.url}/v1/guides/quickstart`);
    expect(await page.locator('#sx-content').innerText()).toContain('limit=10');
    const banner = page.locator('.sx-version-banner');
    expect(await banner.innerText()).toContain('v1, which is deprecated');
    expect(await page.locator('.sx-version-select summary').innerText()).toBe('v1');
    // A version's tabs and sidebar stay in the version.
    expect(await page.locator('.sx-header .sx-tab-link').first().getAttribute('href')).toBe('/v1/guides');
    await page.locator('.sx-header .sx-tab-link', { hasText: 'API Reference' }).click();
    await page.waitForURL(`${site.url}/v1/reference`);
    // The tab's overview lists its API under the version's prefix.
    await page.locator('#sx-content .sx-overview a', { hasText: 'Pets API' }).click();
    await page.waitForURL(`${site.url}/v1/reference/pets-api`);
    await page.locator('#sx-sidebar a', { hasText: 'List pets' }).click();
    await page.waitForURL(`${site.url}/v1/reference/pets-api/list-pets`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await shot(page, 'v1-1280');

    // Back to v2 on the same page; a page v1 lacks leads to v1's home.
    await switchVersion(page, 'v2');
    await page.waitForURL(`${site.url}/reference/pets-api/list-pets`);
    expect(await page.locator('#sx-content').innerText()).toContain('species');
    await openDocsPage(page, `${site.url}/guides/species`);
    await switchVersion(page, 'v1');
    await page.waitForURL(`${site.url}/v1`);
    expect(await page.locator('h1').innerText()).toBe('Welcome to Pets');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("searches the reader's version: the search box's and MCP's results carry it", async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await watchedPage(context);
    for (const version of ['v1', 'v2']) {
      await openDocsPage(page, `${site.url}${version === 'v1' ? '/v1' : ''}/guides/quickstart`);
      await page.click('.sx-search-button');
      await page.locator('.sx-search-input').fill('list pets');
      const first = page.locator('.sx-search-hit').first();
      await first.waitFor();
      expect(await first.locator('.sx-search-title').innerText()).toBe('List pets');
      expect(await first.locator('.sx-search-version').innerText()).toBe(version);
      expect(new Set(await page.locator('.sx-search-version').allInnerTexts())).toEqual(new Set([version]));
      if (version === 'v1') await shot(page, 'search-v1-1280');
      await Promise.all([page.waitForURL('**/pets-api/list-pets'), page.keyboard.press('Enter')]);
      expect(new URL(page.url()).pathname).toBe(
        `${version === 'v1' ? '/v1' : ''}/reference/pets-api/list-pets`,
      );
    }
    expect(errors).toEqual([]);
    await context.close();

    // MCP at the site and at v1: search results name their version; describe_endpoint takes one.
    const text = (result: unknown) =>
      ((result as CallToolResult).content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    const client = new Client({ name: 'docs-structure-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${site.url}/v1/_sextant/mcp`)));
    try {
      const found = text(await client.callTool({ name: 'search_docs', arguments: { query: 'list pets' } }));
      expect(found.split('\n')[0]).toBe('1. `GET /pets` **List pets** (endpoint, Pets API, version v1)');
      expect(found).toContain(`URL: ${site.url}/v1/reference/pets-api/list-pets`);
      const v1 = text(
        await client.callTool({ name: 'describe_endpoint', arguments: { endpoint: 'listPets' } }),
      );
      expect(v1).toContain('Version: v1');
      expect(v1).not.toContain('species');
      const v2 = text(
        await client.callTool({
          name: 'describe_endpoint',
          arguments: { endpoint: 'listPets', version: 'v2' },
        }),
      );
      expect(v2).toContain('Version: v2');
      expect(v2).toContain(`Source: ${site.url}/reference/pets-api/list-pets.md`);
      expect(v2).toContain('species');
    } finally {
      await client.close();
    }
  });

  it('pages the changelog, one page per entry, and publishes feeds a feed reader parses', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${site.url}/changelog`);
    expect(await page.locator('.sx-changelog-entry').count()).toBe(10);
    expect(await page.locator('.sx-changelog-entry h2').first().innerText()).toBe('Species are required');
    await shot(page, 'changelog-1280');
    await page.getByRole('link', { name: 'Older' }).click();
    await page.waitForURL(`${site.url}/changelog/page/2`);
    expect(await page.locator('.sx-changelog-entry').count()).toBe(2);
    await page.locator('.sx-changelog-entry h2 a', { hasText: 'Pets API launches' }).click();
    await page.waitForURL(`${site.url}/changelog/launch`);
    expect(await page.locator('.sx-entry-meta time').innerText()).toBe('January 15, 2026');

    // The feeds the page links, read by rss-parser.
    const parser = new Parser();
    for (const name of ['RSS', 'Atom']) {
      await openDocsPage(page, `${site.url}/changelog`);
      const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
      const response = await page.request.get(`${site.url}${href}`);
      expect(response.status()).toBe(200);
      const feed = await parser.parseString(await response.text());
      expect(feed.items.map((item) => item.title).slice(0, 2)).toEqual([
        'Species are required',
        'Improvement 10',
      ]);
      expect(feed.items).toHaveLength(12);
      expect(feed.items[0]?.link).toBe(`${site.url}/changelog/2026-11-20`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the announcement dismissed, hidden before the first paint (no layout shift)', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${site.url}/guides/quickstart`);
    const announcement = page.locator('.sx-announcement');
    await expect(announcement.isVisible()).resolves.toBe(true);
    expect(await announcement.innerText()).toContain('Pets API v2 is out');
    const headerBefore = (await page.locator('.sx-header').boundingBox())?.y ?? 0;
    expect(headerBefore).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Dismiss the announcement' }).click();
    await expect(announcement.isVisible()).resolves.toBe(false);

    // Every later page: hidden from the first paint, the header at the top, no shift measured.
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { sxShifts: number[] }).sxShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/guides/species', '/v1/guides/quickstart', '/changelog']) {
      await page.goto(`${site.url}${path}`, { waitUntil: 'commit' });
      await page.waitForSelector('.sx-header', { state: 'attached' });
      expect(
        await page.evaluate(() => document.documentElement.hasAttribute('data-announcement-dismissed')),
      ).toBe(true);
      await page.waitForSelector('html[data-hydrated="true"]');
      await expect(announcement.isVisible()).resolves.toBe(false);
      expect((await page.locator('.sx-header').boundingBox())?.y).toBe(0);
      const shifts = await page.evaluate(() => (window as unknown as { sxShifts: number[] }).sxShifts);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('rates the page, links its source and names when it changed; navbar and footer are there', async () => {
    const context = await site.browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${site.url}/guides/quickstart`);
    const feedback = page.waitForResponse((response) => response.url().endsWith('/_sextant/feedback'));
    await page.getByRole('button', { name: 'Yes' }).click();
    expect((await feedback).status()).toBe(204);
    await expect(page.getByRole('status').filter({ hasText: 'Thank you' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: 'Edit this page' }).getAttribute('href')).toBe(
      'https://github.com/acme/pets/edit/main/docs/pages/v2/quickstart.md',
    );
    expect(await page.locator('.sx-page-meta time').innerText()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await page.locator('.sx-header .sx-navbar-primary').innerText()).toBe('Get an API key');
    expect(await page.locator('.sx-header .sx-navbar-github').innerText()).toBe('acme/pets');
    expect(await page.locator('footer.sx-footer nav').count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: tabs, navbar links and the version selector in reach, nothing scrolls sideways', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${site.url}/v1/guides/quickstart`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expect(page.locator('.sx-version-select summary').isVisible()).resolves.toBe(true);
    await shot(page, 'v1-390');
    await page.getByRole('button', { name: 'Navigation' }).click();
    await expect(page.locator('#sx-sidebar .sx-tabs-nav').isVisible()).resolves.toBe(true);
    await expect(page.locator('#sx-sidebar .sx-navbar-primary').isVisible()).resolves.toBe(true);
    await shot(page, 'drawer-390');
    await page.keyboard.press('Escape');
    await openDocsPage(page, `${site.url}/changelog`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'changelog-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
