/**
 * The playground behaviour a reader trusts (issue #17 items 1, 2, 3, 4, 5, 11, 12), on the demo
 * docs site as `npm start` serves it (local mode: registry, HTTP and WebSocket proxies, docs host,
 * the demo identity provider, a WebSocket message limit of 6) with the demo upstreams:
 * the registry's own reference sends to its origin; the docs login fills the schemes one token
 * serves and the badge is honest; Escape in a field keeps the explorer open and a reopened
 * explorer keeps the form; proxy failures, a malformed base URL and a JSON-RPC error show Failed
 * with the reason; an image response previews; the WebSocket panel follows new messages, names
 * the close code and asks before a new session; the request preview scrolls, wraps and is
 * coloured. Screenshots of the open playground at 1280 and 390 px go to /tmp/shots-B/.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NavItem } from '@sextant/definition';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoServers, startDemoServers } from '../examples/servers/index.js';
import { watchedPage } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const SHOTS = process.env.PLAYGROUND_SHOTS_DIR ?? '/tmp/shots-B';
const WS_LIMIT = 6;

let app: FastifyInstance;
let demos: DemoServers;
let browser: Browser;
let origin: string;
let restPort: string;
let clientDir: string;
const slugs: Record<string, string> = {};

/** The slug of the page for an endpoint or channel id (under the slug `prefix`) in a docs navigation tree. */
function slugOf(items: NavItem[], id: string, prefix = ''): string | undefined {
  for (const item of items) {
    const matches =
      (item.type === 'endpoint' && item.endpointId === id) ||
      (item.type === 'channel' && item.channelId === id);
    if (matches && item.slug.startsWith(prefix)) return item.slug;
    const inner = 'children' in item ? slugOf(item.children, id, prefix) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  demos = await startDemoServers({ restPort: 0, wsPort: 0, rpcPort: 0 });
  restPort = new URL(demos.restUrl).port;
  // A private copy of the built docs client: a rebuild elsewhere (another test file, a
  // developer) swaps packages/docs-site/dist/client and would take this server's hashed chunks away.
  clientDir = await mkdtemp(join(tmpdir(), 'sextant-reader-client-'));
  await cp(resolve(import.meta.dirname, '../packages/docs-site/dist/client'), clientDir, { recursive: true });
  app = await buildServer({
    mode: 'local',
    logger: false,
    parts: { registry: true, proxy: true, wsProxy: true, docsHost: true },
    docs: { projectDir: resolve(import.meta.dirname, '../examples'), clientDir },
    authInjection: { provider: { type: 'demo' } },
    proxy: { ws: { messageLimit: WS_LIMIT } },
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const { project, error } = await app.docsHost.current();
  if (!project) throw error;
  const ids: [string, string][] = [
    ['loadApiDefinition', 'registry'],
    ['echoJson', 'rest'],
    ['getWithBearer', 'rest'],
    ['getWithBasic', 'rest'],
    ['getWithApiKey', 'rest'],
    ['getLeafImage', 'rest'],
    ['getPlant', 'rest'],
    ['rpc:getPlant', 'rpc'],
    ['chat', 'ws'],
  ];
  for (const [key, prefix] of ids)
    slugs[key] = slugOf(project.definition.navigation, key.replace(/^rpc:/, ''), prefix) ?? '';
  const missing = Object.entries(slugs).filter(([, slug]) => slug === '');
  if (missing.length > 0) throw new Error(`no page for ${missing.map(([key]) => key).join(', ')}`);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await demos?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

async function open(slug: string, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport });
  const watched = await watchedPage(context);
  await watched.page.goto(`${origin}/${slug}`);
  await watched.page.waitForSelector('html[data-hydrated="true"]', { timeout: 90_000 });
  return watched;
}

async function tryIt(page: Page, port: string | null = restPort) {
  await page.getByRole('button', { name: 'Try it' }).click();
  await page.getByRole('dialog').waitFor();
  if (port) await page.getByLabel('Server variable port').fill(port);
}

async function send(page: Page) {
  await page.getByTestId('send').click();
  await page.locator('.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"]').waitFor();
}

async function responseJson(page: Page): Promise<unknown> {
  return JSON.parse(await page.getByRole('region', { name: 'Response body' }).innerText());
}

const failure = (page: Page) => page.locator('.sx-pg-response').getAttribute('data-failure');

describe('the playground a reader can trust (issue #17)', () => {
  it("1: the registry's own reference sends to the origin that serves it", async () => {
    expect(slugs.loadApiDefinition).not.toBe('');
    const { page, errors } = await open(slugs.loadApiDefinition ?? '');
    await tryIt(page, null);
    expect(await page.getByLabel('Base URL').inputValue()).toBe(origin);
    await page.getByRole('dialog').getByLabel('id', { exact: true }).fill('no-such-definition');
    expect(await page.getByTestId('snippet').innerText()).toContain(
      `${origin}/registry/api/load/no-such-definition`,
    );
    await send(page);
    // The registry itself answered (its named error), not the proxy's 400 for an empty base URL.
    expect(await page.locator('.sx-pg-response').getAttribute('data-state')).toBe('loaded');
    expect(await page.getByTestId('response-status').innerText()).toMatch(/^404/);
    expect(await responseJson(page)).toMatchObject({ error: 'ApiDoesNotExistError' });
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it('2: the docs login fills bearer and API-key schemes (the upstream accepts it), and says basic auth is not served', async () => {
    const { page, errors } = await open(slugs.getWithBearer ?? '');
    await tryIt(page);
    const status = page.getByTestId('auth-status');
    expect(await status.innerText()).toBe('Not authenticated');
    // The card's body is not cut under its title: the Login button sits inside the card's box.
    const card = await page.locator('.sx-pg-auth').boundingBox();
    const login = page.getByRole('button', { name: 'Login to send a real request' });
    const button = await login.boundingBox();
    expect(card && button && button.y + button.height <= card.y + card.height).toBe(true);
    await login.click();
    await page.getByRole('link', { name: 'Sign in as Demo Reader' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByText('Logged in').waitFor();
    expect(await status.innerText()).toBe('Authenticated');
    await page.getByLabel('Server variable port').fill(restPort);
    await send(page);
    expect(await responseJson(page)).toEqual({ auth: 'bearer', ok: true });
    await page.screenshot({ path: `${SHOTS}/auth-logged-in-1280.png` });
    await page.context().close();

    // A fresh browser context (no session yet): log in on the API-key endpoint, then visit basic.
    const apiKey = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const keyPage = await apiKey.newPage();
    await keyPage.goto(`${origin}/${slugs.getWithApiKey}`);
    await keyPage.waitForSelector('html[data-hydrated="true"]');
    await tryIt(keyPage);
    await keyPage.getByRole('button', { name: 'Login to send a real request' }).click();
    await keyPage.getByRole('link', { name: 'Sign in as Demo Reader' }).click();
    await keyPage.getByRole('dialog').waitFor();
    await keyPage.getByText('Logged in').waitFor();
    expect(await keyPage.getByTestId('auth-status').innerText()).toBe('Authenticated');
    await keyPage.getByLabel('Server variable port').fill(restPort);
    await send(keyPage);
    expect(await responseJson(keyPage)).toEqual({ auth: 'apiKey', ok: true });

    await keyPage.goto(`${origin}/${slugs.getWithBasic}`);
    await keyPage.waitForSelector('html[data-hydrated="true"]');
    await tryIt(keyPage);
    await keyPage.getByText('Logged in').waitFor();
    expect(await keyPage.getByTestId('auth-status').innerText()).toBe('Not authenticated');
    expect(await keyPage.getByTestId('injection-note').innerText()).toContain(
      'needs a username and password',
    );
    await keyPage.getByLabel('Username').fill('demo');
    await keyPage.getByLabel('Password').fill('demo-password');
    expect(await keyPage.getByTestId('auth-status').innerText()).toBe('Authenticated');
    await send(keyPage);
    expect(await responseJson(keyPage)).toEqual({ auth: 'basic', user: 'demo' });
    expect(errors).toEqual([]);
    await apiKey.close();
  });

  it('3: Escape in a field or a select keeps the explorer; a reopened explorer keeps the form', async () => {
    const { page, errors } = await open(slugs.echoJson ?? '');
    await page.getByRole('button', { name: 'Try it' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const tag = page.getByLabel('X-Request-Tag');
    await tag.fill('kept-across-close');
    await tag.press('Escape');
    await page.getByLabel('Snippet language').focus();
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(1);
    // Outside an editable control Escape closes the explorer.
    await page.locator('.sx-pg-title').click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Try it' }).click();
    await dialog.waitFor();
    expect(await page.getByLabel('X-Request-Tag').inputValue()).toBe('kept-across-close');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('4: an unreachable upstream and a malformed base URL show Failed with the reason, and so does a JSON-RPC error', async () => {
    const { page, errors } = await open(slugs.getPlant ?? '');
    await tryIt(page);
    const base = page.getByLabel('Base URL');
    await base.fill('http://127.0.0.1:9');
    await send(page);
    expect(await failure(page)).toBe('proxy');
    expect(await page.locator('.sx-pg-response .sx-pg-badge-error').innerText()).toBe('Failed');
    expect(await page.getByTestId('response-status').count()).toBe(0);
    expect(await page.getByTestId('response-error').innerText()).toMatch(
      /could not be reached.*ProxyUpstreamUnreachableError/,
    );
    await base.fill('htp//localhost:4010');
    await send(page);
    expect(await failure(page)).toBe('input');
    expect(await page.getByTestId('response-error').innerText()).toContain(
      'The base URL "htp//localhost:4010" is not an absolute URL',
    );
    await page.context().close();

    const rpc = await open(slugs['rpc:getPlant'] ?? '');
    await tryIt(rpc.page, null);
    await rpc.page.getByLabel('Base URL').fill(demos.rpcUrl);
    await rpc.page.getByRole('dialog').getByLabel('id', { exact: true }).fill('999');
    await send(rpc.page);
    expect(await failure(rpc.page)).toBe('rpc');
    expect(await rpc.page.getByTestId('response-error').innerText()).toMatch(/^JSON-RPC error -32004: /);
    const badge = rpc.page.getByTestId('response-status');
    expect(await badge.getAttribute('class')).not.toContain('sx-pg-badge-success');
    expect([...errors, ...rpc.errors].filter((e) => !e.includes('502'))).toEqual([]);
    await rpc.page.context().close();
  });

  it('5: an image response previews under the CSP (img-src blob:)', async () => {
    const { page, errors } = await open(slugs.getLeafImage ?? '');
    await tryIt(page);
    await send(page);
    const image = page.locator('.sx-pg-image');
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.sx-pg-image');
      return img?.complete === true;
    });
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    const csp = (await page.request.get(`${origin}/${slugs.getLeafImage}`)).headers()[
      'content-security-policy'
    ];
    expect(csp).toMatch(/img-src [^;]*blob:/);
    expect(csp).toMatch(/media-src [^;]*blob:/);
    expect(csp).toMatch(/frame-src [^;]*blob:/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('11: the Messages panel follows new messages, the close alert names the code, and after the limit Send asks for Reconnect', async () => {
    const { page, errors } = await open(slugs.chat ?? '', { width: 1280, height: 640 });
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByLabel('Base URL').fill(demos.wsUrl);
    await page.getByTestId('ws-connect').click();
    await page.getByTestId('ws-badge').filter({ hasText: 'Connected' }).waitFor();
    const say = page.getByRole('button', { name: /^Send message Say/ });
    for (let i = 0; i < 3; i++) await say.click();
    const end = page.locator('[data-origin="endSample"]');
    await end.waitFor();
    // The newest row is in view: the list scrolled to it.
    expect(await end.isVisible()).toBe(true);
    const inView = await end.evaluate((row) => {
      const list = row.closest('ol') as HTMLElement;
      const a = row.getBoundingClientRect();
      const b = list.getBoundingClientRect();
      return a.top >= b.top - 1 && a.bottom <= b.bottom + 1 && list.scrollHeight > list.clientHeight;
    });
    expect(inView).toBe(true);
    await page.screenshot({ path: `${SHOTS}/ws-end-of-session-1280.png` });
    // The next Send does not open a new session on its own.
    await say.click();
    await page.getByTestId('ws-ended').filter({ hasText: 'Your message was not sent' }).waitFor();
    expect(await page.getByTestId('ws-badge').innerText()).toBe('Not connected');
    expect(await page.getByTestId('ws-connect').innerText()).toBe('Reconnect');
    await page.getByTestId('ws-ended').getByRole('button', { name: 'Reconnect' }).click();
    await page.getByTestId('ws-badge').filter({ hasText: 'Connected' }).waitFor();
    expect(await page.getByTestId('ws-ended').count()).toBe(0);
    // An abnormal close names its code and reason: the proxy cannot reach this upstream.
    await page.getByTestId('ws-connect').click();
    await page.getByTestId('ws-badge').filter({ hasText: 'Not connected' }).waitFor();
    await page.getByLabel('Base URL').fill('ws://127.0.0.1:9');
    await page.getByTestId('ws-connect').click();
    const alert = page.getByTestId('ws-error');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/The connection closed with code \d{4}: \S/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('12: the request preview scrolls sideways with a scrollbar or wraps, is coloured, and History is reachable', async () => {
    const { page, errors } = await open(slugs.echoJson ?? '');
    await tryIt(page);
    const snippet = page.getByTestId('snippet');
    await page.getByLabel('X-Request-Tag').fill('x'.repeat(300));
    // Headless Chromium hides scrollbars (--hide-scrollbars); the block scrolls, and its
    // ::-webkit-scrollbar rule gives it a visible one in a real browser.
    const box = await snippet.evaluate((pre: HTMLElement) => ({
      scrolls: pre.scrollWidth > pre.clientWidth,
      overflowX: getComputedStyle(pre).overflowX,
      whiteSpace: getComputedStyle(pre).whiteSpace,
    }));
    expect(box).toEqual({ scrolls: true, overflowX: 'auto', whiteSpace: 'pre' });
    await page.getByRole('dialog').getByLabel('Wrap').check();
    expect(await snippet.evaluate((pre) => pre.scrollWidth <= pre.clientWidth)).toBe(true);
    // Coloured like the reference page: the command, flags and strings are tokens.
    expect(await snippet.locator('.sx-pg-tok-keyword').first().innerText()).toBe('curl');
    expect(await snippet.locator('.sx-pg-tok-flag').count()).toBeGreaterThan(0);
    expect(await snippet.locator('.sx-pg-tok-string').count()).toBeGreaterThan(0);
    const colours = await snippet
      .locator('.sx-pg-tok-flag, .sx-pg-tok-string')
      .evaluateAll((spans) => new Set(spans.map((s) => getComputedStyle(s).color)).size);
    expect(colours).toBe(2);
    await page.getByLabel('Snippet language').selectOption('typescript');
    expect(await snippet.locator('.sx-pg-tok-keyword').first().innerText()).toMatch(/const|await/);
    await page.getByLabel('X-Request-Tag').fill('short');
    for (let i = 0; i < 3; i++) await send(page);
    const history = page.locator('.sx-pg-history');
    await history.locator('summary').click();
    await history.getByRole('button', { name: 'Clear history' }).scrollIntoViewIfNeeded();
    expect(await history.getByRole('button', { name: 'Clear history' }).isVisible()).toBe(true);
    const clear = await history.getByRole('button', { name: 'Clear history' }).boundingBox();
    const card = await page.locator('.sx-pg-request').boundingBox();
    expect(clear && card && clear.y + clear.height <= card.y + card.height + 1).toBe(true);
    await page.getByLabel('Snippet language').selectOption('curl');
    await page.screenshot({ path: `${SHOTS}/playground-1280.png` });
    expect(errors).toEqual([]);
    await page.context().close();

    const narrow = await open(slugs.echoJson ?? '', { width: 390, height: 844 });
    await tryIt(narrow.page);
    await narrow.page.screenshot({ path: `${SHOTS}/playground-390-request.png` });
    await narrow.page.getByTestId('snippet').scrollIntoViewIfNeeded();
    await narrow.page.screenshot({ path: `${SHOTS}/playground-390-snippet.png` });
    await send(narrow.page);
    await narrow.page.screenshot({ path: `${SHOTS}/playground-390-response.png` });
    expect(narrow.errors).toEqual([]);
    await narrow.page.context().close();
  });
});
