/**
 * The playground's forms on the real demo docs site (issue #17 items 9 and 10, issue #28 item 4):
 * Add all optional properties adds each field with the spec's value or empty, nothing invented; a multipart form shows its fields'
 * descriptions and optional marks and no "No file chosen" beside a chosen file; a URL-encoded
 * body is titled Form (URL-encoded); the WebSocket close code starts at 1000 and only accepts
 * 1000 or 3000–4999; a wrong value shows its message and the count beside Send, fixing it clears
 * both, and Send still sends.
 */
import { resolve } from 'node:path';
import type { NavItem } from '@sextant/definition';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoServers, startDemoServers } from '../examples/servers/index.js';
import { findSlug, SCREENSHOT_DIR, seriousAxeViolations, watchedPage } from './docs-helpers.js';
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
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const { project, error } = await app.docsHost.current();
  if (!project) throw error;
  for (const id of ['createPlant', 'uploadFiles', 'echoForm'])
    slugs[id] = findSlug(project.definition.navigation, id) ?? '';
  slugs.chat = findChannelSlug(project.definition.navigation, 'chat') ?? '';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await demos?.close();
});

function findChannelSlug(items: NavItem[], channelId: string): string | undefined {
  for (const item of items) {
    if (item.type === 'channel' && item.channelId === channelId) return item.slug;
    const inner = 'children' in item ? findChannelSlug(item.children, channelId) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** Opens a page, clicks Try it and, for HTTP endpoints, points the port variable at the demo upstream. */
async function tryIt(slug: string, http = true) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watched = await watchedPage(context);
  const { page } = watched;
  await page.goto(`${origin}/${slug}`);
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 90_000 });
  await page.getByRole('button', { name: 'Try it' }).click();
  await page.getByRole('dialog').waitFor();
  if (http) await page.getByLabel('Server variable port').fill(restPort);
  return watched;
}

/** Sends and returns the status line once the proxied answer is shown. */
async function send(page: Page): Promise<string> {
  const answered = page.waitForResponse((response) => response.url().includes('/proxy/'));
  await page.getByTestId('send').click();
  await answered;
  await page.locator('.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"]').waitFor();
  return page.getByTestId('response-status').innerText();
}

/** The message an input's aria-describedby points at, or undefined when it is not marked invalid. */
async function errorOf(input: Locator): Promise<string | undefined> {
  if ((await input.getAttribute('aria-invalid')) !== 'true') return undefined;
  const id = await input.getAttribute('aria-describedby');
  return input.page().locator(`[id="${id}"]`).innerText();
}

const field = (page: Page, name: string) =>
  page
    .locator('.sx-pg-field')
    .filter({ has: page.locator('.sx-pg-field-name', { hasText: new RegExp(`^${name}$`) }) });

