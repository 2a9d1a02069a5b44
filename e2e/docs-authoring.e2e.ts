/**
 * Authoring docs pages (issue #25): two fixture projects served by the built `sextant dev`, one
 * written like a Mintlify site and one like a Fern site, each with a page using every
 * component. In Chromium, under the real CSP (no bypass): tabs switch (click and arrow keys),
 * accordions open, Copy copies a code block, math is typeset, the Mermaid diagram becomes an
 * SVG, and no `securitypolicyviolation` fires. A hostile MDX page shows its located errors and
 * runs nothing; `sextant dev` prints them and `sextant publish` refuses them. The page with
 * every component is weighed against the same text without them. With SEXTANT_SHOTS set,
 * screenshots at 1280 and 390 px, light and dark, go to e2e/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCli, runCli, startCli } from './cli-harness.js';
import { SCREENSHOT_DIR } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const FIXTURES = join(import.meta.dirname, 'fixtures/authoring');
const SHOTS = Boolean(process.env.SEXTANT_SHOTS);

interface Site {
  dev: RunningCli;
  url: string;
}

async function serve(name: string): Promise<Site> {
  const dev = startCli(['dev', join(FIXTURES, name), '--port', '0', '--no-registry']);
  const url = (await dev.waitFor(/Sextant dev\s+(http:\/\/127\.0\.0\.1:\d+)/))[1] ?? '';
  return { dev, url };
}

let browser: Browser;
const sites: Record<string, Site> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  for (const name of ['mintlify', 'fern', 'hostile']) sites[name] = await serve(name);
});
afterAll(async () => {
  await browser?.close();
  for (const site of Object.values(sites)) await site.dev.stop();
});

/** A page under the real CSP that records violations, console errors and dialogs. */
async function openPage(
  context: BrowserContext,
  url: string,
): Promise<{ page: Page; errors: string[]; dialogs: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { sxViolations: string[] }).sxViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 20_000 });
  return { page, errors, dialogs };
}

const violationsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { sxViolations: string[] }).sxViolations);

describe.each(['mintlify', 'fern'])('the %s-style site', (name) => {
  it('every component works in Chromium under the CSP', async () => {
    const site = sites[name] as Site;
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page, errors, dialogs } = await openPage(
      context,
      `${site.url}/${name === 'mintlify' ? 'guides' : 'docs'}/every-component`,
    );
    const body = page.locator('.sx-prose');

    // One H1.
    expect(await page.locator('h1').count()).toBe(1);

    // Tabs switch by click and by arrow key.
    const tabs = body.locator('.sx-ctabs-tabs').first();
    const [first, second] = [tabs.getByRole('tab').nth(0), tabs.getByRole('tab').nth(1)];
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    const panels = tabs.locator('.sx-ctabs-panel');
    expect(await panels.nth(1).isVisible()).toBe(false);
    await second.click();
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await panels.nth(1).isVisible()).toBe(true);
    expect(await panels.nth(0).isVisible()).toBe(false);
    await second.press('ArrowLeft');
    expect(await first.getAttribute('aria-selected')).toBe('true');

    // A code group switches too, and copies the shown block.
    const group = body.locator('.sx-ctabs-code').first();
    await group.getByRole('tab').nth(1).click();
    await group.getByRole('button', { name: /^Copy / }).click();
    const copiedFromGroup = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedFromGroup.trim()).toBe(
      name === 'mintlify' ? 'yarn add acme' : 'curl https://api.acme.test/pets/pet_123',
    );

    // A code block's Copy copies its code (no line numbers).
    const block = body.locator('figure.sx-codeblock').first();
    await block.getByRole('button', { name: 'Copy code' }).click();
    await expect
      .poll(() => block.getByRole('button', { name: 'Copy code' }).textContent())
      .toContain('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await block.locator('pre').evaluate((pre) => pre.textContent ?? ''));
    expect(copied.length).toBeGreaterThan(5);

    // Accordions are native <details>: they open.
    const accordion = body.locator('details.sx-accordion').first();
    expect(await accordion.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await accordion.locator('summary').click();
    expect(await accordion.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await accordion.locator('.sx-accordion-body').isVisible()).toBe(true);

    // Math is typeset on the server as MathML, which Chromium lays out (a fraction stacks).
    expect(await body.locator('.katex-html').count()).toBe(0);
    expect(await body.locator('.sx-math-display math[display="block"]').count()).toBe(1);
    const display = await body.locator('.sx-math-display math').boundingBox();
    expect(display?.width ?? 0).toBeGreaterThan(100);
    expect(display?.height ?? 0).toBeGreaterThan(14);
    if (name === 'mintlify') {
      const stacked = await body.locator('.sx-math-display mfrac').evaluate((frac) => {
        const [top, bottom] = [...frac.children].map((c) => c.getBoundingClientRect());
        return (top?.bottom ?? 0) <= (bottom?.top ?? 0) + 1;
      });
      expect(stacked).toBe(true);
    }

    // Icons are drawn from the site's sprite (a <use> of its symbol, fetched under the CSP).
    const icon = body.locator('.sx-icon use').first();
    await expect
      .poll(() => icon.evaluate((use) => (use as SVGGraphicsElement).getBBox().width))
      .toBeGreaterThan(4);

    // The Mermaid diagram is drawn as an SVG (lazily), its source hidden then.
    const diagram = body.locator('.sx-mermaid');
    await diagram.scrollIntoViewIfNeeded();
    await expect.poll(() => diagram.getAttribute('data-state'), { timeout: 20_000 }).toBe('drawn');
    expect(await diagram.locator('.sx-mermaid-svg svg').count()).toBe(1);
    expect(await diagram.locator('.sx-mermaid-source').isVisible()).toBe(false);

    // Cards link, the tooltip shows on focus, the endpoint snippets come from the API.
    expect(await body.locator('a.sx-ccard').count()).toBeGreaterThanOrEqual(2);
    const tooltip = body.locator('.sx-tooltip').first();
    await tooltip.focus();
    await expect
      .poll(() => tooltip.locator('.sx-tooltip-tip').evaluate((t) => getComputedStyle(t).opacity))
      .toBe('1');
    expect(await body.locator('[data-sx-island="code-tabs"]').count()).toBe(2);

    expect(await violationsOf(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it.runIf(SHOTS)('screenshots at 1280 and 390 px, light and dark', async () => {
    const site = sites[name] as Site;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    const path = `${site.url}/${name === 'mintlify' ? 'guides' : 'docs'}/every-component`;
    for (const colorScheme of ['light', 'dark'] as const)
      for (const [width, height] of [
        [1280, 900],
        [390, 844],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height }, colorScheme });
        const page = await context.newPage();
        await page.goto(path);
        await page.waitForSelector('html[data-hydrated="true"]');
        await page.locator('.sx-mermaid').scrollIntoViewIfNeeded();
        await page.waitForSelector('.sx-mermaid[data-state="drawn"]', { timeout: 20_000 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `authoring-${name}-${colorScheme}-${width}.png`),
          fullPage: true,
        });
        await context.close();
      }
  });
});

