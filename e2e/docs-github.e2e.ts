/**
 * The docs site on GitHub's REST spec (1223 operations) in headless Chromium: the endpoint page
 * of GET /repos/{owner}/{repo} renders and hydrates, nested types expand, "Try it" opens and
 * closes the playground through the URL, search finds the endpoint, the sidebar navigates, no
 * console errors, no serious axe violations; screenshots at 1280 and 390 px.
 */
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DocsServer,
  detachedServerElements,
  hydrationChanges,
  openDocsPage,
  recordServerHtml,
  screenshots,
  seriousAxeViolations,
  startDocsServer,
  watchedPage,
} from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const GITHUB_SPEC = resolve(
  import.meta.dirname,
  '../test-data/node_modules/@octokit/openapi/generated/api.github.com.json',
);

let server: DocsServer;
let browser: Browser;
let endpointSlug: string;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-github-docs-'));
  // A copy: a project never reads through a symlink that leads out of its folder.
  await copyFile(GITHUB_SPEC, join(dir, 'github.json'));
  await writeFile(
    join(dir, 'docs.yml'),
    'title: GitHub REST API\nnavigation:\n  - api: REST API\n    spec: github.json\n    slug: rest\n',
  );
  server = await startDocsServer(dir);
  const { project, error } = await server.app.docsHost.current();
  if (!project) throw error;
  const bySlug = JSON.stringify(project.definition.navigation);
  endpointSlug =
    /"slug":"(rest\/repos\/get-a-repository)","apiId":"[^"]+","endpointId":"repos\/get"/.exec(bySlug)?.[1] ??
    '';
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.app.close();
});

