/**
 * Helpers of the docs e2e tests: start a Sextant server on a docs project, collect console
 * errors, run axe-core, take screenshots at desktop and phone widths.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { NavItem } from '@sextant/definition';
import { buildServer, type ServerOptions } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const SCREENSHOT_DIR = join(import.meta.dirname, 'screenshots');
const AXE_PATH = join(import.meta.dirname, '../node_modules/axe-core/axe.min.js');

export interface DocsServer {
  app: FastifyInstance;
  url: string;
}

/** Starts the server with the docs host on `projectDir` (plus the registry when asked), on a free port. */
export async function startDocsServer(
  projectDir: string,
  parts: ServerOptions['parts'] = {},
): Promise<DocsServer> {
  const app = await buildServer({
    mode: 'local',
    parts: { registry: false, proxy: false, wsProxy: false, docsHost: true, ...parts },
    docs: { projectDir },
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

/** A page that records console errors, page errors and dialogs. */
export async function watchedPage(
  context: BrowserContext,
): Promise<{ page: Page; errors: string[]; dialogs: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, errors, dialogs };
}

/** Opens `url` and waits until the page is hydrated. */
export async function openDocsPage(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  if (!response || response.status() >= 400) throw new Error(`GET ${url}: ${response?.status()}`);
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
}

interface RecordedServerPage {
  sxServerHtml: Record<string, string>;
  sxServerElements: Element[];
}

/** The hydrated page's parts to compare, by name: the content, the header tools and every island. */
function pageParts(): Record<string, Element | null> {
  const parts: Record<string, Element | null> = {
    'sx-content': document.getElementById('sx-content'),
    'sx-tools': document.getElementById('sx-tools'),
  };
  for (const [i, island] of [...document.querySelectorAll('[data-sx-island]')].entries())
    parts[`island ${i} (${island.getAttribute('data-sx-island')})`] = island;
  return parts;
}

/**
 * Records, once the document is parsed and before the page's scripts run, the HTML the server sent
 * for the content, the header tools and each island, and their elements; `hydrationChanges` and
 * `detachedServerElements` compare them with the hydrated page.
 */
export async function recordServerHtml(context: BrowserContext): Promise<void> {
  await context.addInitScript(`(() => {
    const pageParts = ${pageParts.toString()};
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const parts = pageParts();
      window.sxServerHtml = Object.fromEntries(
        Object.entries(parts).map(([name, element]) => [name, element ? element.innerHTML : '']),
      );
      window.sxServerElements = Object.values(parts).flatMap((element) => (element ? [...element.querySelectorAll('*')] : []));
    });
  })()`);
}

/** How many elements the server sent for the hydrated roots, and how many are no longer in the page. */
export async function detachedServerElements(page: Page): Promise<{ sent: number; detached: number }> {
  return page.evaluate(() => {
    const elements = (window as unknown as RecordedServerPage).sxServerElements;
    return { sent: elements.length, detached: elements.filter((element) => !element.isConnected).length };
  });
}

/**
 * The parts whose HTML differs from what the server sent (the content, the header tools, each
 * island), with the first difference. Hydration adopts the server's DOM: a difference means an
 * island's browser render disagrees with the server's (React then inserts or removes nodes).
 * React's text separators (`<!-- -->`) are left out of the comparison.
 */
export async function hydrationChanges(
  page: Page,
): Promise<{ root: string; server: string; hydrated: string }[]> {
  return page.evaluate(`(() => {
    const pageParts = ${pageParts.toString()};
    const strip = (html) => html.replace(/<!--[sS]*?-->/g, '');
    const now = pageParts();
    return Object.entries(window.sxServerHtml).flatMap(([root, html]) => {
      const server = strip(html);
      const hydrated = strip(now[root] ? now[root].innerHTML : '');
      let at = 0;
      while (at < server.length && server[at] === hydrated[at]) at++;
      return at === server.length && server.length === hydrated.length
        ? []
        : [{ root, server: server.slice(at - 80, at + 80), hydrated: hydrated.slice(at - 80, at + 80) }];
    });
  })()`);
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Serious and critical axe-core violations of the current page (needs a context with bypassCSP). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * A screenshot taker for one suite: with SEXTANT_SHOTS set, `shot(page, name)` saves
 * `e2e/screenshots/<prefix>-<name>.png`; without it, nothing.
 */
export function shotTaker(prefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    if (!process.env.SEXTANT_SHOTS) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${prefix}-${name}.png`) });
  };
}

/**
 * Picks a link of a header menu (the version selector, the product switcher): opens it by its
 * `summary`, runs `whileOpen` (a screenshot), follows `link` and waits for the page it leads
 * to, hydrated. Returns that page's path.
 */
export async function followMenuLink(
  page: Page,
  summary: string,
  link: string,
  whileOpen?: () => Promise<void>,
): Promise<string> {
  await page.locator(summary).click();
  const target = page.locator(link);
  await target.waitFor();
  await whileOpen?.();
  const href = await target.getAttribute('href');
  await target.click();
  await page.waitForURL(new URL(href ?? '/', page.url()).href);
  await page.waitForSelector('html[data-hydrated="true"]');
  return new URL(page.url()).pathname;
}

/** Screenshots of `url` at 1280 px and 390 px wide, into e2e/screenshots/. */
export async function screenshots(browser: Browser, url: string, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await openDocsPage(page, url);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`) });
    await context.close();
  }
}

/** The slug of the endpoint page for `endpointId` in a docs navigation tree. */
export function findSlug(items: NavItem[], endpointId: string): string | undefined {
  for (const item of items) {
    if (item.type === 'endpoint' && item.endpointId === endpointId) return item.slug;
    const inner = 'children' in item ? findSlug(item.children, endpointId) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** The request card's snippet languages, once `last` (an SDK language loaded after mount) is listed. */
export async function snippetLanguagesOnceLoaded(page: Page, last: string): Promise<string[]> {
  const languages = page.getByLabel('Snippet language');
  await languages.locator('option', { hasText: last }).waitFor({ state: 'attached' });
  return languages.locator('option').allInnerTexts();
}
