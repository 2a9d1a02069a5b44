/**
 * Issue #17's reference items in Chromium, on the demo site and on a generated spec of 3,200
 * types and 400 endpoints (e2e/support/large-spec.ts): markdown renders and front matter never
 * shows (6), constraints, inline enums and response headers (7), endpoint and type pages under
 * 150 KB of HTML with a type page's sidebar listing groups (8), a 390 px screen with a compact
 * header, no sideways scroll and a drawer with a backdrop (13), endpoints grouped by tag with
 * short labels (14), and axe-core finding nothing serious in light and dark mode.
 * Screenshots at 1280 and 390 px, light and dark, go to SHOTS_DIR (default e2e/screenshots).
 */
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { NavItem } from '@sextant/definition';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocsServer,
  openDocsPage,
  SCREENSHOT_DIR,
  seriousAxeViolations,
  startDocsServer,
  watchedPage,
} from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';
import { writeSpecProject } from './support/docs-site.js';
import { largeSpec, largeTypeName } from './support/large-spec.js';

const PAGE_LIMIT = 150 * 1024;
const SHOTS = process.env.SHOTS_DIR ?? SCREENSHOT_DIR;

let demo: DocsServer;
let large: DocsServer;
let largeDir: string;
let browser: Browser;
const demoSlugs: Record<string, string> = {};
const largeSlugs: Record<string, string> = {};

function first(items: NavItem[], test: (item: NavItem) => boolean): NavItem | undefined {
  for (const item of items) {
    if (test(item)) return item;
    const inner = 'children' in item ? first(item.children, test) : undefined;
    if (inner) return inner;
  }
  return undefined;
}
const slugOf = (item: NavItem | undefined): string => {
  if (!item || item.type === 'link') throw new Error('no such page in the navigation');
  return item.slug;
};

async function navigationOf(server: DocsServer): Promise<NavItem[]> {
  const { project, error } = await server.app.docsHost.current();
  if (!project) throw error;
  return project.definition.navigation;
}

beforeAll(async () => {
  largeDir = (await writeSpecProject('Large', largeSpec())).dir;
  [demo, large, browser] = await Promise.all([
    startDocsServer(resolve(import.meta.dirname, '../examples'), { registry: true }),
    startDocsServer(largeDir),
    launchBrowser(),
  ]);
  const nav = await navigationOf(demo);
  Object.assign(demoSlugs, {
    listPlants: slugOf(first(nav, (i) => i.type === 'endpoint' && i.title === 'List plants')),
    channel: slugOf(first(nav, (i) => i.type === 'channel')),
    type: slugOf(first(nav, (i) => i.type === 'type')),
    guide: 'guides/quickstart',
  });
  const largeNav = await navigationOf(large);
  Object.assign(largeSlugs, {
    endpoint: slugOf(first(largeNav, (i) => i.type === 'endpoint')),
    type: slugOf(first(largeNav, (i) => i.type === 'type')),
    // An enum of 24 values (largeSpec: every 20th type from the 3rd).
    enumHolder: slugOf(first(largeNav, (i) => i.type === 'type' && i.title === largeTypeName(3))),
    typeGroup: slugOf(first(largeNav, (i) => i.type === 'section' && i.title.startsWith('A'))),
  });
});
afterAll(async () => {
  await browser?.close();
  await demo?.app.close();
  await large?.app.close();
  if (largeDir) await rm(largeDir, { recursive: true, force: true });
});

async function open(server: DocsServer, slug: string, width = 1280, dark = false) {
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    colorScheme: dark ? 'dark' : 'light',
  });
  const watched = await watchedPage(context);
  await openDocsPage(watched.page, `${server.url}/${slug}`);
  return { ...watched, close: () => context.close() };
}

