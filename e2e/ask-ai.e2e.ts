/**
 * Ask AI in headless Chromium, against the real server with the official Anthropic SDK pointed
 * at a protocol-faithful Messages API on loopback (`ANTHROPIC_BASE_URL`): the header's Ask AI
 * opens the panel, a question streams its answer in (rendered markdown, a code block with a
 * copy button, sources), the answer's citation opens the cited page, the askAi page action opens
 * the panel about the current page (the chat request carries `page`), Escape closes and focus
 * returns, thumbs up posts feedback. Asked about the open page, the model gets that page as its
 * first passage; the conversation survives following a cited link (session storage) and a
 * follow-up there carries it. A site whose model has no key shows the server's
 * not-configured message. axe on the open panel: no serious violation; no console errors (CSP).
 * Screenshots of the open panel at 1280 and 390 px in /tmp/shots-G/.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAnthropic, startFakeAnthropic } from '../apps/server/src/ai/testing/fake-anthropic.js';
import {
  type DocsServer,
  openDocsPage,
  seriousAxeViolations,
  startDocsServer,
  watchedPage,
} from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

const SHOTS = '/tmp/shots-G';

const SPEC = `openapi: 3.1.0
info: { title: Acme, version: '1', description: The Acme API. }
servers: [{ url: 'https://api.acme.test' }]
paths:
  /widgets:
    post:
      operationId: createWidget
      summary: Create a widget
      description: Creates a widget from a name.
      responses: { '201': { description: Created } }
`;

async function writeProject(model: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-ask-ai-'));
  await mkdir(join(dir, 'pages'));
  await writeFile(join(dir, 'api.yaml'), SPEC);
  await writeFile(join(dir, 'pages/home.md'), '---\ntitle: Welcome\n---\n\nAcme makes widgets.\n');
  await writeFile(
    join(dir, 'pages/quickstart.md'),
    '---\ntitle: Quickstart\n---\n\nInstall the CLI with `npm install acme`, then log in with `acme login`.\n',
  );
  await writeFile(
    join(dir, 'docs.yml'),
    `title: Acme Docs
pageActions: [copyPage, askAi]
ai:
  enabled: true
  model: ${model}
  location: [docs]
navigation:
  - section: Guides
    slug: guides
    contents:
      - page: Welcome
        path: pages/home.md
        slug: ""
      - page: Quickstart
        path: pages/quickstart.md
  - api: API Reference
    spec: api.yaml
    slug: api
`,
  );
  return dir;
}

const ANSWER = [
  'To install, run the CLI installer',
  ' and log in. See [Quickstart](/guides/quickstart) for details.\n\n',
  '```bash\nnpm install acme\n```\n',
  'Raw <img src=x onerror="window.__xss=1"> stays text.',
];

let browser: Browser;
let fake: FakeAnthropic;
let site: DocsServer;
let unconfigured: DocsServer;
const saved = {
  key: process.env.ANTHROPIC_API_KEY,
  base: process.env.ANTHROPIC_BASE_URL,
  co: process.env.CO_API_KEY,
};

beforeAll(async () => {
  fake = await startFakeAnthropic(() => ({ type: 'answer', chunks: ANSWER, delayMs: 150 }));
  process.env.ANTHROPIC_API_KEY = 'test';
  process.env.ANTHROPIC_BASE_URL = fake.url;
  // command-a runs on Cohere: without CO_API_KEY that site's Ask AI is not configured.
  delete process.env.CO_API_KEY;
  site = await startDocsServer(await writeProject('claude-4'));
  unconfigured = await startDocsServer(await writeProject('command-a'));
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await site?.app.close();
  await unconfigured?.app.close();
  await fake?.close();
  for (const [name, value] of [
    ['ANTHROPIC_API_KEY', saved.key],
    ['ANTHROPIC_BASE_URL', saved.base],
    ['CO_API_KEY', saved.co],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

const panel = (page: Page) => page.getByRole('dialog', { name: 'Ask AI' });

/** Chat requests the page sends, by their JSON body. */
function chatBodies(page: Page): { messages: { role: string; content: string }[]; page?: string }[] {
  const bodies: { messages: { role: string; content: string }[]; page?: string }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/_sextant/ai/chat')) bodies.push(JSON.parse(request.postData() ?? '{}'));
  });
  return bodies;
}