describe('docs site on GitHub REST', () => {
  it('shows a page whose gzip body the server spliced from shared parts (issue #30)', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    const response = await page.goto(`${server.url}/${endpointSlug}`);
    // The body arrived gzip-encoded: its stylesheets and sidebar chunks compressed once, apart.
    expect(response?.headers()['content-encoding']).toBe('gzip');
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
    await expect(page.locator('h1').textContent()).resolves.toBe('Get a repository');
    // The inlined sheets applied (CSP allows them by hash: a changed byte would block them).
    expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.sx-sidebar').evaluate((nav) => getComputedStyle(nav).position)).toBe(
      'sticky',
    );
    // The sidebar whole: the page's own link current, its group's other links around it.
    await expect(page.locator('.sx-sidebar a[aria-current="page"]').getAttribute('href')).resolves.toBe(
      `/${endpointSlug}`,
    );
    expect(await page.locator('.sx-sidebar a.sx-nav-link').count()).toBeGreaterThan(100);
    expect(await page.evaluate(() => document.documentElement.outerHTML.endsWith('</html>'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders and hydrates GET /repos/{owner}/{repo} with no console errors', async () => {
    expect(endpointSlug).toBe('rest/repos/get-a-repository');
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/${endpointSlug}`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Get a repository');
    await expect(page.locator('.sx-endpoint-line .sx-path').textContent()).resolves.toBe(
      '/repos/{owner}/{repo}',
    );
    expect(await page.locator('.sx-prop-name', { hasText: /^owner$/ }).count()).toBeGreaterThan(0);
    // Expand a nested type of the response, then collapse it.
    const toggle = page.locator('.sx-expand-toggle').first();
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    // Its rows come with the page's full view, loaded on the first expansion.
    await page.locator('.sx-expand-body .sx-prop').first().waitFor();
    // Switch the snippet tab by keyboard.
    await page.locator('.sx-tab', { hasText: 'cURL' }).first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.sx-tab[aria-selected="true"]').first().textContent()).resolves.toBe(
      'TypeScript',
    );
    expect(await page.locator('.sx-code-panel:not([hidden])').first().textContent()).toContain('fetch(');
    // The long response example shows its first lines; the control shows it whole, highlighted.
    const example = page.locator('section[aria-label="Response"]').first();
    const shown = async () => (await example.locator('.sx-code-panel:not([hidden])').textContent()) ?? '';
    expect((await shown()).split('\n').length).toBe(40);
    await example.getByRole('button', { name: /^Show full example \(\d+ lines\)$/ }).click();
    await example.locator('.sx-show-more').waitFor({ state: 'detached' });
    expect((await shown()).split('\n').length).toBeGreaterThan(40);
    expect(await example.locator('.sx-code-panel:not([hidden]) span').count()).toBeGreaterThan(100);
    // Try it: the explorer parameter opens the playground, Escape closes it and removes the parameter.
    await page.click('#sx-try-it');
    await page.waitForSelector('.sx-playground', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('explorer')).toBe('repos/get');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.sx-playground', { state: 'detached' });
    expect(new URL(page.url()).searchParams.has('explorer')).toBe(false);
    // A deep link with the parameter opens the playground straight away.
    await openDocsPage(page, `${server.url}/${endpointSlug}?explorer=repos%2Fget`);
    await page.waitForSelector('.sx-playground', { timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates every island in place, as the server sent it, and every island answers', async () => {
    const context = await browser.newContext();
    // Once the document is parsed, before the page's scripts run, note every element the server
    // sent and its HTML: hydration must adopt them all as they are, not render the page again.
    await recordServerHtml(context);
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/${endpointSlug}`);
    const elements = await detachedServerElements(page);
    expect(elements.sent).toBeGreaterThan(500);
    expect(elements.detached).toBe(0);
    expect(await hydrationChanges(page)).toEqual([]);
    // The 200 response lists its properties in consecutive lists; an expander (an island) in the
    // last one answers, and names the body it shows.
    const response = page.locator('section[aria-label="Response 200"]');
    expect(
      await response.locator(':scope > .sx-shape > ul.sx-props, :scope > ul.sx-props').count(),
    ).toBeGreaterThan(1);
    // A fixed index: once it opens, the nested rows add toggles after it.
    const toggles = response.locator('.sx-expand-toggle');
    const lastToggle = toggles.nth((await toggles.count()) - 1);
    await expect(lastToggle.getAttribute('aria-controls')).resolves.toBeNull();
    await lastToggle.click();
    await expect(lastToggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const bodyId = await lastToggle.getAttribute('aria-controls');
    expect(bodyId).toBeTruthy();
    await page.locator(`[id="${bodyId}"]`).waitFor();
    // Tabs and panels name each other with the ids the server rendered.
    const snippets = page.locator('section[aria-label="Request"]');
    await snippets.locator('.sx-tab', { hasText: 'Python' }).click();
    const pairs = await snippets.evaluate((section) =>
      [...section.querySelectorAll('[role="tab"]')].map((tab) => {
        const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
        return {
          panel: panel?.getAttribute('role'),
          back: panel?.getAttribute('aria-labelledby') === tab.id,
          shown: tab.getAttribute('aria-selected') === 'true' ? !panel?.hidden : panel?.hidden,
        };
      }),
    );
    expect(pairs.length).toBeGreaterThan(2);
    expect(pairs).toEqual(pairs.map(() => ({ panel: 'tabpanel', back: true, shown: true })));
    expect(await snippets.locator('.sx-code-panel:not([hidden])').textContent()).toContain('requests.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('replays the clicks a reader makes before the page has hydrated', async () => {
    const context = await browser.newContext();
    // Hold the hydration chunk: the page stays server HTML until it is released.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(/\/hydrate-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const { page, errors } = await watchedPage(context);
    await page.goto(`${server.url}/${endpointSlug}`, { waitUntil: 'domcontentloaded' });
    const toggle = page.locator('section[aria-label="Response 200"] .sx-expand-toggle').first();
    const python = page.locator('section[aria-label="Request"] .sx-tab', { hasText: 'Python' });
    await toggle.click();
    await python.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(python.getAttribute('aria-selected')).resolves.toBe('false');
    release();
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(python.getAttribute('aria-selected')).resolves.toBe('true');
    expect(
      await page.locator('section[aria-label="Request"] .sx-code-panel:not([hidden])').textContent(),
    ).toContain('requests.');
    // A click once hydrated is handled once, not replayed.
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds the endpoint with search and navigates to it by keyboard', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/rest`);
    // A large site searches on the server: the first search moves the dialog and a few answers, never the index.
    const moved: { url: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      const body = await response.body().catch(() => Buffer.alloc(0));
      moved.push({ url: response.url(), bytes: body.length });
    });
    await page.keyboard.press('/');
    const input = page.locator('.sx-search-input');
    await input.waitFor();
    await input.fill('get a repository');
    await page.waitForSelector('.sx-search-hit');
    const titles = await page.locator('.sx-search-hit .sx-search-title').allTextContents();
    expect(titles[0]).toBe('Get a repository');
    expect(moved.some((r) => r.url.includes('/_sextant/search?q='))).toBe(true);
    expect(moved.some((r) => r.url.includes('search-index.json'))).toBe(false);
    expect(moved.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThan(50 * 1024);
    const position = titles.indexOf('Get a repository');
    for (let i = 0; i < position; i++) await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(`**/${endpointSlug}`), page.keyboard.press('Enter')]);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('navigates through the sidebar', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/${endpointSlug}`);
    const link = page.locator('#sx-sidebar a.sx-nav-link', { hasText: 'List repository contributors' });
    await Promise.all([page.waitForURL('**/rest/repos/list-repository-contributors'), link.click()]);
    await expect(page.locator('h1').textContent()).resolves.toBe('List repository contributors');
    await expect(page.locator('#sx-sidebar [aria-current="page"]').textContent()).resolves.toContain(
      'List repository contributors',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violations on the endpoint page and an overview page', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    for (const slug of [endpointSlug, 'rest/repos']) {
      await openDocsPage(page, `${server.url}/${slug}`);
      expect(await seriousAxeViolations(page), slug).toEqual([]);
    }
    await context.close();
  });

  it('takes screenshots at 1280 and 390 px', async () => {
    await screenshots(browser, `${server.url}/${endpointSlug}`, 'github-endpoint');
  });
});
