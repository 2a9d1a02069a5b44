/**
 * Links, SEO and custom CSS of docs pages (issue #25 items 4-6), as an author and a reader meet
 * them: `sextant check` (the built CLI) on a project with three broken links lists all three with
 * file and line and exits 1, a clean project exits 0, `sextant dev` warns about each; in Chromium,
 * links written as page files lead to the pages' headings, the project's stylesheet applies with
 * no CSP violation, and the sitemap parses as XML and lists every public page (each answers 200).
 * The `.md` variant of a page and llms-full.txt carry the links the HTML page has.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petSpec, type RunningCli, runCli, startCli } from './cli-harness.js';
import { type DocsServer, openDocsPage, startDocsServer, watchedPage } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const DOCS_YML = `title: Links Demo
metadata:
  description: Guides and the Pets API.
css: [styles/custom.css]
navigation:
  - page: Welcome
    path: pages/welcome.md
  - section: Guides
    contents:
      - page: Auth
        path: pages/guides/auth.md
      - page: Pagination
        path: pages/guides/pagination.mdx
      - page: Internal
        path: pages/internal.md
        hidden: true
  - api: Pets
    spec: pets.yaml
`;

const GOOD: Record<string, string> = {
  'docs.yml': DOCS_YML,
  'pets.yaml': petSpec(),
  'pages/welcome.md':
    '---\ndescription: Start here.\n---\n# Welcome\n\nRead [about tokens](guides/auth.md#token-refresh) and [paging](./guides/pagination.mdx).\n',
  'pages/guides/auth.md':
    '# Auth\n\n## Token refresh\n\nRefresh tokens.\n\nBack to [welcome](../welcome.md).\n',
  'pages/guides/pagination.mdx':
    '# Pagination\n\n<Card title="Auth" href="auth.md#token-refresh">Tokens</Card>\n',
  'pages/internal.md': '# Internal\n\nNot for search engines.\n',
  'styles/custom.css':
    ':root { --sx-color-accent: rgb(200, 30, 90); }\n.sx-main h1 { letter-spacing: 3px; }\n',
};

/** The same project with three broken links: a missing page file, a missing heading, a missing site path. */
const BROKEN: Record<string, string> = {
  ...GOOD,
  'pages/welcome.md':
    '---\ndescription: Start here.\n---\n# Welcome\n\nRead [the missing guide](guides/missing.md).\n\nAnd [a heading](guides/auth.md#nope).\n',
  'pages/guides/auth.md': '# Auth\n\n## Token refresh\n\nSee [nowhere](/nowhere).\n',
};

