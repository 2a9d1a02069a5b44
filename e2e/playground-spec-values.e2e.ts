/**
 * The spec's values in every field and every scheme applied (issue #28 items 4 and 8), in Chromium
 * against the real Sextant server (local mode, its HTTP proxy) and a loopback upstream of this
 * file's own spec (Shop, OpenAPI 3.1 with a WebSocket channel from AsyncAPI 3.0, both imported
 * with example synthesis as the registry does): path, query and header parameters and multipart
 * fields start from their example or default, a field without one starts empty; the snippet shows
 * the required file part before a file is chosen; an API key and an app token required together
 * both reach the upstream; an OAuth scheme whose token URL is not an endpoint of the API offers the
 * bearer input with the reason; the WebSocket room starts as its default and messages from their
 * examples (the close code at 1000, the reason empty). Screenshots of the auth card at 1280 and
 * 390 px when SEXTANT_SHOTS is set.
 */
import { type ApiDefinition, importDefinition } from '@sextant/definition';
import { buildServer } from '@sextant/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eStack, startE2eStack } from '../packages/playground/src/testing/e2e-stack.js';
import type { HarnessConfig } from '../packages/playground/src/testing/harness/harness-entry.js';
import { launchBrowser } from './support/browser.js';
import { type RecordingUpstream, startRecordingUpstream } from './support/recording-upstream.js';

function shopSpec(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Shop', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        appToken: { type: 'http', scheme: 'bearer' },
        partner: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: 'http://127.0.0.1:9/oauth/token',
              scopes: { read: 'Read orders' },
            },
          },
        },
      },
    },
    paths: {
      '/buckets/{bucket}/photos': {
        post: {
          operationId: 'uploadPhoto',
          summary: 'Upload a photo',
          parameters: [
            { name: 'bucket', in: 'path', required: true, schema: { type: 'string', default: 'photos' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', default: 20 } },
            { name: 'q', in: 'query', schema: { type: 'string' }, example: 'gears' },
            { name: 'cursor', in: 'query', schema: { type: 'string' } },
            { name: 'X-Trace', in: 'header', schema: { type: 'string', examples: ['t-1'] } },
          ],
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['title', 'receipt'],
                  properties: {
                    title: { type: 'string', example: 'Sunset' },
                    kind: { type: 'string', default: 'photo' },
                    sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' },
                    receipt: { type: 'string', format: 'binary' },
                  },
                },
                encoding: { receipt: { contentType: 'application/pdf' } },
              },
            },
          },
          responses: { '200': { description: 'The echo' } },
        },
      },
      '/orders': {
        get: {
          operationId: 'listOrders',
          summary: 'List orders',
          security: [{ apiKey: [], appToken: [] }],
          responses: { '200': { description: 'The echo' } },
        },
      },
      '/partner/orders': {
        get: {
          operationId: 'partnerOrders',
          summary: 'Partner orders',
          security: [{ partner: ['read'] }],
          responses: { '200': { description: 'The echo' } },
        },
      },
    },
  };
}

function liveSpec(wsUrl: string) {
  const { host } = new URL(wsUrl);
  return {
    asyncapi: '3.0.0',
    info: { title: 'Live', version: '1.0.0' },
    servers: { local: { host, protocol: 'ws' } },
    channels: {
      live: {
        address: '/live/{room}',
        parameters: { room: { default: 'lobby' } },
        messages: {
          say: {
            name: 'say',
            payload: {
              type: 'object',
              required: ['text'],
              properties: { text: { type: 'string' } },
              examples: [{ text: 'hello' }],
            },
          },
          close: {
            name: 'close',
            payload: {
              type: 'object',
              required: ['code', 'reason'],
              properties: {
                code: { type: 'integer', minimum: 1000, maximum: 4999 },
                reason: { type: 'string', maxLength: 123 },
              },
            },
          },
        },
      },
    },
    operations: {
      say: {
        action: 'receive',
        channel: { $ref: '#/channels/live' },
        messages: [{ $ref: '#/channels/live/messages/say' }],
      },
      close: {
        action: 'receive',
        channel: { $ref: '#/channels/live' },
        messages: [{ $ref: '#/channels/live/messages/close' }],
      },
    },
  };
}

let stack: E2eStack;
let shop: RecordingUpstream;
let definition: ApiDefinition;

const json = (value: unknown) => ({ entry: 'spec.json', read: () => JSON.stringify(value) });

function endpointId(operationId: string): string {
  const found = Object.values(definition.endpoints).find((e) => e.operationId === operationId);
  if (!found) throw new Error(`no ${operationId} in the Shop definition`);
  return found.id;
}

beforeAll(async () => {
  stack = await startE2eStack(
    {
      buildServer,
      launchBrowser,
      startDemoServers: async () => {
        shop = await startRecordingUpstream();
        return { restUrl: shop.url, wsUrl: shop.url, rpcUrl: shop.url, close: () => shop.close() };
      },
    },
    ({ restUrl }) => {
      definition = importDefinition(json(shopSpec(restUrl))).definition;
      const live = importDefinition(json(liveSpec(restUrl.replace(/^http/, 'ws')))).definition;
      definition = {
        ...definition,
        websockets: live.websockets,
        types: { ...definition.types, ...live.types },
      };
      const page = (operationId: string): HarnessConfig => ({
        kind: 'endpoint',
        definition,
        id: endpointId(operationId),
        mode: 'local',
        proxyBaseUrl: '',
      });
      const channelId = Object.keys(definition.websockets)[0] ?? '';
      return {
        upload: page('uploadPhoto'),
        orders: page('listOrders'),
        partner: page('partnerOrders'),
        live: { kind: 'channel', definition, id: channelId, mode: 'local', proxyBaseUrl: '' },
      };
    },
  );
});

