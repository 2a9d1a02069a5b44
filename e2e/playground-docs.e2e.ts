/**
 * The endpoint playground on the real demo docs site, served as `npm start` serves it: the
 * examples/ project in local mode with the registry, the HTTP proxy and the docs host on one
 * server, and the demo upstreams. From an endpoint page: Try it, the SDK languages of the
 * project's generators.yml, the port server variable pointed at the demo upstream, Send Request
 * through the proxy, the response; View in API Reference back to /{slug}; Escape closing with the
 * explorer parameter gone; a deep link restoring the form with no secrets in it; the mobile tabs
 * at 390 px. No console errors, no serious axe violations, screenshots at 1280 and 390 px.
 */
import { resolve } from 'node:path';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoServers, startDemoServers } from '../examples/servers/index.js';
import {
  findSlug,
  SCREENSHOT_DIR,
  seriousAxeViolations,
  snippetLanguagesOnceLoaded,
  watchedPage,
} from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

let app: FastifyInstance;
let demos: DemoServers;
let browser: Browser;
let origin: string;
let restPort: string;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  demos = await startDemoServers({ restPort: 0, wsPort: 0, rpcPort: 0 });
  restPort = new URL(demos.restUrl).port;
  app = await buildServer({
    mode: 'local',
    parts: { registry: true, proxy: true, wsProxy: false, docsHost: true },
    docs: { projectDir: resolve(import.meta.dirname, '../examples') },
    authInjection: { provider: { type: 'demo' } },
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const { project, error } = await app.docsHost.current();
  if (!project) throw error;
  for (const id of [
    'getPlant',
    'echoJson',
    'getWithBearer',
    'getWithBasic',
    'getWithApiKey',
    'getOAuthProfile',
    'echoCredentials',
    'streamEvents',
    'getInvoicePdf',
    'downloadReport',
  ])
    slugs[id] = findSlug(project.definition.navigation, id) ?? '';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await demos?.close();
});

async function open(slug: string, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport, bypassCSP: false });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const watched = await watchedPage(context);
  await watched.page.goto(`${origin}/${slug}`);
  await watched.page.waitForSelector('html[data-hydrated="true"]', { timeout: 90_000 });
  return watched;
}

/** Opens the explorer with Try it and points the port server variable at the demo upstream. */
async function tryIt(page: Page) {
  await page.getByRole('button', { name: 'Try it' }).click();
  await page.getByRole('dialog').waitFor();
  const port = page.getByLabel('Server variable port');
  await port.fill(restPort);
  expect(await page.getByLabel('Base URL').inputValue()).toBe(`http://localhost:${restPort}`);
}

async function send(page: Page) {
  await page.getByTestId('send').click();
  await page.locator('.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"]').waitFor();
}

async function responseJson(page: Page): Promise<unknown> {
  return JSON.parse(await page.getByRole('region', { name: 'Response body' }).innerText());
}