/** Texts of the page's descriptions and headings that still carry markdown syntax. */
function rawMarkdown(page: Page): Promise<string[]> {
  return page.$$eval('.sx-desc, h1, h2, h3, .sx-nav-link, .sx-tab-link', (elements) =>
    elements
      .map((el) => el.textContent ?? '')
      .filter((text) => /`[^`]+`|\[[^\]]+\]\([^)]+\)|\*\*[^*]+\*\*|^\s*#{1,6}\s|^title:/m.test(text)),
  );
}

describe('6: markdown renders, front matter never shows', () => {
  it('renders code spans and links in field, message and page descriptions on the demo', async () => {
    for (const slug of [demoSlugs.listPlants, demoSlugs.channel, demoSlugs.guide] as string[]) {
      const { page, errors, close } = await open(demo, slug);
      expect(await rawMarkdown(page), slug).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }
    const { page, close } = await open(demo, demoSlugs.channel as string);
    expect(await page.locator('.sx-message .sx-desc code').count()).toBeGreaterThan(0);
    await close();
  });
  it('shows a guide with its front matter parsed: title as the heading, no "title:" text', async () => {
    const { page, close } = await open(demo, demoSlugs.guide as string);
    expect(await page.locator('main h1').innerText()).toBe('Quickstart');
    expect(await page.locator('main').innerText()).not.toMatch(/^title:|^---$/m);
    await close();
  });
  it('renders code spans in a long summary heading and plain text in <title> on the large spec', async () => {
    const { page, close } = await open(large, largeSlugs.endpoint as string);
    expect(await page.locator('main h1 code').count()).toBe(1);
    expect(await page.title()).not.toContain('`');
    expect(await rawMarkdown(page)).toEqual([]);
    await close();
  });
});

