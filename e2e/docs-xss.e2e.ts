/**
 * The XSS corpus (script tags, event handlers, javascript: links, SVG and MathML payloads, raw
 * HTML in markdown, ids and names of the site's own elements) placed in every spec description
 * and markdown page renders inert in
 * Chromium: no dialog, no payload side effect, no injected element or attribute survives. Run
 * with the CSP bypassed, so the sanitiser alone is proven, and once with the CSP on.
 */

import { writeFixtureProject } from '@sextant/docs-project/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsServer, openDocsPage, startDocsServer, watchedPage } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const PAGES = [
  '/',
  '/guides/guide',
  '/api',
  '/api/pets',
  '/api/pets/get-a-pet',
  '/api/pets/create-a-pet',
  '/api/pet-adopted',
  '/api/types/pet',
  '/api/types/owner',
];

let server: DocsServer;
let browser: Browser;

beforeAll(async () => {
  server = await startDocsServer(await writeFixtureProject({ xss: true }));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.app.close();
});

/** The `sha256-…` sources of a page's script-src: the server's own inline scripts. */
async function ownScriptHashes(url: string): Promise<string[]> {
  const policy = (await fetch(url)).headers.get('content-security-policy') ?? '';
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  return [...scriptSrc.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1] as string);
}

/**
 * Elements and attributes the payloads would create if any survived. An inline script counts
 * unless the server's CSP allows it by hash (its own theme and announcement scripts).
 */
async function injected(page: Page, ownScripts: string[] = []): Promise<string[]> {
  const hashes = await page.evaluate(async () => {
    const digest = async (text: string) =>
      btoa(
        String.fromCharCode(
          ...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
        ),
      );
    return Promise.all(
      Array.from(document.querySelectorAll('script'))
        .filter((script) => !script.src && script.type !== 'application/json')
        .map((script) => digest(script.textContent ?? '')),
    );
  });
  const unknownScripts = hashes.filter((hash) => !ownScripts.includes(hash)).length;
  return page.evaluate((unknown) => {
    const found: string[] = [];
    for (let index = 0; index < unknown; index++) found.push('inline <script>');
    // The page's own stylesheets sit in the head (allowed by hash in the CSP): the bundle's, the
    // site's and, on markdown pages, the body's. One more there, or any elsewhere, would be a payload's.
    const own = document.documentElement.dataset.kind === 'markdown' ? 3 : 2;
    const ownStyles = Array.from(document.head.querySelectorAll(':scope > style')).slice(0, own);
    if (ownStyles.length !== own) found.push(`${ownStyles.length} page stylesheets in the head`);
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const tag = element.tagName.toLowerCase();
      if (ownStyles.includes(element)) continue;
      if (
        ['iframe', 'object', 'embed', 'form', 'svg', 'math', 'style', 'base', 'meta[http-equiv]'].includes(
          tag,
        )
      )
        found.push(`<${tag}>`);
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${tag}[${attribute.name}]`);
        if (/^\s*javascript:/i.test(attribute.value)) found.push(`${tag}[${attribute.name}=javascript:]`);
        if (attribute.name === 'style') found.push(`${tag}[style]`);
      }
    }
    // DOM clobbering: an id the site uses, given again by author content (authors' ids are prefixed).
    const ids = new Map<string, number>();
    for (const element of Array.from(document.querySelectorAll('[id]')))
      if (!element.id.startsWith('user-content-')) ids.set(element.id, (ids.get(element.id) ?? 0) + 1);
    for (const [id, count] of ids) if (count > 1) found.push(`${count} elements with id "${id}"`);
    for (const element of Array.from(document.querySelectorAll('[name]'))) {
      const name = element.getAttribute('name') ?? '';
      if (ids.has(name)) found.push(`an element named like the id "${name}"`);
    }
    return found;
  }, unknownScripts);
}

async function exercise(page: Page): Promise<void> {
  // Expand every nested type (client-rendered descriptions) and hover/click payload-ish text.
  for (let round = 0; round < 3; round++) {
    const toggles = page.locator('.sx-expand-toggle[aria-expanded="false"]');
    const count = await toggles.count();
    for (let i = 0; i < count; i++) await toggles.nth(0).click();
  }
  for (const text of ['click me', 'styled', 'md link', 'go']) {
    const target = page.getByText(text, { exact: true }).first();
    if (await target.count()) await target.click({ timeout: 1000 }).catch(() => undefined);
  }
}

describe('XSS corpus renders inert', () => {
  it('with the CSP bypassed: the sanitiser alone stops every payload', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    const { page, dialogs } = await watchedPage(context);
    let ownScripts: string[] = [];
    for (const path of PAGES) {
      ownScripts = await ownScriptHashes(server.url + path);
      await openDocsPage(page, server.url + path);
      await exercise(page);
      expect(await injected(page, ownScripts), path).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
        path,
      ).toBeUndefined();
      // The payload text is shown, as text.
      expect(await page.locator('body').textContent(), path).toContain('window.__xss');
    }
    // Search results show titles and paths as text too.
    await page.keyboard.press('/');
    await page.locator('.sx-search-input').fill('pet');
    await page.waitForSelector('.sx-search-hit');
    expect(await injected(page, ownScripts)).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('with the CSP on: no dialog, no console error, no side effect', async () => {
    const context = await browser.newContext();
    const { page, dialogs, errors } = await watchedPage(context);
    for (const path of PAGES) {
      await openDocsPage(page, server.url + path);
      await exercise(page);
      expect(
        await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
        path,
      ).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
    // The corpus' `<img src="x">` keeps its (harmless) relative src: those 404s are expected.
    expect(errors.filter((e) => !/404 \(Not Found\) @ http:\/\/[^ ]+\/x$/.test(e))).toEqual([]);
    await context.close();
  });
});
