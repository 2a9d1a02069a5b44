/**
 * The explorer as a real dialog, large answers and small screens (issue #28 items 5, 6, 7), in
 * Chromium on a docs project of this file's own (a Bulk API answering 1 MB and 10 MB of JSON from
 * a loopback upstream, and a WebSocket channel), served by the real Sextant server in local mode
 * with its HTTP proxy:
 * - keyboard only: Try it opens a modal `<dialog>` with focus inside, Tab and Shift+Tab never
 *   leave it, the page behind is inert, arrow keys / Home / End move between tabs, Escape
 *   returns focus to Try it;
 * - a 1 MB and a 10 MB answer show with a bounded number of rows in the page, search finds the
 *   last item, Raw shows the text as sent (timing is `npm run bench:response`'s job);
 * - at 390 × 844: the top bar ≤ 15 % of the height, the response header on one row, the
 *   WebSocket form most of the screen.
 * Screenshots (1280 and 390 px) of the dialog, a large answer and its headers go to
 * `e2e/screenshots/` (`explorer-*.png`).
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NavItem } from '@sextant/definition';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LAST_ITEM_MARKER,
  type LargeAnswersUpstream,
  startLargeAnswersUpstream,
  writeLargeAnswersProject,
} from '../packages/playground/src/testing/large-answers.js';
import { SCREENSHOT_DIR, watchedPage } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

let app: FastifyInstance;
let upstream: LargeAnswersUpstream;
let project: { dir: string; remove(): Promise<void> };
let clientDir: string;
let browser: Browser;
let origin: string;
let navigation: NavItem[];

/** The slug of an endpoint's or channel's page. */
function slugOf(items: NavItem[], id: string): string {
  for (const item of items) {
    if (
      (item.type === 'endpoint' && item.endpointId === id) ||
      (item.type === 'channel' && item.channelId === id)
    )
      return item.slug;
    const inner = 'children' in item ? slugOf(item.children, id) : '';
    if (inner) return inner;
  }
  return '';
}

beforeAll(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  upstream = await startLargeAnswersUpstream();
  project = await writeLargeAnswersProject(upstream.url);
  // A private copy of the built client: a rebuild elsewhere swaps the hashed chunks.
  clientDir = await mkdtemp(join(tmpdir(), 'sextant-explorer-client-'));
  await cp(resolve(import.meta.dirname, '../packages/docs-site/dist/client'), clientDir, { recursive: true });
  app = await buildServer({
    mode: 'local',
    logger: false,
    parts: { registry: false, proxy: true, wsProxy: true, docsHost: true },
    docs: { projectDir: project.dir, clientDir },
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const { project: loaded, error } = await app.docsHost.current();
  if (!loaded) throw error;
  navigation = loaded.definition.navigation;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await upstream?.close();
  await project?.remove();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

async function open(id: string, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ viewport });
  const watched = await watchedPage(context);
  const slug = slugOf(navigation, id);
  expect(slug, `a page for ${id}`).not.toBe('');
  await watched.page.goto(`${origin}/${slug}`);
  await watched.page.waitForSelector('html[data-hydrated="true"]', { timeout: 90_000 });
  return watched;
}

/** What has focus: its tag, id, accessible name parts, and whether it is inside the open dialog. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const dialog = document.querySelector('dialog[open]');
    return {
      inDialog: Boolean(dialog && active && dialog.contains(active)),
      id: active?.id ?? '',
      text: (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim(),
      role: active?.getAttribute('role') ?? '',
    };
  });
}

/** Presses Tab until focus is on the element matching `predicate` (keyboard only), at most `limit` times. */
async function tabTo(page: Page, predicate: (f: Awaited<ReturnType<typeof focused>>) => boolean, limit = 80) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (predicate(await focused(page))) return;
  }
  throw new Error(`Tab never reached the element (${limit} presses)`);
}

const rowsInPage = (page: Page) => page.locator('[data-testid="body-lines"] .sx-pg-line').count();

async function sendAndWait(page: Page) {
  await page.getByTestId('send').click();
  await page.locator('.sx-pg-response[data-state="loaded"]').waitFor({ timeout: 90_000 });
  await page.locator('.sx-pg-body-viewer[data-complete="true"]').waitFor({ timeout: 90_000 });
}

