/**
 * The WebSocket playground in Chromium through the real WebSocket proxy (local mode) to the
 * demo WebSocket upstream: connect, handshake headers and query reaching the server, each
 * client message type, server-initiated messages, binary frames, the abnormal-close alert,
 * the message limit with END OF SAMPLE SESSION, send-while-closed and the channel switch; no
 * console errors, no serious axe violations, and the limit reason matching the proxy's.
 */
import { buildServer } from '@sextant/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_LIMIT_CLOSE_REASON as PROXY_LIMIT_REASON } from '../apps/server/src/ws-proxy/close-codes.js';
import { startDemoServers } from '../examples/servers/index.js';
import { END_OF_SAMPLE_SESSION, WS_LIMIT_CLOSE_REASON } from '../packages/playground/src/index.js';
import { demoWsDefinition } from '../packages/playground/src/testing/demo-definitions.js';
import { type E2eStack, startE2eStack } from '../packages/playground/src/testing/e2e-stack.js';
import { seriousAxeViolations } from './docs-helpers.js';
import { launchBrowser } from './support/browser.js';

let stack: E2eStack;

beforeAll(async () => {
  stack = await startE2eStack({ buildServer, startDemoServers, launchBrowser }, ({ wsUrl }) => {
    const definition = demoWsDefinition(wsUrl);
    return {
      chat: { kind: 'channel', definition, id: 'chat', mode: 'local', proxyBaseUrl: '' },
      limited: {
        kind: 'channel',
        definition,
        id: 'chat',
        mode: 'local',
        proxyBaseUrl: '',
        features: { websocketMessageLimit: 3 },
      },
      hosted: { kind: 'channel', definition, id: 'chat', mode: 'hosted', proxyBaseUrl: '' },
    };
  });
});

afterAll(async () => {
  await stack?.close();
});

async function openChannel(name: string) {
  const opened = await stack.open(`/__harness/page/${name}?explorer=chat`);
  await opened.page.getByRole('dialog').waitFor();
  return opened;
}

const messages = (page: Page) => page.getByTestId('ws-message');

async function messageData(page: Page, type: string): Promise<unknown> {
  const row = page.locator(`[data-testid="ws-message"][data-type="${type}"]`).last();
  await row.waitFor();
  return JSON.parse(await row.locator('pre').innerText());
}

function shot(page: Page, name: string) {
  return page.screenshot({ path: `e2e/screenshots/websocket-${name}.png` });
}

