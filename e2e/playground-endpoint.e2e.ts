/**
 * The endpoint playground in Chromium against the real Sextant server (local mode, its HTTP
 * proxy) and the demo REST upstream: each body kind echoed, multipart with two files, SSE and
 * NDJSON chunks before the stream ends, audio and PDF previews, the download name, every auth
 * kind reaching the upstream, OAuth login / failure / fallback, API-key injection login and
 * logout, mobile tabs, dragging a divider, Escape, the hosted-mode localhost tooltip, the deep
 * link, no console errors and no serious axe violations. Screenshots go to e2e/screenshots/.
 */
import { buildServer } from '@sextant/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServers } from '../examples/servers/index.js';
import { demoRestDefinition } from '../packages/playground/src/testing/demo-definitions.js';
import { type E2eStack, startE2eStack } from '../packages/playground/src/testing/e2e-stack.js';
import type { HarnessConfig } from '../packages/playground/src/testing/harness/harness-entry.js';
import { seriousAxeViolations } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

let stack: E2eStack;

beforeAll(async () => {
  stack = await startE2eStack({ buildServer, startDemoServers, launchBrowser }, ({ restUrl }) => {
    const definition = demoRestDefinition(restUrl);
    const page = (id: string, extra: Partial<HarnessConfig> = {}): HarnessConfig => ({
      kind: 'endpoint',
      definition,
      id,
      mode: 'local',
      proxyBaseUrl: '',
      ...extra,
    });
    const withoutToken = demoRestDefinition(restUrl);
    delete withoutToken.endpoints.token;
    return {
      ...Object.fromEntries(Object.keys(definition.endpoints).map((id) => [id, page(id)])),
      hosted: page('echoJson', { mode: 'hosted' }),
      pixelSplit: page('echoJson', { split: 'pixel' }),
      injection: page('whoami', { injection: true }),
      oauthFallback: { ...page('oauthProfile'), definition: withoutToken },
    };
  });
});

afterAll(async () => {
  await stack?.close();
});

async function openExplorer(name: string, options?: { width?: number; height?: number }, query = '') {
  const opened = await stack.open(`/__harness/page/${name}?explorer=${name}${query}`, options);
  await opened.page.getByRole('dialog').waitFor();
  return opened;
}

async function send(page: Page) {
  await page.getByTestId('send').click();
  await page.locator('.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"]').waitFor();
}

async function responseJson(page: Page): Promise<unknown> {
  const text = await page.getByRole('region', { name: 'Response body' }).innerText();
  return JSON.parse(text);
}

function shot(page: Page, name: string) {
  return page.screenshot({ path: `e2e/screenshots/playground-${name}.png` });
}

