/**
 * Products (docs.yml `products`) in headless Chromium: the header's product switcher opens,
 * lists each product with its icon and leads to its home (Payments at /, Identity at
 * /identity/…), the URLs stay in the product while reading it, and the search box searches the
 * current product only. At 1280 and 390 px (the switcher in reach, nothing scrolls sideways);
 * with SEXTANT_SHOTS set, screenshots.
 */
import { writeProductsProject } from '@sextant/docs-project/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  followMenuLink,
  openDocsPage,
  seriousAxeViolations,
  shotTaker,
  watchedPage,
} from './docs-helpers.js';
import { useDocsSite } from './support/docs-site.js';

const site = useDocsSite(async () => ({ dir: await writeProductsProject(), owned: true }));

const shot = shotTaker('docs-products');

/** Picks `product` in the header's switcher and waits for the page it leads to; its path. */
const switchProduct = (page: Page, product: string, screenshot?: string) =>
  followMenuLink(
    page,
    '.sx-product-select > summary',
    `.sx-version-menu a[data-product="${product}"]`,
    screenshot ? () => shot(page, screenshot) : undefined,
  );

describe('products (issue #26)', () => {
  it("switches products from the header, to each product's home; links stay in the product", async () => {
    // bypassCSP: axe-core is injected as an inline script.
    const context = await site.browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${site.url}/guides/quickstart`);
    const summary = page.locator('.sx-product-select > summary');
    expect(await summary.innerText()).toBe('Payments');
    expect(await summary.getAttribute('aria-label')).toBe('Product Payments: choose another product');
    expect(await summary.locator('svg').count()).toBe(1);
    expect(await page.locator('.sx-version-banner').count()).toBe(0);

    // Identity has a Quickstart too: the switcher leads to Identity's home, not its Quickstart by name.
    expect(await switchProduct(page, 'Identity', 'switcher-1280')).toBe('/identity/guides/quickstart');
    expect(await page.locator('#sx-content').innerText()).toContain('POST /users');
    expect(await summary.innerText()).toBe('Identity');
    expect(await page.locator('.sx-version-banner').count()).toBe(0);
    await page.locator('#sx-sidebar a', { hasText: 'Sessions' }).click();
    await page.waitForURL(`${site.url}/identity/guides/sessions`);
    await page.locator('.sx-header .sx-tab-link', { hasText: 'API Reference' }).click();
    await page.waitForURL(`${site.url}/identity/reference`);
    await page.locator('#sx-content .sx-overview a', { hasText: 'Identity API' }).click();
    await page.waitForURL(`${site.url}/identity/reference/identity-api`);
    await page.waitForSelector('html[data-hydrated="true"]');

    // The search box searches Identity only, each result labelled with it.
    await page.click('.sx-search-button');
    await page.locator('.sx-search-input').fill('create');
    const first = page.locator('.sx-search-hit').first();
    await first.waitFor();
    expect(await first.locator('.sx-search-title').innerText()).toBe('Create a user');
    expect(new Set(await page.locator('.sx-search-version').allInnerTexts())).toEqual(new Set(['Identity']));
    expect(await page.locator('.sx-search-hit', { hasText: 'Create a charge' }).count()).toBe(0);
    await shot(page, 'search-1280');
    await page.keyboard.press('Escape');
    await page.locator('.sx-search-dialog').waitFor({ state: 'hidden' });

    expect(await switchProduct(page, 'Payments')).toBe('/');
    expect(await page.locator('h1').innerText()).toBe('Acme Payments');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: the switcher in reach and working, nothing scrolls sideways', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${site.url}/identity/guides/sessions`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expect(page.locator('.sx-product-select > summary').isVisible()).resolves.toBe(true);
    await shot(page, 'identity-390');
    expect(await switchProduct(page, 'Payments', 'switcher-390')).toBe('/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