describe('Ask AI in the site', () => {
  it('asks, streams the answer, follows a citation, opens from the page action, closes with Escape', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: false });
    const { page, errors } = await watchedPage(context);
    const bodies = chatBodies(page);
    await openDocsPage(page, `${site.url}/`);

    const opener = page.locator('#sx-tools').getByRole('button', { name: 'Ask AI' });
    await opener.click();
    await panel(page).waitFor();
    const input = panel(page).getByRole('textbox', { name: 'Your question' });
    await expect(input.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // Shift+Enter is a new line; Enter sends.
    await input.fill('How do I install');
    await input.press('Shift+Enter');
    await input.type('the CLI?');
    expect(await input.inputValue()).toBe('How do I install\nthe CLI?');
    await input.press('Enter');

    // The answer streams: its first piece shows before the last one has arrived.
    const answer = panel(page).locator('.sx-ai-answer').first();
    await answer.getByText('To install, run the CLI installer').waitFor();
    expect(await answer.innerText()).not.toContain('stays text');
    await answer.getByText('stays text').waitFor();
    expect(await panel(page).locator('.sx-ai-log').getAttribute('aria-live')).toBe('polite');
    expect(bodies[0]?.messages).toEqual([{ role: 'user', content: 'How do I install\nthe CLI?' }]);
    // The provider got the question, with passages of the docs in its system prompt.
    const sent = fake.requests.at(-1)?.body as { system?: unknown; messages: { content: unknown }[] };
    expect(JSON.stringify(sent.messages)).toContain('How do I install');
    expect(JSON.stringify(sent.system)).toContain('/guides/quickstart');

    // Markdown: a code block with a copy button; raw HTML stays text, nothing ran.
    await expect(answer.locator('pre code').innerText()).resolves.toBe('npm install acme');
    await expect(answer.getByRole('button', { name: 'Copy code' }).count()).resolves.toBe(1);
    await expect(answer.locator('img').count()).resolves.toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    // Sources from the retrieval, as links to pages of this site.
    const sources = await answer
      .locator('.sx-ai-sources a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(sources.length).toBeGreaterThan(0);
    for (const href of sources) expect(href).toMatch(/^\/[^/]/);
    // Thumbs up posts the question id.
    const feedback = page.waitForRequest((r) => r.url().endsWith('/_sextant/ai/feedback'));
    await answer.getByRole('button', { name: 'Good answer' }).click();
    expect(JSON.parse((await feedback).postData() ?? '{}')).toMatchObject({ rating: 'up' });
    await expect(
      answer.getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');

    // axe on the open panel, then the screenshot at 1280 px.
    await page.screenshot({ path: `${SHOTS}/ask-ai-panel-1280.png` });

    // A follow-up carries the conversation.
    await input.fill('And then?');
    await input.press('Enter');
    await panel(page).locator('.sx-ai-turn').nth(1).getByText('stays text').waitFor();
    expect(bodies[1]?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(bodies[1]?.messages[1]?.content).toContain('[Quickstart](/guides/quickstart)');

    // The citation opens the cited page.
    await answer.getByRole('link', { name: 'Quickstart' }).first().click();
    await page.waitForURL(`${site.url}/guides/quickstart`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await expect(page.locator('main h1').innerText()).resolves.toBe('Quickstart');

    // The page action opens the panel about this page; the request names it.
    const action = page.locator('.sx-page-actions').getByRole('button', { name: 'Ask AI about this page' });
    await action.click();
    await panel(page).getByText('About this page:').waitFor();
    await expect(panel(page).locator('.sx-ai-context strong').innerText()).resolves.toBe('Quickstart');
    await panel(page).getByRole('textbox', { name: 'Your question' }).fill('What does this page say?');
    await panel(page).getByRole('textbox', { name: 'Your question' }).press('Enter');
    // The conversation came along from the previous page: this is its third turn.
    await panel(page).locator('.sx-ai-turn').nth(2).getByText('stays text').waitFor();
    expect(bodies.at(-1)?.page).toBe('guides/quickstart');

    // Escape closes; focus returns to the action that opened the panel.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    await expect(action.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers about the open page from it; a follow-up after a cited link keeps the conversation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await watchedPage(context);
    const bodies = chatBodies(page);
    await openDocsPage(page, `${site.url}/`);
    await page.locator('.sx-page-actions').getByRole('button', { name: 'Ask AI about this page' }).click();
    await expect(panel(page).locator('.sx-ai-context strong').innerText()).resolves.toBe('Welcome');
    const input = panel(page).getByRole('textbox', { name: 'Your question' });
    await input.fill('What is this about?');
    await input.press('Enter');
    const first = panel(page).locator('.sx-ai-turn').first();
    await first.getByText('stays text').waitFor();
    // The answer is finished (its rating buttons show) before the reader follows its link.
    await first.getByRole('button', { name: 'Good answer' }).waitFor();
    expect(bodies.at(-1)).toMatchObject({
      page: '',
      messages: [{ role: 'user', content: 'What is this about?' }],
    });
    // The model answered from the open page: its passage is the first, with the page's text.
    const system = String((fake.requests.at(-1)?.body as { system?: unknown } | undefined)?.system ?? '');
    const firstPassage = /<passage [^>]*>/.exec(system)?.[0] ?? '';
    expect(firstPassage).toContain('url="/"');
    expect(system.slice(system.indexOf(firstPassage))).toMatch(/^<passage [^>]*>\nAcme makes widgets\./);
    // The reader follows the cited link to another page and asks a follow-up there.
    await first.getByRole('link', { name: 'Quickstart' }).first().click();
    await page.waitForURL(`${site.url}/guides/quickstart`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('#sx-tools').getByRole('button', { name: 'Ask AI' }).click();
    await panel(page).locator('.sx-ai-turn').first().getByText('What is this about?').waitFor();
    await input.fill('And how do I log in?');
    await input.press('Enter');
    await panel(page).locator('.sx-ai-turn').nth(1).getByText('stays text').waitFor();
    expect(bodies.at(-1)?.messages).toEqual([
      { role: 'user', content: 'What is this about?' },
      { role: 'assistant', content: ANSWER.join('') },
      { role: 'user', content: 'And how do I log in?' },
    ]);
    // New chat forgets it, on this page and the next.
    await panel(page).getByRole('button', { name: 'New chat' }).click();
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('#sx-tools').getByRole('button', { name: 'Ask AI' }).click();
    await panel(page).getByText('Ask a question about these docs.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('axe finds no serious violation on the open panel; full screen at 390 px', async () => {
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
      const { page } = await watchedPage(context);
      await openDocsPage(page, `${site.url}/guides/quickstart`);
      await page.screenshot({ path: `${SHOTS}/ask-ai-header-${width}.png` });
      await page.locator('#sx-tools').getByRole('button', { name: 'Ask AI' }).click();
      const input = panel(page).getByRole('textbox', { name: 'Your question' });
      await input.fill('How do I install the CLI?');
      await input.press('Enter');
      await panel(page).getByText('stays text').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (width === 390) {
        const box = await panel(page).boundingBox();
        expect(box).toMatchObject({ x: 0, y: 0, width: 390 });
        expect(box?.height).toBeGreaterThanOrEqual(840);
        await page.screenshot({ path: `${SHOTS}/ask-ai-panel-390.png` });
      }
      await context.close();
    }
  });

  it('a site whose model has no key shows the server’s not-configured message', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, errors } = await watchedPage(context);
    await openDocsPage(page, `${unconfigured.url}/`);
    await page.locator('#sx-tools').getByRole('button', { name: 'Ask AI' }).click();
    const notice = panel(page).getByRole('status');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(
      /not configured on this server: the server owner sets CO_API_KEY/,
    );
    await expect(panel(page).getByRole('textbox', { name: 'Your question' }).isDisabled()).resolves.toBe(
      true,
    );
    await page.screenshot({ path: `${SHOTS}/ask-ai-not-configured-1280.png` });
    expect(errors).toEqual([]);
    await context.close();
  });
});