afterAll(async () => {
  await stack?.close();
});

async function openExplorer(name: string, options?: { width?: number; height?: number }) {
  const opened = await stack.open(`/__harness/page/${name}?explorer=${name}`, options);
  await opened.page.getByRole('dialog').waitFor();
  return opened;
}

async function send(page: Page) {
  await page.getByTestId('send').click();
  await page.locator('.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"]').waitFor();
}

describe('values from the spec', () => {
  it('path, query and header parameters and multipart fields start from their example or default; the rest empty', async () => {
    const { page, errors } = await openExplorer('upload');
    expect(await page.getByLabel('bucket', { exact: true }).inputValue()).toBe('photos');
    expect(await page.getByLabel('limit', { exact: true }).inputValue()).toBe('20');
    expect(await page.getByLabel('q', { exact: true }).inputValue()).toBe('gears');
    expect(await page.getByLabel('cursor', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('X-Trace', { exact: true }).inputValue()).toBe('t-1');
    expect(await page.getByLabel('title', { exact: true }).inputValue()).toBe('Sunset');
    expect(await page.getByLabel('kind', { exact: true }).inputValue()).toBe('photo');
    expect(await page.getByLabel('sku', { exact: true }).inputValue()).toBe('');
    // The snippet shows where the receipt goes before one is chosen; curl writes the boundary.
    const snippet = await page.getByTestId('snippet').innerText();
    expect(snippet).toContain(`-F 'receipt=@"receipt.pdf";type=application/pdf'`);
    expect(snippet).toContain(`--form-string 'title=Sunset'`);
    expect(snippet).toContain('/buckets/photos/photos?limit=20&q=gears');
    expect(snippet).not.toMatch(/Content-Type/i);
    // An optional field the spec gives nothing for is not sent: no made-up sku.
    expect(snippet).not.toContain('sku');
    expect(errors).toEqual([]);
  });

  it('the WebSocket room starts as its default (not flagged), messages from their examples, the close code at 1000', async () => {
    const { page, errors } = await openExplorer('live');
    expect(await page.getByLabel('room', { exact: true }).inputValue()).toBe('lobby');
    expect(await page.getByLabel('room', { exact: true }).getAttribute('aria-invalid')).not.toBe('true');
    expect(await page.getByTestId('ws-connect').isDisabled()).toBe(false);
    const say = page.getByRole('region', { name: 'Message say' });
    expect(await say.getByLabel('text', { exact: true }).inputValue()).toBe('hello');
    const close = page.getByRole('region', { name: 'Message close' });
    expect(await close.getByLabel('code', { exact: true }).inputValue()).toBe('1000');
    expect(await close.getByLabel('reason', { exact: true }).inputValue()).toBe('');
    expect(errors).toEqual([]);
  });
});

describe('every scheme applied', () => {
  it('an API key and an app token required together: both inputs, both in the snippet, both reach the upstream', async () => {
    const { page, errors } = await openExplorer('orders');
    await page.getByTestId('auth-together').waitFor();
    expect(await page.getByTestId('auth-status').innerText()).toBe('Not authenticated');
    await page.getByLabel('X-API-Key').fill('key-1');
    expect(await page.getByTestId('auth-status').innerText()).toBe('Not authenticated');
    await page.getByLabel('Bearer token').fill('app-1');
    expect(await page.getByTestId('auth-status').innerText()).toBe('Authenticated');
    const snippet = await page.getByTestId('snippet').innerText();
    expect(snippet).toContain('X-API-Key');
    expect(snippet).toContain('Authorization: Bearer');
    const before = shop.received.length;
    await send(page);
    const [got] = shop.received.slice(before);
    expect(got?.headers['x-api-key']).toBe('key-1');
    expect(got?.headers.authorization).toBe('Bearer app-1');
    expect(errors).toEqual([]);
  });

  it('an OAuth token URL that is not an endpoint of the API: the bearer input, with the reason', async () => {
    const { page, errors } = await openExplorer('partner');
    const reason = page.getByTestId('oauth-fallback-reason');
    await reason.waitFor();
    expect(await reason.innerText()).toBe(
      'The token URL http://127.0.0.1:9/oauth/token is not an endpoint of this API: paste an access token.',
    );
    expect(await page.getByLabel('Client ID').count()).toBe(0);
    await page.getByLabel('Bearer token').fill('pasted-1');
    const before = shop.received.length;
    await send(page);
    expect(shop.received.slice(before)[0]?.headers.authorization).toBe('Bearer pasted-1');
    expect(errors).toEqual([]);
  });

  it.runIf(process.env.SEXTANT_SHOTS)('screenshots of the auth card at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      for (const name of ['orders', 'partner']) {
        const { page } = await openExplorer(name, { width, height: 844 });
        const card = page.getByRole('region', { name: 'Authorization' });
        await card.waitFor();
        await card.screenshot({ path: `e2e/screenshots/playground-auth-${name}-${width}.png` });
        await page.context().close();
      }
    }
  });
});
