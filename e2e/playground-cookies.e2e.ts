/**
 * Cookie parameters in the playground (issue #28 item 4), in Chromium against the real Sextant
 * server (local mode, its HTTP proxy) and a loopback upstream of this file's own spec (Cart): the
 * Cookies section starts each cookie from its example or default (one without a value empty), the
 * snippet carries them in one `--cookie`, and Send delivers exactly that `Cookie` header upstream
 * through the proxy (a browser cannot set it itself), the control header never reaching the
 * upstream. Screenshots at 1280 and 390 px under /tmp/shots/cookies when SEXTANT_SHOTS is set.
 */
import { mkdirSync } from 'node:fs';
import { type ApiDefinition, importDefinition } from '@sextant/definition';
import { buildServer } from '@sextant/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eStack, startE2eStack } from '../packages/playground/src/testing/e2e-stack.js';
import type { HarnessConfig } from '../packages/playground/src/testing/harness/harness-entry.js';
import { launchBrowser } from './support/browser.js';
import { type RecordingUpstream, startRecordingUpstream } from './support/recording-upstream.js';

function cartSpec(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Cart', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    paths: {
      '/cart': {
        get: {
          operationId: 'getCart',
          summary: 'Get the cart',
          parameters: [
            {
              name: 'session',
              in: 'cookie',
              required: true,
              description: 'The session id.',
              schema: { type: 'string' },
              example: 'abc 1;2',
            },
            {
              name: 'theme',
              in: 'cookie',
              schema: { type: 'string', enum: ['dark', 'light'], default: 'dark' },
            },
            { name: 'lang', in: 'cookie', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'The echo' } },
        },
      },
    },
  };
}

let stack: E2eStack;
let cart: RecordingUpstream;
let definition: ApiDefinition;

beforeAll(async () => {
  stack = await startE2eStack(
    {
      buildServer,
      launchBrowser,
      startDemoServers: async () => {
        cart = await startRecordingUpstream();
        return { restUrl: cart.url, wsUrl: cart.url, rpcUrl: cart.url, close: () => cart.close() };
      },
    },
    ({ restUrl }) => {
      definition = importDefinition({
        entry: 'spec.json',
        read: () => JSON.stringify(cartSpec(restUrl)),
      }).definition;
      const id = Object.values(definition.endpoints).find((e) => e.operationId === 'getCart')?.id ?? '';
      const page: HarnessConfig = { kind: 'endpoint', definition, id, mode: 'local', proxyBaseUrl: '' };
      return { cart: page };
    },
  );
});

afterAll(async () => {
  await stack?.close();
});

async function openExplorer(options?: { width?: number; height?: number }) {
  const opened = await stack.open('/__harness/page/cart?explorer=cart', options);
  await opened.page.getByRole('dialog').waitFor();
  return opened;
}

async function send(page: Page) {
  await page.getByTestId('send').click();
  await page.locator('.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"]').waitFor();
}

describe('cookie parameters', () => {
  it('start from the spec, show in the snippet, and reach the upstream as one Cookie header through the proxy', async () => {
    const { page, errors } = await openExplorer();
    const section = page.getByRole('region', { name: 'Cookies' });
    await section.waitFor();
    expect(await section.getByLabel('session', { exact: true }).inputValue()).toBe('abc 1;2');
    // An enum is a select: its chosen option shows the default.
    const theme = section.getByLabel('theme', { exact: true });
    expect(await theme.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(
      'dark',
    );
    expect(await section.getByLabel('lang', { exact: true }).inputValue()).toBe('');
    const snippet = await page.getByTestId('snippet').innerText();
    expect(snippet).toContain(`--cookie 'session=abc%201%3B2; theme=dark'`);

    await section.getByLabel('lang', { exact: true }).fill('fr ü');
    const before = cart.received.length;
    await send(page);
    const [got] = cart.received.slice(before);
    expect(got?.path).toBe('/cart');
    expect(got?.headers.cookie).toBe('session=abc%201%3B2; theme=dark; lang=fr%20%C3%BC');
    expect(got?.headers['x-sextant-proxy-cookie']).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it.runIf(process.env.SEXTANT_SHOTS)('screenshots of the Cookies section at 1280 and 390 px', async () => {
    mkdirSync('/tmp/shots/cookies', { recursive: true });
    for (const width of [1280, 390]) {
      const { page } = await openExplorer({ width, height: 844 });
      const section = page.getByRole('region', { name: 'Cookies' });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/cookies/playground-cookies-${width}.png` });
      await page.context().close();
    }
  });
});