describe('endpoint playground: bodies', () => {
  it('sends a JSON body, path, query and header, and shows the echo with status, time and size', async () => {
    const { page, errors } = await openExplorer('echoJson');
    await page.getByLabel('X-Trace-Id').fill('trace-1');
    await page.getByLabel('notes', { exact: true }).waitFor({ state: 'detached' });
    await page.getByText('More optional fields').click();
    await page.getByRole('button', { name: 'Add all optional properties' }).click();
    await page.getByLabel('notes', { exact: true }).fill('water weekly');
    await send(page);
    const echo = (await responseJson(page)) as {
      method: string;
      path: string;
      headers: Record<string, string>;
      body: { kind: string; value: unknown };
    };
    expect(echo.method).toBe('POST');
    expect(echo.path).toBe('/echo/fern');
    expect(echo.headers['x-trace-id']).toBe('trace-1');
    expect(echo.body).toMatchObject({
      kind: 'json',
      value: { name: 'Fern', species: 'fern', notes: 'water weekly' },
    });
    expect(await page.getByTestId('response-status').innerText()).toMatch(/^200/);
    expect(await page.getByTestId('response-status').getAttribute('class')).toContain('sx-pg-badge-success');
    expect(await page.getByTestId('response-time').innerText()).toMatch(/^\d+\.\d{2} ms$/);
    expect(await page.getByTestId('snippet').innerText()).toContain('water weekly');
    await shot(page, 'json-echo');
    const events = await page.evaluate(() => window.__PLAYGROUND_EVENTS__);
    expect(events.map((e) => e.type)).toEqual(['request_sent', 'request_received']);
    expect(JSON.stringify(events)).not.toContain('localhost');
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('edits the JSON body in the lazily loaded CodeMirror editor', async () => {
    const { page, errors } = await openExplorer('echoJson');
    expect(await page.locator('.cm-editor').count()).toBe(0);
    await page.getByLabel('Edit as JSON').check();
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{"name": "Cactus", "species": "cactus"}');
    await page.getByTestId('snippet').filter({ hasText: 'Cactus' }).waitFor();
    await send(page);
    expect(await responseJson(page)).toMatchObject({
      body: { kind: 'json', value: { name: 'Cactus', species: 'cactus' } },
    });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText(',');
    await page.getByText(/^Invalid JSON/).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends a URL-encoded form', async () => {
    const { page, errors } = await openExplorer('echoForm');
    await page.getByLabel('city').fill('Paris');
    await send(page);
    expect(await responseJson(page)).toMatchObject({ body: { kind: 'form', fields: { city: 'Paris' } } });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('uploads a multipart form with two files', async () => {
    const { page, errors } = await openExplorer('upload');
    expect(await page.getByRole('heading', { name: 'Multipart Form' }).count()).toBe(1);
    const files = page.getByLabel('photos');
    await files.setInputFiles({ name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('first file') });
    await files.setInputFiles({
      name: 'two.png',
      mimeType: 'image/png',
      buffer: Buffer.from([137, 80, 78, 71]),
    });
    await send(page);
    const echo = (await responseJson(page)) as { parts: { name: string; fileName?: string; size: number }[] };
    expect(echo.parts.filter((p) => p.name === 'photos').map((p) => [p.fileName, p.size])).toEqual([
      ['one.txt', 10],
      ['two.png', 4],
    ]);
    await shot(page, 'multipart');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('uploads raw bytes', async () => {
    const { page, errors } = await openExplorer('uploadRaw');
    await page.getByLabel('Body file').setInputFiles({
      name: 'blob.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(1000, 7),
    });
    await send(page);
    expect(await responseJson(page)).toMatchObject({ size: 1000, contentType: 'application/octet-stream' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('endpoint playground: responses', () => {
  for (const [name, expected] of [
    // Four events; the [DONE] terminator ends the stream and is not shown.
    ['sse', 4],
    ['ndjson', 4],
  ] as const) {
    it(`shows ${name} chunks before the stream ends`, async () => {
      const { page, errors } = await openExplorer(name);
      await page.getByTestId('send').click();
      await page
        .locator('[data-testid="response-stream"][data-done="false"] [data-testid="stream-event"]')
        .first()
        .waitFor();
      const early = await page.getByTestId('stream-event').count();
      expect(early).toBeLessThan(expected);
      if (name === 'sse') await shot(page, 'sse-streaming');
      await page.locator('[data-testid="response-stream"][data-done="true"]').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('stream-event').count()).toBe(expected);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('previews audio as a file', async () => {
    const { page, errors } = await openExplorer('tone');
    await send(page);
    await page.getByTestId('audio-preview').waitFor();
    expect(await page.getByTestId('file-name').innerText()).toMatch(/^[a-z0-9]+\.wav$/);
    await shot(page, 'audio');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('previews a PDF and names it from Content-Disposition', async () => {
    const { page, errors } = await openExplorer('pdf');
    await send(page);
    await page.getByTestId('pdf-preview').waitFor();
    expect(await page.getByTestId('file-name').innerText()).toBe('invoice-42.pdf');
    await shot(page, 'pdf');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('downloads a file under its Content-Disposition name and says when there is no preview', async () => {
    const { page, errors } = await openExplorer('csv');
    await send(page);
    expect(await page.getByTestId('response-file').innerText()).toContain(
      'File preview not supported for text/csv',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('plants-report.csv');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('endpoint playground: auth', () => {
  it('sends bearer, basic and API-key credentials that the upstream accepts', async () => {
    const cases: [string, (page: Page) => Promise<void>, unknown][] = [
      ['bearer', (page) => page.getByLabel('Bearer token').fill('demo-token'), { auth: 'bearer', ok: true }],
      [
        'basic',
        async (page) => {
          await page.getByLabel('Username').fill('demo');
          await page.getByLabel('Password').fill('demo-password');
        },
        { auth: 'basic', user: 'demo' },
      ],
      [
        'apiKey',
        (page) => page.getByLabel('API key', { exact: true }).fill('demo-api-key'),
        { auth: 'apiKey', ok: true },
      ],
    ];
    for (const [name, fill, expected] of cases) {
      const { page, errors } = await openExplorer(name);
      await send(page);
      expect(await page.getByTestId('response-status').innerText()).toMatch(/^401/);
      expect(await page.getByTestId('response-status').getAttribute('class')).toContain('sx-pg-badge-error');
      await fill(page);
      expect(await page.getByText('Authenticated', { exact: true }).count()).toBe(1);
      expect(await page.getByTestId('snippet').innerText()).not.toMatch(
        /demo-token|demo-password|demo-api-key/,
      );
      await send(page);
      expect(await responseJson(page)).toEqual(expected);
      if (name === 'basic') await shot(page, 'auth-basic');
      expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
      await page.context().close();
    }
  });

  it('logs in with OAuth client credentials: failure message, Fetch / Refresh, token used, edited-token warning', async () => {
    const { page, errors } = await openExplorer('oauthProfile');
    await page.getByLabel('Client ID').fill('sextant-demo');
    await page.getByLabel('Client Secret').fill('wrong');
    await page.getByRole('button', { name: 'Fetch' }).click();
    await page.getByText('Failed to login with the provided credentials').waitFor();
    await page.getByLabel('Client Secret').fill('demo-secret');
    await page.getByRole('button', { name: 'Fetch' }).click();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await send(page);
    expect(await responseJson(page)).toMatchObject({ auth: 'oauth2' });
    await page.getByLabel('Bearer token').fill('edited');
    await page
      .getByText('The bearer token is no longer valid. Please refresh it by clicking the button below')
      .waitFor();
    await shot(page, 'oauth-warning');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('The bearer token is no longer valid').waitFor({ state: 'detached' });
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('falls back to a plain bearer input when the token endpoint is missing', async () => {
    const { page, errors } = await openExplorer('oauthFallback', undefined, '');
    await page.getByLabel('Bearer token').waitFor();
    expect(await page.getByLabel('Client ID').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('logs in through the docs site (API-key injection), sends the injected token, and logs out', async () => {
    const { page, errors } = await openExplorer('injection');
    await page.getByRole('button', { name: 'Login to send a real request' }).click();
    await page.getByRole('link', { name: 'Deny' }).click();
    await page.getByRole('dialog').waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'You declined to sign in to the demo identity provider.' })
      .waitFor();
    expect(page.url()).not.toContain('error=');
    await page.getByRole('button', { name: 'Login to send a real request' }).click();
    await page.getByRole('link', { name: 'Sign in as Demo Reader' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByText('Logged in').waitFor();
    expect(page.url()).toContain('explorer=injection');
    await send(page);
    const echo = (await responseJson(page)) as { headers: Record<string, string> };
    expect(echo.headers.authorization).toMatch(/^Bearer demo_/);
    await shot(page, 'injection-logged-in');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login to send a real request' }).waitFor();
    await send(page);
    expect(
      ((await responseJson(page)) as { headers: Record<string, string> }).headers.authorization,
    ).toBeUndefined();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('endpoint playground: layout and navigation', () => {
  it('switches to Request / Response tabs at 390 px', async () => {
    const { page, errors } = await openExplorer('echoJson', { width: 390, height: 844 });
    const tabs = page.getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['Request', 'Response']);
    expect(await page.getByRole('tab', { name: 'Request' }).getAttribute('aria-selected')).toBe('true');
    await shot(page, 'mobile-request');
    await send(page);
    expect(await page.getByRole('tab', { name: 'Response' }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('response-status').waitFor();
    await shot(page, 'mobile-response');
    await page.getByRole('tab', { name: 'Request' }).click();
    await page.getByTestId('snippet').waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('resizes the panes by dragging the divider', async () => {
    const { page, errors } = await openExplorer('echoJson');
    const left = page.locator('.sx-pg-left').first();
    const before = (await left.boundingBox())?.width ?? 0;
    expect(before).toBeGreaterThan(500);
    const handle = page.locator('.sx-pg-separator').first();
    const box = await handle.boundingBox();
    if (!box) throw new Error('no separator');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 200, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    const after = (await left.boundingBox())?.width ?? 0;
    expect(before - after).toBeGreaterThan(150);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('starts the form pane at 300 px in pixel mode', async () => {
    const { page, errors } = await openExplorer('pixelSplit');
    const width = (await page.locator('.sx-pg-left').first().boundingBox())?.width ?? 0;
    expect(Math.abs(width - 300)).toBeLessThan(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('closes with Escape and removes the explorer parameter', async () => {
    const { page, errors } = await openExplorer('echoJson');
    expect(page.url()).toContain('explorer=echoJson');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('explorer');
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('button', { name: 'Close explorer' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('explorer');
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.getByRole('link', { name: 'View in API Reference' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Same API reference id: shallow navigation (history.pushState, no page load).
    expect(new URL(page.url()).pathname).toBe('/reference');
    expect(await page.getByRole('heading', { name: 'Playground harness' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('disables Send for localhost targets in hosted mode with the tooltip', async () => {
    const { page, errors } = await openExplorer('hosted');
    expect(await page.getByTestId('send').isDisabled()).toBe(true);
    await page.locator('.sx-pg-send-wrap').hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.innerText()).toBe('Cannot send requests to localhost');
    await shot(page, 'hosted-localhost');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('restores the form from a deep link that carries no secrets, and sends with Ctrl+Enter', async () => {
    const { page, errors } = await openExplorer('echoJson');
    await page.getByLabel('name', { exact: true }).first().fill('rose');
    await page.getByLabel('X-Trace-Id').fill('from-link');
    await page.getByRole('button', { name: 'Copy link to this form' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('explorerForm=');
    const reopened = await stack.open(new URL(link).pathname + new URL(link).search);
    await reopened.page.getByRole('dialog').waitFor();
    expect(await reopened.page.getByLabel('X-Trace-Id').inputValue()).toBe('from-link');
    expect(await reopened.page.getByTestId('path').innerText()).toContain('/echo/rose');
    await reopened.page.keyboard.press('Control+Enter');
    await reopened.page.getByTestId('response-status').waitFor();
    expect(((await responseJson(reopened.page)) as { path: string }).path).toBe('/echo/rose');
    await reopened.page.context().close();

    const bearer = await openExplorer('bearer');
    await bearer.page.getByLabel('Bearer token').fill('demo-token');
    await bearer.page.getByRole('button', { name: 'Copy link to this form' }).click();
    const secretLink = await bearer.page.evaluate(() => navigator.clipboard.readText());
    const encoded = new URL(secretLink).searchParams.get('explorerForm') ?? '';
    expect(Buffer.from(encoded, 'base64url').toString()).not.toContain('demo-token');
    expect(secretLink).not.toContain('demo-token');
    expect([...errors, ...bearer.errors]).toEqual([]);
    await bearer.page.context().close();
    await page.context().close();
  });
});

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}