describe('playground forms on the demo docs site', () => {
  it('Add all optional properties adds each field empty (nothing invented); the constrained ones are flagged until filled', async () => {
    const { page, errors } = await tryIt(slugs.createPlant ?? '');
    await page.getByRole('button', { name: 'Clear form' }).click();
    await page.locator('summary', { hasText: 'More optional fields' }).click();
    await page.getByRole('button', { name: 'Add all optional properties' }).click();
    await page.getByLabel('name', { exact: true }).fill('Basil');
    // PlantInput gives no example or default for these: each starts as the empty value of its kind
    // (a number at its minimum, an enum at its first value), never a made-up label or date.
    expect(await page.getByLabel('species', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('label', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('plantedOn', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('waterEveryDays', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByTestId('invalid-count').innerText()).toBe('2 fields invalid');
    await page.getByLabel('label', { exact: true }).fill('KT-042');
    await page.getByLabel('plantedOn', { exact: true }).fill('2026-03-01');
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await page.getByTestId('invalid-count').innerText()).toBe('');
    expect(await send(page)).toMatch(/^201/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-forms-optional-1280.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a wrong value shows its message and the count beside Send; fixing it clears both; Send asks once, then sends', async () => {
    const { page, errors } = await tryIt(slugs.createPlant ?? '');
    const name = page.getByLabel('name', { exact: true });
    const water = page.getByLabel('waterEveryDays', { exact: true });
    const count = page.getByTestId('invalid-count');
    expect(await count.getAttribute('role')).toBe('status');
    await name.fill('');
    expect(await errorOf(name)).toBe('Must be at least 1 character');
    expect(await count.innerText()).toBe('1 field invalid');
    await water.fill('0');
    expect(await errorOf(water)).toBe('Must be 1 or more');
    expect(await count.innerText()).toBe('2 fields invalid');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-forms-invalid-1280.png` });
    // Send stays possible after one question (issue #28): the reader sees the API's own answer.
    expect(await page.getByTestId('send').isEnabled()).toBe(true);
    await page.getByTestId('send').click();
    expect(await count.innerText()).toBe('2 fields invalid. Send anyway?');
    const answered = page.waitForResponse((response) => response.url().includes('/proxy/'));
    await page.getByTestId('send-anyway').click();
    await answered;
    await page
      .locator('.sx-pg-response[data-state="failed"], .sx-pg-response[data-state="loaded"]')
      .waitFor();
    expect(await page.getByTestId('response-status').innerText()).toMatch(/^400/);
    await name.fill('Mint');
    await water.fill('3');
    expect(await errorOf(name)).toBeUndefined();
    expect(await errorOf(water)).toBeUndefined();
    expect(await count.innerText()).toBe('');
    expect(await send(page)).toMatch(/^201/);
    // The browser logs the API's 400 answer to the invalid request; nothing else may fail.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await page.context().close();
  });

  it('an invalid form has no serious axe violations (axe runs in a CSP-free copy: the docs CSP forbids its script)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${origin}/${slugs.createPlant}?explorer=createPlant`);
    await page.getByRole('dialog').waitFor();
    await page.getByLabel('name', { exact: true }).fill('');
    await page.getByLabel('waterEveryDays', { exact: true }).fill('0');
    await page.getByTestId('invalid-count').filter({ hasText: '2 fields invalid' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('invalid-count').filter({ hasText: '2 fields invalid' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-forms-invalid-390.png` });
    await context.close();
  });

  it('a multipart form shows descriptions and optional marks, and no "No file chosen" beside a chosen file', async () => {
    const { page, errors } = await tryIt(slugs.uploadFiles ?? '');
    expect(await page.getByRole('heading', { name: 'Multipart Form' }).count()).toBe(1);
    const description = field(page, 'description');
    const files = field(page, 'files');
    const cover = field(page, 'cover');
    expect(await description.innerText()).toContain('A text field.');
    expect(await description.locator('.sx-ui-field-mark:not([data-required])').innerText()).toBe('optional');
    expect(await files.innerText()).toContain('One or more files.');
    expect(await files.locator('.sx-ui-field-mark[data-required]').innerText()).toBe('required');
    expect(await cover.innerText()).toContain('One optional single file.');
    expect(await cover.locator('.sx-ui-field-mark:not([data-required])').innerText()).toBe('optional');
    expect(await errorOf(page.getByLabel('files', { exact: true }))).toBe('Choose a file');
    await page.getByLabel('files', { exact: true }).setInputFiles([
      { name: 'leaf.txt', mimeType: 'text/plain', buffer: Buffer.from('a leaf') },
      { name: 'root.txt', mimeType: 'text/plain', buffer: Buffer.from('a root') },
    ]);
    await page.getByLabel('cover', { exact: true }).setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(await files.locator('.sx-pg-file-name').allInnerTexts()).toEqual(['leaf.txt', 'root.txt']);
    expect(await cover.locator('.sx-pg-file-name').allInnerTexts()).toEqual(['cover.png']);
    expect(await files.innerText()).not.toContain('No file chosen');
    expect(await cover.innerText()).not.toContain('No file chosen');
    expect(await errorOf(page.getByLabel('files', { exact: true }))).toBeUndefined();
    expect(await send(page)).toMatch(/^200/);
    const body = JSON.parse(await page.getByRole('region', { name: 'Response body' }).innerText()) as {
      parts: { name: string; fileName?: string }[];
    };
    expect(body.parts.map((part) => part.fileName).filter(Boolean)).toEqual([
      'leaf.txt',
      'root.txt',
      'cover.png',
    ]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-forms-multipart-1280.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a URL-encoded body is titled Form (URL-encoded)', async () => {
    const { page, errors } = await tryIt(slugs.echoForm ?? '');
    await page.getByRole('region', { name: 'Form (URL-encoded)' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Form (URL-encoded)' }).count()).toBe(1);
    expect(await page.getByText('Multipart Form').count()).toBe(0);
    expect(await send(page)).toMatch(/^200/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the WebSocket close code starts at 1000 (normal closure) and accepts only 1000 or 3000–4999', async () => {
    const { page, errors } = await tryIt(slugs.chat ?? '', false);
    const close = page.getByRole('region', { name: 'Message Close with code' });
    await page.getByRole('button', { name: 'Reset without example' }).click();
    expect(await close.getByLabel('code variant').inputValue()).toBe('0');
    expect(await close.locator('option:checked').first().innerText()).toBe('Normal closure');
    expect(await close.locator('.sx-pg-literal[title="code"]').innerText()).toBe('1000');
    await close.getByLabel('code variant').selectOption({ label: 'Application code' });
    const code = close.getByLabel('code', { exact: true });
    const picked = Number(await code.inputValue());
    expect(picked).toBeGreaterThanOrEqual(3000);
    expect(picked).toBeLessThanOrEqual(4999);
    expect(await errorOf(code)).toBeUndefined();
    await code.fill('2000');
    expect(await errorOf(code)).toBe('Must be 3000 or more');
    await code.fill('5000');
    expect(await errorOf(code)).toBe('Must be 4999 or less');
    await code.fill('4002');
    expect(await errorOf(code)).toBeUndefined();
    await close.getByLabel('code variant').selectOption({ label: 'Normal closure' });
    expect(await close.locator('.sx-pg-literal[title="code"]').innerText()).toBe('1000');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/playground-forms-close-code-1280.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