describe('a hostile MDX page', () => {
  it('shows each error in place, with file, line and column; nothing runs', async () => {
    const site = sites.hostile as Site;
    const context = await browser.newContext();
    const { page, dialogs } = await openPage(context, `${site.url}/hostile`);
    const errors = await page.locator('.sx-mdx-error').allTextContents();
    expect(errors.map((text) => /pages\/hostile\.mdx:(\d+:\d+)/.exec(text)?.[1])).toEqual([
      '5:1',
      '7:1',
      '9:11',
      '11:1',
      '13:7',
      '15:1',
      '17:1',
      '19:7',
      '21:1',
      '23:14',
      '25:1',
    ]);
    expect(await page.locator('.sx-prose').textContent()).toContain(
      'After the errors, the page still renders.',
    );
    // Click what could have carried a handler; nothing runs.
    for (const element of await page.locator('.sx-prose *').all())
      await element.click({ timeout: 200 }).catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(
      await page
        .locator('.sx-prose script, .sx-prose iframe, .sx-prose [onclick], .sx-prose [onerror]')
        .count(),
    ).toBe(0);
    expect(await page.locator('.sx-prose [href^="javascript:"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(await violationsOf(page)).toEqual([]);
    await context.close();
  });

  it('sextant dev printed them, located; sextant publish refuses them', async () => {
    const output = (sites.hostile as Site).dev.output();
    expect(output).toContain('error: pages/hostile.mdx:5:1: `import` and `export` are not allowed');
    expect(output).toContain(
      'error: pages/hostile.mdx:13:7: <Note onClick>: event-handler props are not allowed',
    );
    const publish = await runCli([
      'publish',
      join(FIXTURES, 'hostile'),
      '--registry',
      'http://127.0.0.1:9',
      '--domain',
      'docs.example.com',
      '--dry-run',
    ]);
    expect(publish.code).toBe(1);
    expect(publish.stderr).toContain('pages/hostile.mdx:15:1: <Card href="javascript:window.__xss=5">');
    expect(publish.stderr).toMatch(/11 MDX errors in the pages/);
    // The well-formed sites have none, but the prop Sextant cannot use (a colour needs an inline
    // style the CSP forbids), located.
    expect((sites.mintlify as Site).dev.output()).not.toMatch(/error:/);
    expect((sites.mintlify as Site).dev.output().match(/warning: .*/g)).toEqual([
      'warning: pages/components.mdx:20:21: <Callout color>: Sextant does not use this prop; it is ignored',
    ]);
    expect((sites.fern as Site).dev.output()).not.toMatch(/error:|warning:/);
  });
});

describe('page weight', () => {
  it('a page with every component, weighed against the same text without them', async () => {
    const site = sites.mintlify as Site;
    const size = async (slug: string) => {
      const html = await (await fetch(`${site.url}/guides/${slug}`)).text();
      return { raw: Buffer.byteLength(html), gzip: gzipSync(html).length };
    };
    const components = await size('every-component');
    const plain = await size('same-text-no-components');
    console.log(
      `page weight: every component ${components.raw} B (${components.gzip} B gzip), same text ${plain.raw} B (${plain.gzip} B gzip): +${(((components.gzip - plain.gzip) / plain.gzip) * 100).toFixed(1)} % gzip, +${(((components.raw - plain.raw) / plain.raw) * 100).toFixed(1)} % raw`,
    );
    // Issue #25: within +15 % gzip. Measured +28 % with KaTeX's HTML and MathML and icons inlined
    // as SVG; +13.7 % with MathML only and icons drawn from the shared sprite.
    expect(components.gzip).toBeLessThanOrEqual(plain.gzip * 1.15);
  });
});
