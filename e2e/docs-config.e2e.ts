/**
 * SPEC §9 docs config, every option with a visible effect, in headless Chromium on two docs
 * projects written here: "sidebar" (searchbar and tabs in the sidebar, content left-aligned,
 * header scrolling away, every page action, a player social card, scripts with the three loading
 * strategies, a custom font, colours, logo, favicon, redirects) and "header" (searchbar in the
 * tabs row, header tabs, centred content, fixed header). Markdown pages use the five layouts.
 * Both projects: no console errors, no serious axe violations, screenshots at 1280 and 390 px.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocsServer,
  openDocsPage,
  screenshots,
  seriousAxeViolations,
  startDocsServer,
  watchedPage,
} from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const SPEC = `openapi: 3.1.0
info: { title: Plants, version: '1' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /plants/{id}:
    get:
      operationId: getPlant
      tags: [plants]
      summary: Get a plant
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: OK } }
`;
const page = (title: string, layout: string, body: string) =>
  `---\ntitle: ${title}\nlayout: ${layout}\n---\n\n${body}\n`;
const LONG = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} of a long page.`).join('\n\n');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

const NAVIGATION = `navigation:
  - section: Guides
    slug: guides
    contents:
      - page: Guide
        path: pages/guide.md
      - page: Overview
        path: pages/overview.md
      - page: Plain page
        path: pages/page.md
      - page: Custom
        path: pages/custom.md
      - page: Reference notes
        path: pages/reference.md
  - api: Plants API
    spec: api.yaml
    slug: api
`;

const SIDEBAR_YML = `title: Config Sidebar
logo: { light: assets/logo.svg, height: 24 }
favicon: assets/favicon.svg
colors:
  accentPrimary: { light: "#b4237a", dark: "#ff8fc8" }
  sidebarBackground: "#fbf4f8"
theme: light
layout:
  searchbarPlacement: SIDEBAR
  tabsPlacement: SIDEBAR
  contentAlignment: LEFT
  headerPosition: ABSOLUTE
pageActions: [copyPage, viewAsMarkdown, askAi, openAi, claude, cursor, vscode]
metadata:
  description: Every docs.yml option, switched away from its default.
  socialCard: player
  ogImage: assets/logo.svg
  twitterSite: "@sextant"
  twitterPlayer: { url: "https://player.example.com/embed/1", width: 480, height: 270 }
scripts:
  - { src: assets/before.js, strategy: beforeInteractive }
  - { src: assets/after.js, strategy: afterInteractive }
  - { src: assets/lazy.js, strategy: lazyOnload }
fonts:
  body: { name: Demo Sans, src: assets/demo.ttf, display: fallback }
redirects:
  - { source: /old-guide, destination: /guides/guide, permanent: true }
  - { source: /moved/*, destination: /guides/*, permanent: false }
${NAVIGATION}`;

const HEADER_YML = `title: Config Header
theme: light
layout:
  searchbarPlacement: HEADER_TABS
  tabsPlacement: HEADER
  contentAlignment: CENTER
  headerPosition: FIXED
${NAVIGATION}`;

// Each script records when it ran; the page's CSP allows only files of the site.
const SCRIPTS: Record<string, string> = {
  'before.js':
    'window.sxRan = [["before", document.body === null, document.readyState, !!document.documentElement.dataset.hydrated]];\n',
  'after.js':
    '(window.sxRan = window.sxRan || []).push(["after", document.body === null, document.readyState, !!document.documentElement.dataset.hydrated]);\n',
  'lazy.js':
    '(window.sxRan = window.sxRan || []).push(["lazy", document.body === null, document.readyState, !!document.documentElement.dataset.hydrated]);\n',
};

async function writeProject(dir: string, docsYml: string): Promise<void> {
  await mkdir(join(dir, 'pages'), { recursive: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'docs.yml'), docsYml);
  await writeFile(join(dir, 'api.yaml'), SPEC);
  await writeFile(
    join(dir, 'pages/guide.md'),
    page('Guide', 'guide', `## First\n\n${LONG}\n\n## Second\n\nMore.`),
  );
  await writeFile(join(dir, 'pages/overview.md'), page('Overview', 'overview', 'An overview.'));
  await writeFile(join(dir, 'pages/page.md'), page('Plain page', 'page', 'A page without sidebar.'));
  await writeFile(join(dir, 'pages/custom.md'), page('Custom', 'custom', '# My own title\n\nAll mine.'));
  await writeFile(join(dir, 'pages/reference.md'), page('Reference notes', 'reference', 'Wide notes.'));
  const svg = (fill: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><title>logo</title><circle cx="12" cy="12" r="10" fill="${fill}"/></svg>`;
  await writeFile(join(dir, 'assets/logo.svg'), svg('#b4237a'));
  await writeFile(join(dir, 'assets/favicon.svg'), svg('#2a7'));
  for (const [name, code] of Object.entries(SCRIPTS)) await writeFile(join(dir, 'assets', name), code);
  await copyFile(FONT, join(dir, 'assets/demo.ttf'));
}

let browser: Browser;
let sidebar: DocsServer;
let header: DocsServer;
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sextant-docs-config-'));
  await writeProject(join(root, 'sidebar'), SIDEBAR_YML);
  await writeProject(join(root, 'header'), HEADER_YML);
  sidebar = await startDocsServer(join(root, 'sidebar'));
  header = await startDocsServer(join(root, 'header'));
  for (const server of [sidebar, header]) {
    const { project, error } = await server.app.docsHost.current();
    if (!project) throw error;
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await sidebar?.app.close();
  await header?.app.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const box = async (page: Page, selector: string) => page.locator(selector).first().boundingBox();

describe('docs.yml options (SPEC §9)', () => {
  it('places the searchbar in the sidebar, the tabs row or the header tools, and each opens search', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${sidebar.url}/guides/guide`);
    expect(await page.locator('.sx-header .sx-search-button').count()).toBe(0);
    const inSidebar = page.locator('#sx-sidebar .sx-search-sidebar');
    await expect(inSidebar.isVisible()).resolves.toBe(true);
    await inSidebar.click();
    await page.getByRole('dialog').waitFor();

    await openDocsPage(page, `${header.url}/guides/guide`);
    expect(await page.locator('#sx-sidebar .sx-search-button').count()).toBe(0);
    expect(await page.locator('#sx-tools .sx-search-button').count()).toBe(0);
    // HEADER_TABS: in the header, right after the tabs.
    const tabs = await box(page, '.sx-header .sx-tabs-nav');
    const search = await box(page, '.sx-header .sx-search-tabs');
    expect(tabs && search && search.x >= tabs.x + tabs.width - 1).toBe(true);
    await page.locator('.sx-search-tabs').click();
    await page.getByRole('dialog').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts the tabs in the header or atop the sidebar', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await openDocsPage(page, `${sidebar.url}/guides/guide`);
    expect(await page.locator('.sx-header .sx-tabs-nav').count()).toBe(0);
    await expect(page.locator('#sx-sidebar .sx-tabs-nav').isVisible()).resolves.toBe(true);
    await openDocsPage(page, `${header.url}/guides/guide`);
    await expect(page.locator('.sx-header .sx-tabs-nav').isVisible()).resolves.toBe(true);
    await expect(page.locator('#sx-sidebar .sx-tabs-nav').isVisible()).resolves.toBe(false);
    await context.close();
  });

  it('aligns the content left or centre, and lets the header scroll away or stay', async () => {
    const context = await browser.newContext({ viewport: { width: 1900, height: 900 } });
    const page = await context.newPage();
    await openDocsPage(page, `${sidebar.url}/guides/guide`);
    expect((await box(page, '.sx-body'))?.x).toBe(0);
    await page.mouse.wheel(0, 800);
    await page.waitForFunction(() => window.scrollY > 400);
    expect((await box(page, '.sx-header'))?.y ?? 0).toBeLessThan(0);

    await openDocsPage(page, `${header.url}/guides/guide`);
    expect((await box(page, '.sx-body'))?.x ?? 0).toBeGreaterThan(100);
    await page.mouse.wheel(0, 800);
    await page.waitForFunction(() => window.scrollY > 400);
    expect((await box(page, '.sx-header'))?.y).toBe(0);
    await context.close();
  });

  it('renders the five page layouts', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const layout = async (slug: string) => {
      await openDocsPage(page, `${header.url}/guides/${slug}`);
      return page.evaluate(() => ({
        layout: document.documentElement.dataset.layout,
        sidebar: Boolean(document.querySelector('#sx-sidebar')),
        toc: Boolean(document.querySelector('.sx-toc')),
        titles: Array.from(document.querySelectorAll('main h1')).map((h) => h.textContent),
        width: document.querySelector('.sx-article')?.getBoundingClientRect().width ?? 0,
      }));
    };
    const guide = await layout('guide');
    expect(guide).toMatchObject({ layout: 'guide', sidebar: true, toc: true, titles: ['Guide'] });
    expect(await layout('overview')).toMatchObject({ layout: 'overview', sidebar: true, toc: false });
    const plain = await layout('plain-page');
    expect(plain).toMatchObject({ layout: 'page', sidebar: false, toc: false, titles: ['Plain page'] });
    // custom: no sidebar and no generated title; the markdown brings its own.
    expect(await layout('custom')).toMatchObject({
      layout: 'custom',
      sidebar: false,
      titles: ['My own title'],
    });
    const reference = await layout('reference-notes');
    expect(reference).toMatchObject({ layout: 'reference', sidebar: true, toc: false });
    expect(reference.width).toBeGreaterThan(guide.width);
    await context.close();
  });

  it('renders every page action, with prompts that point at the page markdown', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${sidebar.url}/api/plants/get-a-plant`);
    const actions = page.locator('.sx-page-actions');
    const md = `${sidebar.url}/api/plants/get-a-plant.md`;
    const prompt = encodeURIComponent(`Read ${md} so I can ask you questions about it.`);
    await page.waitForFunction(
      (url) => document.querySelector('[data-action="claude"]')?.getAttribute('href')?.includes(url),
      encodeURIComponent(md),
    );
    const hrefs = await actions
      .locator('a[data-action]')
      .evaluateAll((links) => links.map((a) => [a.getAttribute('data-action'), a.getAttribute('href')]));
    expect(hrefs).toEqual([
      ['openAi', `https://chatgpt.com/?hints=search&q=${prompt}`],
      ['claude', `https://claude.ai/new?q=${prompt}`],
      ['cursor', `https://cursor.com/link/prompt?text=${prompt}`],
      ['vscode', `vscode://GitHub.Copilot-Chat/chat?prompt=${prompt}`],
    ]);
    await expect(actions.getByRole('link', { name: 'View as Markdown' }).count()).resolves.toBe(1);
    await actions.getByRole('button', { name: /^Ask AI/ }).click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()).startsWith('Read '));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(decodeURIComponent(prompt));
    // The header project keeps the default actions only.
    await openDocsPage(page, `${header.url}/api/plants/get-a-plant`);
    expect(await page.locator('.sx-page-actions a[data-action], .sx-page-actions button').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs scripts by strategy: before the body, once hydrated, after load', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${sidebar.url}/guides/guide`);
    await page.waitForFunction(() => (window as unknown as { sxRan?: unknown[] }).sxRan?.length === 3);
    const ran = await page.evaluate(() => (window as unknown as { sxRan: unknown[][] }).sxRan);
    // [name, body missing, readyState, hydrated]: before runs in the head; after once the page is
    // hydrated (hydration is time-sliced, so load may or may not have fired); lazy after load.
    expect(ran).toEqual([
      ['before', true, 'loading', false],
      ['after', false, expect.stringMatching(/^(interactive|complete)$/), true],
      ['lazy', false, 'complete', true],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('applies colours, font and font-display, logo, favicon and social card', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${sidebar.url}/guides/guide`);
    const head = await page.evaluate(() => ({
      card: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content'),
      site: document.querySelector('meta[name="twitter:site"]')?.getAttribute('content'),
      image: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      icon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
      player: ['twitter:player', 'twitter:player:width', 'twitter:player:height', 'twitter:title'].map(
        (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content'),
      ),
    }));
    expect(head).toMatchObject({
      card: 'player',
      site: '@sextant',
      description: expect.stringMatching(/^Every/),
      // A player card carries the player, its size and a title (X/Twitter's required fields).
      player: ['https://player.example.com/embed/1', '480', '270', expect.any(String)],
    });
    // Social cards need an absolute image URL: on the origin the page was read from.
    expect(head.image?.startsWith(`${new URL(sidebar.url).origin}/`)).toBe(true);
    // Small images may be inlined as data: URLs; either way it must be our favicon.
    const read = async (href: string) =>
      href.startsWith('data:')
        ? Buffer.from(href.slice(href.indexOf(',') + 1), 'base64').toString()
        : (await page.request.get(new URL(href, page.url()).href)).text();
    expect(await read(head.icon ?? '')).toContain('fill="#2a7"');
    expect(await read(head.image ?? '')).toContain('fill="#b4237a"');
    const logo = page.locator('.sx-logo-light');
    await page.waitForFunction(
      () => (document.querySelector('.sx-logo-light') as HTMLImageElement)?.complete,
    );
    expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const styles = await page.evaluate(async () => {
      await document.fonts.ready;
      const root = getComputedStyle(document.documentElement);
      return {
        accent: root.getPropertyValue('--sx-color-accent').trim(),
        sidebar: getComputedStyle(document.querySelector('#sx-sidebar') as Element).backgroundColor,
        font: getComputedStyle(document.body).fontFamily,
        fontLoaded: document.fonts.check('16px "Demo Sans"'),
        display: [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'Demo Sans')?.display,
      };
    });
    expect(styles).toEqual({
      accent: '#b4237a',
      sidebar: 'rgb(251, 244, 248)',
      font: expect.stringMatching(/^"Demo Sans"/),
      fontLoaded: true,
      display: 'fallback',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('redirects permanently and temporarily, keeping the rest of a wildcard path', async () => {
    const permanent = await fetch(`${sidebar.url}/old-guide`, { redirect: 'manual' });
    expect([301, 308]).toContain(permanent.status);
    expect(permanent.headers.get('location')).toBe('/guides/guide');
    const temporary = await fetch(`${sidebar.url}/moved/overview`, { redirect: 'manual' });
    expect([302, 307]).toContain(temporary.status);
    expect(temporary.headers.get('location')).toBe('/guides/overview');
  });

  it('has no serious axe violations on either project', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    for (const url of [
      `${sidebar.url}/guides/guide`,
      `${sidebar.url}/api/plants/get-a-plant`,
      `${header.url}/guides/guide`,
      `${header.url}/guides/custom`,
    ]) {
      await openDocsPage(page, url);
      expect(await seriousAxeViolations(page), url).toEqual([]);
    }
    await context.close();
  });

  it('takes screenshots at 1280 and 390 px', async () => {
    await screenshots(browser, `${sidebar.url}/api/plants/get-a-plant`, 'config-sidebar-endpoint');
    await screenshots(browser, `${header.url}/guides/guide`, 'config-header-guide');
  });
});