describe('7: constraints, enums and response headers', () => {
  it('shows bounds, default and the response headers on the demo', async () => {
    const { page, close } = await open(demo, demoSlugs.listPlants as string);
    const limit = page.locator('.sx-prop', { has: page.locator('.sx-prop-name', { hasText: /^limit$/ }) });
    await expect
      .poll(() => limit.locator('.sx-constraint').allInnerTexts())
      .toEqual(['≥ 1', '≤ 100', 'default: 20']);
    const headers = page.locator('.sx-response-headers');
    expect(await headers.locator('.sx-prop-name').allInnerTexts()).toContain('X-Total-Count');
    expect(await headers.innerText()).toContain('Number of plants in the store.');
    await close();
  });
  it('lists enum values inline, long ones behind Show all, with pattern, lengths and item counts', async () => {
    const { page, close } = await open(large, largeSlugs.type as string);
    const text = await page.locator('main').innerText();
    for (const label of [
      'pattern: ^[a-z]{3}_[A-Za-z0-9]+$',
      '≥ 1 characters',
      '≤ 64 characters',
      'unique items',
    ])
      expect(text).toContain(label);
    expect(await page.locator('.sx-badge', { hasText: 'read-only' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.sx-badge', { hasText: 'deprecated' }).count()).toBeGreaterThan(0);
    await close();
    const enumPage = await open(large, largeSlugs.enumHolder as string);
    const more = enumPage.page.locator('.sx-enum-more');
    expect(await enumPage.page.locator('.sx-enum-values > ul li').count()).toBe(10);
    expect(await more.locator('summary').innerText()).toBe('Show all 24 values');
    expect(await more.locator('li').first().isVisible()).toBe(false);
    await more.locator('summary').click();
    await expect.poll(() => more.locator('li').last().isVisible()).toBe(true);
    expect(await more.locator('li').count()).toBe(14);
    await enumPage.close();
  });
});

describe('8: page weight stays flat on 3,200 types', () => {
  it('keeps endpoint, type and group pages under 150 KB; a type page lists groups, not every type', async () => {
    for (const slug of [largeSlugs.endpoint, largeSlugs.type, largeSlugs.typeGroup] as string[]) {
      const html = await (await fetch(`${large.url}/${slug}`)).text();
      expect(html.length, slug).toBeLessThan(PAGE_LIMIT);
    }
    const { page, close } = await open(large, largeSlugs.type as string);
    const typeLinks = await page.locator('#sx-sidebar a[href*="/api/types/"]').count();
    expect(typeLinks).toBeLessThan(150);
    expect(
      await page.locator('#sx-sidebar .sx-nav-group-link[href*="/api/types/group/"]').count(),
    ).toBeGreaterThan(26);
    await close();
    const group = await open(large, largeSlugs.typeGroup as string);
    const listed = await group.page.locator('.sx-overview li').count();
    expect(listed).toBeGreaterThan(50);
    expect(listed).toBeLessThanOrEqual(100);
    await group.close();
  });
});

describe('13: a 390 px screen', () => {
  it('has a compact header and no page that scrolls sideways', async () => {
    for (const [server, slug] of [
      [demo, 'registry'],
      [demo, demoSlugs.listPlants],
      [demo, demoSlugs.guide],
      [large, largeSlugs.endpoint],
      [large, largeSlugs.type],
    ] as const) {
      const { page, close } = await open(server, slug as string, 390);
      const sizes = await page.evaluate(() => ({
        header: document.querySelector('.sx-header')?.getBoundingClientRect().height ?? 0,
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(sizes.header, slug).toBeLessThanOrEqual(56);
      expect(sizes.scroll, slug).toBeLessThanOrEqual(sizes.client);
      await close();
    }
  });
  it('opens the navigation as a drawer with a backdrop: click and Escape close it, Tab stays inside', async () => {
    const { page, close } = await open(demo, demoSlugs.listPlants as string, 390);
    const toggle = page.locator('.sx-nav-toggle');
    const backdrop = page.locator('[data-sx-nav-backdrop]');
    await toggle.click();
    await expect.poll(() => backdrop.isVisible()).toBe(true);
    expect(await page.locator('#sx-sidebar').isVisible()).toBe(true);
    // The drawer runs from under the header to the bottom of the screen.
    expect(
      await page.evaluate(() => document.getElementById('sx-sidebar')?.getBoundingClientRect().bottom),
    ).toBe(844);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // The drawer is above its backdrop: its links take the clicks.
    expect(
      await page.evaluate(() => {
        const link = document.querySelector('#sx-sidebar a[data-method]');
        const box = link?.getBoundingClientRect();
        const hit = box && document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return Boolean(hit && link?.contains(hit));
      }),
    ).toBe(true);
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () =>
          document.getElementById('sx-sidebar')?.contains(document.activeElement) ||
          document.activeElement?.classList.contains('sx-nav-toggle'),
      ),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => backdrop.count()).toBe(0);
    expect(await page.locator('#sx-sidebar').isVisible()).toBe(false);
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await toggle.click();
    await backdrop.click({ position: { x: 370, y: 400 } });
    await expect.poll(() => backdrop.count()).toBe(0);
    await close();
  });
});

describe('14: endpoints grouped by tag with short labels', () => {
  it('shows x-tagGroups, tags in spec order, untagged last, labels of at most 40 characters', async () => {
    const { page, close } = await open(large, largeSlugs.endpoint as string);
    const groups = await page.locator('#sx-sidebar .sx-nav-group-link').allInnerTexts();
    expect(groups.slice(0, 3)).toEqual(['API', 'Core', 'tag-0']);
    expect(groups).toContain('More');
    expect(groups.indexOf('Other')).toBeGreaterThan(groups.indexOf('More'));
    const labels = await page.locator('#sx-sidebar a[data-method]').allInnerTexts();
    expect(labels.length).toBeGreaterThan(5);
    for (const label of labels) expect(label.length).toBeLessThanOrEqual(40);
    expect(labels[0]).toBe('Get thing 0');
    expect(await page.locator('main h1').innerText()).toMatch(/^Get the thing number 0 with everything/);
    await close();
  });
});

describe('axe and screenshots', () => {
  const pages = (): [DocsServer, string, string][] => [
    [demo, '', 'home'],
    [demo, demoSlugs.listPlants as string, 'endpoint'],
    [demo, demoSlugs.type as string, 'type'],
    [demo, demoSlugs.guide as string, 'markdown'],
    [large, largeSlugs.type as string, 'large-type'],
  ];
  it('finds no serious or critical violation in light and dark mode', async () => {
    for (const dark of [false, true]) {
      // bypassCSP only so axe-core can be injected; other suites assert the CSP itself.
      const context = await browser.newContext({ colorScheme: dark ? 'dark' : 'light', bypassCSP: true });
      const page = await context.newPage();
      for (const [server, slug, name] of pages()) {
        await openDocsPage(page, `${server.url}/${slug}`);
        expect(await seriousAxeViolations(page), `${name} ${dark ? 'dark' : 'light'}`).toEqual([]);
      }
      await context.close();
    }
  });
  it('takes screenshots of an endpoint and a type page at 1280 and 390 px, light and dark', async () => {
    await mkdir(SHOTS, { recursive: true });
    const [, endpoint, type, , largeType] = pages();
    for (const dark of [false, true])
      for (const width of [1280, 390]) {
        const context = await browser.newContext({
          viewport: { width, height: 844 },
          colorScheme: dark ? 'dark' : 'light',
        });
        const page = await context.newPage();
        for (const [server, slug, name] of [endpoint, type, largeType] as [DocsServer, string, string][]) {
          await openDocsPage(page, `${server.url}/${slug}`);
          const file = `reference-${name}-${width}-${dark ? 'dark' : 'light'}.png`;
          await page.screenshot({ path: join(SHOTS, file) });
        }
        await context.close();
      }
  });
});