describe('WebSocket playground', () => {
  it('mirrors the proxy limit reason', () => {
    expect(WS_LIMIT_CLOSE_REASON).toBe(PROXY_LIMIT_REASON);
    expect(END_OF_SAMPLE_SESSION).toBe('END OF SAMPLE SESSION');
  });

  it('connects through the proxy, the handshake headers and query reach the server, each message type round-trips', async () => {
    const { page, errors } = await openChannel('chat');
    expect(await page.getByTestId('ws-badge').innerText()).toBe('Not connected');
    await page.getByTestId('ws-connect').click();
    await page.getByTestId('ws-connect').filter({ hasText: 'Disconnect' }).waitFor();
    expect(await page.getByTestId('ws-badge').innerText()).toBe('Connected');
    const welcome = (await messageData(page, 'welcome')) as {
      path: string;
      query: Record<string, string>;
      headers: Record<string, string>;
    };
    expect(welcome.path).toBe('/chat');
    expect(welcome.query).toEqual({ room: 'lobby', tickMs: '0' });
    expect(welcome.headers['x-client']).toBe('sextant-e2e');

    const say = page.getByRole('region', { name: 'Message Say' });
    await say.getByLabel('text').fill('hi there');
    await say.getByRole('button', { name: 'Send message Say' }).click();
    expect(await messageData(page, 'echo')).toMatchObject({ type: 'echo', text: 'hi there' });
    expect(await page.locator('[data-origin="client"][data-type="say"]').count()).toBe(1);

    const binary = page.getByRole('region', { name: 'Message Ask for binary' });
    await binary.getByLabel('size').fill('5');
    await binary.getByRole('button', { name: 'Send message Ask for binary' }).click();
    const frame = page.getByTestId('ws-binary').last();
    await frame.waitFor();
    expect(await frame.innerText()).toContain('5 bytes');
    expect(await frame.innerText()).toContain('hex: 00 01 02 03 04');
    expect(await frame.innerText()).toContain('base64: AAECAwQ=');
    await shot(page, 'connected');
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await messages(page).count()).toBe(0);
    await page.getByTestId('ws-connect').click();
    await page.getByTestId('ws-badge').filter({ hasText: 'Not connected' }).waitFor();
    expect(await page.getByTestId('ws-error').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows server-initiated messages', async () => {
    const { page, errors } = await openChannel('chat');
    await page.getByLabel('tickMs').fill('150');
    await page.getByTestId('ws-connect').click();
    await page.locator('[data-testid="ws-message"][data-type="tick"]').nth(1).waitFor();
    expect(await messageData(page, 'tick')).toMatchObject({ type: 'tick' });
    await page.getByTestId('ws-connect').click();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the reason of an abnormal close in an alert', async () => {
    const { page, errors } = await openChannel('chat');
    await page.getByTestId('ws-connect').click();
    await page.getByTestId('ws-badge').filter({ hasText: 'Connected' }).waitFor();
    await page.getByRole('button', { name: 'Send message Ask to close' }).click();
    const alert = page.getByTestId('ws-error');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Upstream says goodbye');
    expect(await page.getByTestId('ws-badge').innerText()).toBe('Not connected');
    expect(await page.getByTestId('ws-connect').innerText()).toBe('Connect');
    await shot(page, 'abnormal-close');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('ends the sample session at the message limit', async () => {
    const { page, errors } = await openChannel('limited');
    await page.getByTestId('ws-connect').click();
    await page.getByTestId('ws-badge').filter({ hasText: 'Connected' }).waitFor();
    await page.getByRole('button', { name: 'Send message Say' }).click();
    await page.locator('[data-origin="endSample"]').waitFor();
    expect(await page.locator('[data-origin="endSample"]').innerText()).toBe('END OF SAMPLE SESSION');
    expect(await messages(page).count()).toBe(4);
    expect(await page.getByTestId('ws-badge').innerText()).toBe('Not connected');
    expect(await page.getByTestId('ws-error').count()).toBe(0);
    await shot(page, 'limit');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens the connection first when sending while closed', async () => {
    const { page, errors } = await openChannel('chat');
    await page.getByRole('button', { name: 'Send message Say' }).click();
    expect(await messageData(page, 'echo')).toMatchObject({ type: 'echo', text: 'hello' });
    expect(await page.getByTestId('ws-badge').innerText()).toBe('Connected');
    // The client row is appended when sent; the proxy holds it until the upstream is connected.
    const order = await messages(page).evaluateAll((rows) =>
      rows.map((r) => (r as HTMLElement).dataset.type),
    );
    expect(order[0]).toBe('say');
    expect(order).toEqual(expect.arrayContaining(['welcome', 'echo']));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('resets the form and closes the socket when the channel changes', async () => {
    const { page, errors } = await openChannel('chat');
    await page.getByTestId('ws-connect').click();
    await page.getByTestId('ws-badge').filter({ hasText: 'Connected' }).waitFor();
    await page.getByRole('region', { name: 'Message Say' }).getByLabel('text').fill('draft');
    // The host page's channel switcher sits under the full-screen playground: click it programmatically.
    await page
      .getByRole('button', { name: 'Channel news' })
      .evaluate((button) => (button as HTMLButtonElement).click());
    await page.getByRole('heading', { name: 'News' }).waitFor();
    expect(await page.getByTestId('ws-badge').innerText()).toBe('Not connected');
    expect(await messages(page).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Message Say' }).getByLabel('text').inputValue()).toBe('');
    expect(await page.getByTestId('ws-url').innerText()).toBe('/news');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('disables Connect for localhost targets in hosted mode', async () => {
    const { page, errors } = await openChannel('hosted');
    expect(await page.getByTestId('ws-connect').isDisabled()).toBe(true);
    expect(await page.getByRole('tooltip').innerText()).toBe('Cannot send requests to localhost');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}