/** axe needs its script injected: the docs CSP forbids that, so it runs in a CSP-free copy of the state. */
async function axeOnOpenExplorer(slug: string, width = 1280): Promise<unknown[]> {
  const context = await browser.newContext({ viewport: { width, height: 860 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${origin}/${slug}?explorer=${slug === slugs.getPlant ? 'getPlant' : 'echoJson'}`);
  await page.getByRole('dialog').waitFor();
  await page.getByTestId('snippet').waitFor();
  const violations = await seriousAxeViolations(page);
  await context.close();
  return violations;
}

describe('endpoint playground on the demo docs site', () => {
  it('opens from an endpoint page, offers the SDK languages, sends through the proxy and shows the response', async () => {
    const { page, errors } = await open(slugs.getPlant ?? '');
    await tryIt(page);
    expect(new URL(page.url()).searchParams.get('explorer')).toBe('getPlant');
    expect(await snippetLanguagesOnceLoaded(page, 'Go')).toEqual([
      'cURL',
      'TypeScript',
      'Python',
      'Ruby',
      'Go',
    ]);
    await page.getByLabel('plantId').fill('2');
    expect(await page.getByTestId('snippet').innerText()).toContain(`http://localhost:${restPort}/plants/2`);
    await send(page);
    expect(await page.getByTestId('response-status').innerText()).toMatch(/^200/);
    expect(await responseJson(page)).toMatchObject({ id: 2 });
    await page.getByLabel('Snippet language').selectOption('go');
    await page.getByTestId('snippet').filter({ hasText: 'client.Plants.Get(' }).waitFor();
    expect(await page.getByTestId('snippet').innerText()).toContain('2,');
    await page.getByLabel('Snippet language').selectOption('ruby');
    await page.getByTestId('snippet').filter({ hasText: 'client.plants.get(plant_id: 2)' }).waitFor();
    await page.getByLabel('plantId').fill('3');
    await page.getByTestId('snippet').filter({ hasText: 'client.plants.get(plant_id: 3)' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-docs-1280.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('goes back to the reference page with View in API Reference, and Escape removes the explorer parameter', async () => {
    const slug = slugs.getPlant ?? '';
    const { page, errors } = await open(slug);
    await tryIt(page);
    await page.getByRole('link', { name: 'View in API Reference' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/${slug}`);
    expect(new URL(page.url()).searchParams.has('explorer')).toBe(false);
    expect(await page.locator('main h1').first().innerText()).toBe('Get a plant');
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('restores the form from a deep link that carries no secrets', async () => {
    const { page, errors } = await open(slugs.getWithBearer ?? '');
    await tryIt(page);
    await page.getByLabel('Bearer token', { exact: true }).fill('demo-token');
    await send(page);
    expect(await responseJson(page)).toEqual({ auth: 'bearer', ok: true });
    await page.getByRole('button', { name: 'Copy link to this form' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).not.toContain('demo-token');
    const encoded = new URL(link).searchParams.get('explorerForm') ?? '';
    expect(Buffer.from(encoded, 'base64url').toString()).not.toContain('demo-token');
    await page.context().close();

    const echo = await open(slugs.echoJson ?? '');
    await tryIt(echo.page);
    await echo.page.getByLabel('X-Request-Tag').fill('from-a-link');
    await echo.page.getByLabel('note', { exact: true }).fill('shared');
    await echo.page.getByRole('button', { name: 'Copy link to this form' }).click();
    const shared = await echo.page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(shared).pathname).toBe(`/${slugs.echoJson}`);
    const reopened = await open(`${slugs.echoJson}${new URL(shared).search}`);
    await reopened.page.getByRole('dialog').waitFor();
    expect(await reopened.page.getByLabel('X-Request-Tag').inputValue()).toBe('from-a-link');
    expect(await reopened.page.getByLabel('note', { exact: true }).inputValue()).toBe('shared');
    await reopened.page.getByLabel('Server variable port').fill(restPort);
    await reopened.page.keyboard.press('Control+Enter');
    await reopened.page.getByTestId('response-status').waitFor();
    expect(await responseJson(reopened.page)).toMatchObject({
      query: { note: 'shared' },
      headers: { 'x-request-tag': 'from-a-link' },
    });
    expect([...errors, ...echo.errors, ...reopened.errors]).toEqual([]);
    await echo.page.context().close();
    await reopened.page.context().close();
  });

  it('switches to Request / Response tabs at 390 px', async () => {
    const { page, errors } = await open(slugs.getPlant ?? '', { width: 390, height: 844 });
    await tryIt(page);
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('tab').allInnerTexts()).toEqual(['Request', 'Response']);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-docs-390-request.png` });
    await send(page);
    expect(await dialog.getByRole('tab', { name: 'Response' }).getAttribute('aria-selected')).toBe('true');
    expect(await responseJson(page)).toMatchObject({ id: 1 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-docs-390-response.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends basic and API-key credentials that the upstream accepts, and keeps them out of the snippet', async () => {
    const cases: [string, (page: Page) => Promise<void>, unknown][] = [
      [
        slugs.getWithBasic ?? '',
        async (page) => {
          await page.getByLabel('Username').fill('demo');
          await page.getByLabel('Password').fill('demo-password');
        },
        { auth: 'basic', user: 'demo' },
      ],
      [
        slugs.getWithApiKey ?? '',
        (page) => page.getByRole('dialog').getByLabel('X-API-Key', { exact: true }).fill('demo-api-key'),
        { auth: 'apiKey', ok: true },
      ],
    ];
    for (const [slug, fill, expected] of cases) {
      const { page, errors } = await open(slug);
      await tryIt(page);
      await send(page);
      expect(await page.getByTestId('response-status').innerText()).toMatch(/^401/);
      await fill(page);
      expect(await page.getByTestId('snippet').innerText()).not.toMatch(/demo-password|demo-api-key/);
      await send(page);
      expect(await responseJson(page)).toEqual(expected);
      expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
      await page.context().close();
    }
  });

  it('logs in with OAuth client credentials through the proxy: failure, Fetch / Refresh, the token reaches the upstream', async () => {
    const { page, errors } = await open(slugs.getOAuthProfile ?? '');
    await tryIt(page);
    await page.getByLabel('Client ID').fill('sextant-demo');
    await page.getByLabel('Client Secret').fill('wrong');
    await page.getByRole('button', { name: 'Fetch' }).click();
    await page.getByText('Failed to login with the provided credentials').waitFor();
    await page.getByLabel('Client Secret').fill('demo-secret');
    await page.getByRole('button', { name: 'Fetch' }).click();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await send(page);
    expect(await responseJson(page)).toMatchObject({ auth: 'oauth2', client: 'sextant-demo' });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-docs-oauth.png` });
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it("logs in through the docs site's identity provider (API-key injection), sends the token, and logs out", async () => {
    const slug = slugs.echoCredentials ?? '';
    const { page, errors } = await open(slug);
    await tryIt(page);
    await page.getByRole('button', { name: 'Login to send a real request' }).click();
    await page.getByRole('link', { name: 'Deny' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('alert').filter({ hasText: 'You declined to sign in' }).waitFor();
    expect(page.url()).not.toContain('error=');
    await page.getByRole('button', { name: 'Login to send a real request' }).click();
    await page.getByRole('link', { name: 'Sign in as Demo Reader' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByText('Logged in').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${slug}`);
    await page.getByLabel('Server variable port').fill(restPort);
    await send(page);
    const echo = (await responseJson(page)) as { headers: Record<string, string> };
    expect(echo.headers.authorization).toMatch(/^Bearer demo_/);
    expect(await page.getByTestId('snippet').innerText()).not.toContain(echo.headers.authorization ?? '-');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login to send a real request' }).waitFor();
    await page.getByLabel('Server variable port').fill(restPort);
    await send(page);
    expect(
      ((await responseJson(page)) as { headers: Record<string, string> }).headers.authorization,
    ).toBeUndefined();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows SSE events before the stream ends, previews a PDF and downloads under the Content-Disposition name', async () => {
    const sse = await open(slugs.streamEvents ?? '');
    await tryIt(sse.page);
    await sse.page.getByTestId('send').click();
    await sse.page
      .locator('[data-testid="response-stream"][data-done="false"] [data-testid="stream-event"]')
      .first()
      .waitFor();
    expect(await sse.page.getByTestId('stream-event').count()).toBeLessThan(5);
    await sse.page.locator('[data-testid="response-stream"][data-done="true"]').waitFor({ timeout: 15_000 });
    expect(await sse.page.getByTestId('stream-event').count()).toBe(5);
    expect(sse.errors).toEqual([]);
    await sse.page.context().close();

    const pdf = await open(slugs.getInvoicePdf ?? '');
    await tryIt(pdf.page);
    await send(pdf.page);
    await pdf.page.getByTestId('pdf-preview').waitFor();
    expect(await pdf.page.getByTestId('file-name').innerText()).toBe('invoice-42.pdf');
    expect(pdf.errors).toEqual([]);
    await pdf.page.context().close();

    const csv = await open(slugs.downloadReport ?? '');
    await tryIt(csv.page);
    await send(csv.page);
    expect(await csv.page.getByTestId('response-file').innerText()).toContain(
      'File preview not supported for text/csv',
    );
    const [download] = await Promise.all([
      csv.page.waitForEvent('download'),
      csv.page.getByTestId('response-file').getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('plants-report.csv');
    expect(csv.errors).toEqual([]);
    await csv.page.context().close();
  });

  it('keeps a history of sent requests per endpoint and restores a form from it', async () => {
    const { page, errors } = await open(slugs.getPlant ?? '');
    await tryIt(page);
    await page.getByLabel('plantId').fill('1');
    await send(page);
    await page.getByLabel('plantId').fill('2');
    await send(page);
    await page.getByText('History (2)').click();
    // Newest first: the last entry is the first request.
    await page.getByRole('dialog').getByRole('listitem').last().getByRole('button').click();
    expect(await page.getByLabel('plantId').inputValue()).toBe('1');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has no serious axe violations in the open explorer, wide and narrow', async () => {
    expect(await axeOnOpenExplorer(slugs.getPlant ?? '')).toEqual([]);
    expect(await axeOnOpenExplorer(slugs.echoJson ?? '', 390)).toEqual([]);
  });

  it("styles the JSON body editor under the page's CSP, with no CSP violation on the page", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    // Before any page script: every CSP violation of the page is kept.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { sxViolations: string[] }).sxViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sample} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        ),
      );
    });
    const { page, errors } = await watchedPage(context);
    const response = await page.goto(`${origin}/${slugs.echoJson}`);
    expect(String(response?.headers()['content-security-policy'])).toMatch(/style-src 'self'[^;]* 'nonce-/);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 90_000 });
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByLabel('Edit as JSON').check();
    await page.locator('.cm-editor .cm-content').waitFor();
    // CodeMirror's own stylesheet applies: its base theme lays the editor out as a flex column,
    // positions the scroller, and colours keywords and properties.
    const styles = await page.locator('.cm-editor').evaluate((editor) => {
      const scroller = editor.querySelector('.cm-scroller');
      return {
        editor: getComputedStyle(editor).display,
        direction: getComputedStyle(editor).flexDirection,
        scroller: scroller ? getComputedStyle(scroller).overflowX : undefined,
        styleElements: [...document.querySelectorAll('style')].filter((style) =>
          style.textContent?.includes('.cm-'),
        ).length,
      };
    });
    expect(styles).toEqual({ editor: 'flex', direction: 'column', scroller: 'auto', styleElements: 1 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-docs-json-editor.png` });
    expect(await page.evaluate(() => (window as unknown as { sxViolations: string[] }).sxViolations)).toEqual(
      [],
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
