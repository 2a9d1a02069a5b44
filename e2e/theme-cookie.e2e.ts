/**
 * The reader's theme without the server reading it (issue #30: one page body for every reader):
 * in Chromium, under the page's CSP, the inline theme script applies the `sx-theme` cookie
 * before the page's own scripts run, with no CSP violation, while the HTML the server sent is the
 * same with the cookie and without it.
 */
import { resolve } from 'node:path';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';

let app: FastifyInstance;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  app = await buildServer({
    mode: 'local',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    docs: { projectDir: resolve(import.meta.dirname, '../examples') },
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('theme cookie', () => {
  it('is applied by the page, under its CSP, from one body for every reader', async () => {
    const themes: (string | null)[] = [];
    const bodies: string[] = [];
    for (const cookie of ['dark', 'light']) {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'sx-theme', value: cookie, url: origin }]);
      const page = await context.newPage();
      await page.addInitScript(() => {
        (window as unknown as { violations: string[] }).violations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          (window as unknown as { violations: string[] }).violations.push(event.violatedDirective),
        );
      });
      const response = await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
      bodies.push((await response?.text()) ?? '');
      themes.push(await page.evaluate(() => document.documentElement.getAttribute('data-theme')));
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual(
        [],
      );
      await context.close();
    }
    expect(themes).toEqual(['dark', 'light']);
    expect(bodies[0]).toBe(bodies[1]);
  });
});
