/**
 * Copy on an endpoint page's code cards in headless Chromium copies exactly the code, though the
 * islands carry none of it (issue #30): a request snippet and a whole response tab copy their
 * panel's text; a response cut to its first lines copies the whole from the page's full view,
 * saying so while it loads, and says Copy failed when that fails (a later click copies it).
 * What is expected is the full view's code (`/_sextant/page.json`), as the server wrote it.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsServer, openDocsPage, startDocsServer, watchedPage } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

/** Text a browser could read back otherwise: tabs, `<&>"'`, accents, CJK, an emoji (a surrogate pair). */
const HOSTILE = 'tab\there <b>&amp;</b> "q" \'s\' é 中 😀';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Notes', version: '1' },
  servers: [{ url: 'https://api.notes.test' }],
  paths: {
    '/notes': {
      get: {
        operationId: 'listNotes',
        summary: 'List notes',
        parameters: [
          { name: 'X-Note', in: 'header', required: true, schema: { type: 'string' }, example: HOSTILE },
        ],
        responses: {
          '200': {
            description: 'Every note: a long body, shown cut to its first lines.',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { id: { type: 'integer' }, text: { type: 'string' } },
                  },
                },
                example: Array.from({ length: 30 }, (_, i) => ({ id: i, text: `${HOSTILE} ${i}` })),
              },
            },
          },
          '201': {
            description: 'A short body, shown whole.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  // The operation's one example is the 200's: this body is made from its schema.
                  properties: {
                    message: { type: 'string', example: HOSTILE },
                    path: { type: 'string', example: 'C:\\notes\\' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

interface FullView {
  snippets: { label: string; code: string }[];
  responseExamples: { label: string; code: string }[];
}

let server: DocsServer;
let browser: Browser;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-copy-code-'));
  await writeFile(join(dir, 'notes.json'), JSON.stringify(spec));
  await writeFile(
    join(dir, 'docs.yml'),
    'title: Notes\nnavigation:\n  - api: Notes API\n    spec: notes.json\n    slug: api\n',
  );
  server = await startDocsServer(dir);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.app.close();
});

/** The page's full view, as the client fetches it. */
async function fullView(page: Page): Promise<FullView> {
  const url = await page
    .locator('[data-sx-island="response-tabs"]')
    .getAttribute('data-sx-props')
    .then((props) => (JSON.parse(props ?? '{}') as { fullPageUrl: string }).fullPageUrl);
  return page.evaluate(async (u) => (await fetch(u)).json(), url);
}

const NOTHING = '(nothing copied)';

/** Clicks `button` (a Copy) and returns what it put on the clipboard. */
async function copied(page: Page, button: Locator): Promise<string> {
  // The one button of a card: a Copy of the tab before may still say Copied.
  await expect.poll(() => button.getAttribute('data-state'), { timeout: 5000 }).toBe('idle');
  await page.evaluate((nothing) => navigator.clipboard.writeText(nothing), NOTHING);
  await button.click();
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await expect.poll(clipboard, { timeout: 10_000 }).not.toBe(NOTHING);
  await expect.poll(() => button.getAttribute('data-state')).toBe('copied');
  return clipboard();
}

describe('Copy on an endpoint page', () => {
  it('copies exactly the code of a request snippet, a whole response and a cut one', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/api/list-notes`);
    const full = await fullView(page);

    // The islands carry no code: the page shows it, or its full view has it.
    for (const island of ['code-tabs', 'response-tabs']) {
      const props = await page.locator(`[data-sx-island="${island}"]`).getAttribute('data-sx-props');
      expect(JSON.parse(props ?? '{}').tabs.every((tab: object) => !('code' in tab))).toBe(true);
    }

    const request = page.locator('section[aria-label="Request"]');
    expect(full.snippets[0]?.code).toContain('tab\there <b>&amp;</b>');
    for (const [i, snippet] of full.snippets.entries()) {
      await request.getByRole('tab').nth(i).click();
      expect(snippet.code).toContain('é 中 😀');
      expect(await copied(page, request.getByRole('button', { name: `Copy ${snippet.label}` }))).toBe(
        snippet.code,
      );
    }

    const response = page.locator('section[aria-label="Response"]');
    const [cut, whole] = full.responseExamples;
    await response.getByRole('tab', { name: '201' }).click();
    expect(whole?.code).toContain('😀');
    expect(await copied(page, response.getByRole('button', { name: 'Copy 201' }))).toBe(whole?.code);

    // The cut one: its first lines shown, the whole copied (the full view loaded on the click).
    await response.getByRole('tab', { name: '200' }).click();
    const shown = (await response.locator('.sx-code-panel:not([hidden])').textContent()) ?? '';
    expect(shown.split('\n')).toHaveLength(40);
    expect(cut?.code.startsWith(shown)).toBe(true);
    expect(cut?.code.split('\n').length).toBeGreaterThan(40);
    expect(await copied(page, response.getByRole('button', { name: 'Copy 200' }))).toBe(cut?.code);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says it is loading the whole, says Copy failed when that fails, and copies it on a later click', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = await watchedPage(context);
    await openDocsPage(page, `${server.url}/api/list-notes`);
    const full = await fullView(page);
    const copy = page.locator('section[aria-label="Response"]').getByRole('button', { name: 'Copy 200' });

    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/_sextant/page.json*', async (route) => {
      await answered;
      await route.fulfill({ status: 503, body: 'down' });
    });
    await page.evaluate((nothing) => navigator.clipboard.writeText(nothing), NOTHING);
    await copy.click();
    await expect.poll(() => copy.textContent(), { timeout: 10_000 }).toContain('Loading…');
    answer();
    await expect.poll(() => copy.getAttribute('data-state'), { timeout: 10_000 }).toBe('failed');
    expect(await copy.textContent()).toContain('Copy failed');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(NOTHING);
    // Still cut, and its control still offers the whole.
    await expect(
      page.getByRole('button', { name: /^Show full example \(\d+ lines\)$/ }).count(),
    ).resolves.toBe(1);

    await page.unroute('**/_sextant/page.json*');
    expect(await copied(page, copy)).toBe(full.responseExamples[0]?.code);
    await context.close();
  });
});