describe('the explorer is a modal dialog (issue #28 item 5)', () => {
  it('keyboard only: focus moves in and stays, the page is inert, arrow-key tabs, Escape returns to Try it', async () => {
    const { page, errors } = await open('getBulk1MB');
    await tabTo(page, (f) => f.id === 'sx-try-it');
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog.sx-playground[open]');
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    expect((await focused(page)).inDialog).toBe(true);

    // Tab and Shift+Tab cycle inside the dialog; nothing behind it takes focus.
    const outside: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press(i < 22 ? 'Tab' : 'Shift+Tab');
      const f = await focused(page);
      if (!f.inDialog) outside.push(f.text || f.id);
    }
    expect(outside).toEqual([]);
    // The page behind is inert: focusing Try it from a script does nothing.
    expect(
      await page.evaluate(() => {
        document.getElementById('sx-try-it')?.focus();
        return document.activeElement?.id;
      }),
    ).not.toBe('sx-try-it');

    // Send with Ctrl+Enter, then the answer's tabs with the arrow keys, Home and End.
    await page.keyboard.press('Control+Enter');
    await page.locator('.sx-pg-response[data-state="loaded"]').waitFor({ timeout: 90_000 });
    await tabTo(page, (f) => f.role === 'tab' && f.text === 'Body');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ role: 'tab', text: expect.stringMatching(/^Headers/) });
    expect(await page.getByTestId('answer-tab-headers').getAttribute('data-state')).toBe('active');
    await page.getByTestId('response-headers').waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ text: 'Body' });
    await page.keyboard.press('End');
    expect(await page.getByTestId('answer-tab-headers').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    expect(await page.getByTestId('answer-tab-body').getAttribute('aria-selected')).toBe('true');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'explorer-dialog-1280.png') });

    // Escape (focus on a tab, not a text field) closes and gives focus back to Try it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ id: 'sx-try-it' });
    expect(new URL(page.url()).searchParams.has('explorer')).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 390 px the Request / Response tabs move with the arrow keys, and × returns focus to Try it', async () => {
    const { page, errors } = await open('getBulk1MB', { width: 390, height: 844 });
    await tabTo(page, (f) => f.id === 'sx-try-it');
    await page.keyboard.press('Enter');
    await page.locator('dialog.sx-playground[open]').waitFor();
    await tabTo(page, (f) => f.role === 'tab' && f.text === 'Request');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toMatchObject({ role: 'tab', text: 'Response', inDialog: true });
    expect(await page.locator('[role="tabpanel"] .sx-pg-response').count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'explorer-dialog-390.png') });
    await tabTo(page, (f) => f.text === 'Close explorer');
    await page.keyboard.press('Enter');
    await page.locator('dialog.sx-playground').waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ id: 'sx-try-it' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('large answers (issue #28 item 6)', () => {
  for (const [id, size] of [
    ['getBulk1MB', '1mb'],
    ['getBulk10MB', '10mb'],
  ] as const) {
    it(`a ${size} JSON answer shows a screenful of rows, finds its last item, and shows the text as sent in Raw`, async () => {
      const { page, errors } = await open(id);
      await page.getByRole('button', { name: 'Try it' }).click();
      await sendAndWait(page);
      const body = upstream.body(size);
      const prettyLines = JSON.stringify(JSON.parse(body), null, 2).split('\n').length;
      const lines = page.getByTestId('body-lines');
      expect(Number(await lines.getAttribute('data-line-count'))).toBe(prettyLines);
      // Only the rows in view (plus a margin) are in the page, whatever the body's size.
      expect(await rowsInPage(page)).toBeLessThan(150);
      expect(await lines.locator('.sx-pg-line').first().innerText()).toBe('{');

      await page.getByTestId('body-search').fill(LAST_ITEM_MARKER);
      await page
        .getByTestId('body-search-count')
        .filter({ hasText: /^1 of 1$/ })
        .waitFor({ timeout: 60_000 });
      const current = lines.locator('.sx-pg-line[data-current]');
      expect(await current.innerText()).toContain(`"name": "${LAST_ITEM_MARKER}"`);
      expect(await current.isVisible()).toBe(true);
      expect(await current.locator('mark').innerText()).toBe(LAST_ITEM_MARKER);
      if (size === '1mb') await page.screenshot({ path: join(SCREENSHOT_DIR, 'explorer-large-1280.png') });

      await page.getByTestId('body-raw').click();
      await page.locator('.sx-pg-body-viewer[data-mode="raw"][data-complete="true"]').waitFor();
      await page
        .getByTestId('body-search-count')
        .filter({ hasText: /^1 of 1$/ })
        .waitFor({ timeout: 60_000 });
      expect(await lines.locator('.sx-pg-line[data-current]').innerText()).toContain(LAST_ITEM_MARKER);
      await lines.evaluate((element) => element.scrollTo(0, 0));
      await lines
        .locator('.sx-pg-line')
        .first()
        .filter({ hasText: /^\{"items"/ })
        .waitFor();
      // The minified body is one line: rows of at most 2000 characters, in order, nothing changed.
      expect(Number(await lines.getAttribute('data-line-count'))).toBe(Math.ceil(body.length / 2000));
      expect(await lines.locator('.sx-pg-line').first().innerText()).toBe(body.slice(0, 2000));
      expect(await rowsInPage(page)).toBeLessThan(150);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('a small answer renders every line, so its text reads back as the JSON', async () => {
    const { page } = await open('getBulk1MB');
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByLabel('Base URL').fill(`${upstream.url}/missing`);
    await page.getByTestId('send').click();
    await page.locator('.sx-pg-response[data-state="loaded"]').waitFor({ timeout: 60_000 });
    expect(JSON.parse(await page.getByRole('region', { name: 'Response body' }).innerText())).toEqual({
      error: 'not found',
    });
    await page.context().close();
  });
});

describe('small screens (issue #28 item 7)', () => {
  const PHONE = { width: 390, height: 844 };

  it('at 390 × 844 the top bar is at most 15 % of the height and the response header one row', async () => {
    const { page, errors } = await open('getBulk1MB', PHONE);
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.locator('dialog.sx-playground[open]').waitFor();
    const topBar = await page.locator('.sx-pg-topbar').boundingBox();
    expect(topBar?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(0.15 * PHONE.height);
    // Nothing of the bar sticks out sideways.
    expect(await page.evaluate(() => document.querySelector('dialog')?.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.getByTestId('send').click();
    await page.getByRole('tab', { name: 'Response' }).click();
    await page.locator('.sx-pg-response[data-state="loaded"]').waitFor({ timeout: 90_000 });
    const head = page.locator('.sx-pg-response .sx-pg-card-head');
    const tops = await head.evaluate((element) =>
      [...element.querySelectorAll<HTMLElement>('.sx-pg-card-meta > *')]
        .filter((child) => child.getClientRects().length > 0)
        .map((child) =>
          Math.round(child.getBoundingClientRect().top + child.getBoundingClientRect().height / 2),
        ),
    );
    expect(tops.length).toBeGreaterThanOrEqual(4);
    // One row: every item's middle within a few pixels of the first's.
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
    expect((await head.boundingBox())?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(48);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'explorer-large-390.png') });
    await page.getByTestId('answer-tab-headers').click();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'explorer-headers-390.png') });
    // The copy actions sit in a menu: it opens from the keyboard and Escape closes only the menu.
    await page.getByRole('button', { name: 'Copy actions' }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatchObject({ role: 'menuitem', text: 'Copy URL' });
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
    expect(await page.locator('dialog.sx-playground[open]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('at 390 × 844 the WebSocket form gets most of the screen (Compose and Messages tabs)', async () => {
    const { page, errors } = await open('feed', PHONE);
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.locator('dialog.sx-playground[open]').waitFor();
    const topBar = await page.locator('.sx-pg-topbar').boundingBox();
    expect(topBar?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(0.15 * PHONE.height);
    const panel = await page.getByRole('tabpanel').boundingBox();
    expect(panel?.height ?? 0).toBeGreaterThanOrEqual(0.6 * PHONE.height);
    expect(await page.getByRole('tabpanel').getByLabel('room').inputValue()).toBe('lobby');
    await page.getByRole('tab', { name: /^Messages/ }).click();
    await page.locator('dialog').getByRole('region', { name: 'Messages' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'explorer-websocket-390.png') });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the large answer with its headers at 1280 px (screenshot)', async () => {
    const { page } = await open('getBulk1MB');
    await page.getByRole('button', { name: 'Try it' }).click();
    await sendAndWait(page);
    await page.getByTestId('answer-tab-headers').click();
    await page.getByTestId('response-headers').waitFor();
    expect(await page.getByTestId('response-header').filter({ hasText: 'x-items-total' }).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'explorer-headers-1280.png') });
    await page.context().close();
  });
});