async function writeProject(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

let root: string;
let browser: Browser;
let server: DocsServer;
let dev: RunningCli | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sextant-links-'));
  await writeProject(join(root, 'good'), GOOD);
  await writeProject(join(root, 'broken'), BROKEN);
  server = await startDocsServer(join(root, 'good'));
  const { project, error } = await server.app.docsHost.current();
  if (!project) throw error;
  browser = await launchBrowser();
});
afterAll(async () => {
  await dev?.stop('SIGKILL');
  await browser?.close();
  await server?.app.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('broken links in the terminal', () => {
  it('sextant check lists all three with file:line and exits 1; a clean project exits 0', async () => {
    const [broken, good] = await Promise.all([
      runCli(['check', join(root, 'broken')]),
      runCli(['check', join(root, 'good')]),
    ]);
    expect(broken.code, broken.stderr).toBe(1);
    expect(broken.stdout.trim().split('\n')).toEqual([
      'pages/guides/auth.md:5:5: "/nowhere" is not a page of this site (no page has the slug "nowhere")',
      'pages/welcome.md:6:6: "guides/missing.md": no page of this site comes from pages/guides/missing.md (docs.yml\'s navigation lists no such file)',
      'pages/welcome.md:8:5: "guides/auth.md#nope": pages/guides/auth.md has no heading "#nope"',
    ]);
    expect(broken.stderr).toContain('3 broken links in 2 files');
    expect(good.code, `${good.stdout}${good.stderr}`).toBe(0);
    expect(good.stdout).toMatch(/no broken links \(4 pages checked\)/);
  });

  it('sextant dev warns about each and still serves the site', async () => {
    dev = startCli(['dev', join(root, 'broken'), '--port', '0', '--no-registry']);
    await dev.waitFor(/Sextant dev\s+http:\/\/127\.0\.0\.1:\d+/);
    const output = dev.output();
    expect(output).toContain('warning: pages/welcome.md:6:6: "guides/missing.md"');
    expect(output).toContain('warning: pages/welcome.md:8:5: "guides/auth.md#nope"');
    expect(output).toContain('warning: pages/guides/auth.md:5:5: "/nowhere"');
  });
});

describe('the markdown variants', () => {
  /** The href of the link named `text` in a served HTML page. */
  const htmlHref = async (path: string, text: string) => {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const match = new RegExp(`<a [^>]*href="([^"]*)"[^>]*>(?:<[^>]+>)*${text}<`).exec(html);
    return match?.[1];
  };

  it("a page's .md and llms-full.txt link where its HTML page links (page files resolved the same way)", async () => {
    const welcome = await (await fetch(`${server.url}/welcome.md`)).text();
    const tokens = await htmlHref('/welcome', 'about tokens');
    expect(tokens).toBe('/guides/auth#h-token-refresh');
    expect(welcome).toContain(`[about tokens](${tokens})`);
    expect(welcome).toContain(`[paging](${await htmlHref('/welcome', 'paging')})`);
    const auth = await (await fetch(`${server.url}/guides/auth.md`)).text();
    expect(auth).toContain(`[welcome](${await htmlHref('/guides/auth', 'welcome')})`);
    const pagination = await (await fetch(`${server.url}/guides/pagination.md`)).text();
    expect(pagination).toContain('<Card title="Auth" href="/guides/auth#h-token-refresh">');
    const full = await (await fetch(`${server.url}/llms-full.txt`)).text();
    expect(full).toContain(`[about tokens](${tokens})`);
    expect(full).not.toMatch(/\]\([^)]*\.mdx?[#)]/);
  });
});

describe('in Chromium', () => {
  it('links written as page files lead to the pages and their headings', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/welcome`);
    await page.getByRole('link', { name: 'about tokens' }).click();
    await page.waitForURL(`${server.url}/guides/auth#h-token-refresh`);
    await expect(page.locator('#h-token-refresh').textContent()).resolves.toBe('Token refresh');
    await openDocsPage(page, `${server.url}/welcome`);
    expect(await page.getByRole('link', { name: 'paging' }).getAttribute('href')).toBe('/guides/pagination');
    await openDocsPage(page, `${server.url}/guides/pagination`);
    expect(await page.locator('a.sx-ccard').getAttribute('href')).toBe('/guides/auth#h-token-refresh');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the project stylesheet applies, with no CSP violation', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/guides/auth`);
    const applied = await page.evaluate(() => ({
      spacing: getComputedStyle(document.querySelector('.sx-main h1') as Element).letterSpacing,
      accent: getComputedStyle(document.documentElement).getPropertyValue('--sx-color-accent').trim(),
      sheets: [...document.styleSheets].filter((sheet) =>
        sheet.href?.includes('/_sextant/files/styles/custom.css'),
      ).length,
      violations: (window as unknown as { cspViolations: string[] }).cspViolations,
    }));
    expect(applied).toEqual({ spacing: '3px', accent: 'rgb(200, 30, 90)', sheets: 1, violations: [] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the sitemap parses as XML and lists every public page, each answering 200; robots.txt names it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/robots.txt`);
    expect(await page.locator('body').textContent()).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    const text = await (await page.request.get(`${server.url}/sitemap.xml`)).text();
    const parsed = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        namespace: doc.documentElement.namespaceURI,
        urls: [...doc.getElementsByTagName('url')].map((url) => ({
          loc: url.getElementsByTagName('loc')[0]?.textContent,
          lastmod: url.getElementsByTagName('lastmod')[0]?.textContent,
        })),
      };
    }, text);
    expect(parsed.error).toBe(false);
    expect(parsed.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const paths = parsed.urls.map((url) => new URL(url.loc ?? '').pathname);
    // Every page but the hidden one: the home page at the root, the section, guides, the API and its endpoints.
    expect(paths).toEqual([
      '/',
      '/guides',
      '/guides/auth',
      '/guides/pagination',
      '/pets',
      '/pets/get-a-pet',
      '/pets/list-pets',
      '/pets/types',
      '/pets/types/pet',
    ]);
    for (const url of parsed.urls) {
      expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect((await page.request.get(url.loc ?? '')).status(), url.loc ?? '').toBe(200);
    }
    await context.close();
  });
});
