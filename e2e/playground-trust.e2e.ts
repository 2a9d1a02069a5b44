/**
 * The playground a reader trusts (issue #28 items 1–3), in Chromium against the real Sextant
 * server (local mode, its HTTP proxy) and a loopback upstream of this file's own small OpenAPI
 * spec (Widgets): invalid JSON blocks Send with the reason, an empty required path parameter
 * blocks Send (and an empty room disables a WebSocket's Connect), a cleared optional body goes
 * out with no body and no Content-Type (checked on what the upstream received), fields flagged
 * invalid ask "Send anyway" once, Cancel stops a never-ending stream and shows Cancelled, a HEAD
 * or 204 answer shows its headers, and Headers shows the cookies set and the redirects followed.
 * Screenshots (1280 and 390 px) of the response with its headers when SEXTANT_SHOTS is set.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiDefinition, importOpenApi, type WebSocketChannel } from '@sextant/definition';
import { buildServer } from '@sextant/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eStack, startE2eStack } from '../packages/playground/src/testing/e2e-stack.js';
import type { HarnessConfig } from '../packages/playground/src/testing/harness/harness-entry.js';
import { launchBrowser } from './support/browser.js';

/** The Widgets API: one operation per rule under test. */
function widgetsSpec(serverUrl: string) {
  const widgetId = { name: 'widgetId', in: 'path', required: true, schema: { type: 'string' } };
  return {
    openapi: '3.1.0',
    info: { title: 'Widgets', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    paths: {
      '/widgets': {
        post: {
          operationId: 'createWidget',
          summary: 'Create a widget',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: { name: { type: 'string' }, size: { type: 'integer', minimum: 1 } },
                },
                example: { name: 'gear', size: 3 },
              },
            },
          },
          responses: { '200': { description: 'The echo' } },
        },
      },
      '/widgets/{widgetId}/note': {
        put: {
          operationId: 'putNote',
          summary: 'Replace a note',
          parameters: [widgetId],
          requestBody: {
            required: false,
            content: { 'text/plain': { schema: { type: 'string' }, example: 'oil weekly' } },
          },
          responses: { '200': { description: 'The echo' } },
        },
      },
      '/widgets/{widgetId}': {
        get: {
          operationId: 'getWidget',
          summary: 'Get a widget',
          parameters: [widgetId],
          responses: { '200': { description: 'The widget' } },
        },
        head: {
          operationId: 'headWidget',
          summary: 'Check a widget',
          parameters: [widgetId],
          responses: { '200': { description: 'Headers only' } },
        },
        delete: {
          operationId: 'deleteWidget',
          summary: 'Delete a widget',
          parameters: [widgetId],
          responses: { '204': { description: 'Gone' } },
        },
      },
      '/old/{widgetId}': {
        get: {
          operationId: 'oldWidget',
          summary: 'Old widget address',
          parameters: [widgetId],
          responses: { '200': { description: 'Moved, then the widget' } },
        },
      },
      '/widgets/{widgetId}/ticks': {
        get: {
          operationId: 'ticks',
          summary: 'Follow a widget',
          parameters: [widgetId],
          responses: {
            '200': {
              description: 'Never ends',
              content: { 'text/event-stream': { schema: { type: 'object' } } },
            },
          },
        },
      },
    },
  };
}

interface Received {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string;
}

/** The loopback upstream: echoes what it received, streams ticks forever, answers HEAD and 204 with headers. */
async function startWidgets(): Promise<{
  url: string;
  received: Received[];
  streamsClosed: () => number;
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  let closedStreams = 0;
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = req.url ?? '/';
    received.push({ method: req.method ?? '', path, contentType: req.headers['content-type'], body });
    if (path.endsWith('/ticks')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      let n = 0;
      const timer = setInterval(() => res.write(`data: {"tick":${++n}}\n\n`), 150);
      res.write('data: {"tick":0}\n\n');
      res.on('close', () => {
        clearInterval(timer);
        closedStreams++;
      });
      return;
    }
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'x-widget-version': '7', etag: '"w-42"', 'content-type': 'application/json' });
      res.end();
      return;
    }
    if (path.startsWith('/old/')) {
      res.writeHead(301, { location: `/widgets/${path.split('/')[2] ?? ''}` });
      res.end();
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': ['sid=s-1; Path=/; HttpOnly', 'theme=dark; Max-Age=60'],
        'x-widget-version': '7',
      });
      res.end(JSON.stringify({ id: path.split('/')[2], name: 'gear' }));
      return;
    }
    if (req.method === 'DELETE') {
      res.writeHead(204, { 'x-widget-deleted': path.split('/')[2] ?? '' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-widget-echo': 'yes' });
    res.end(
      JSON.stringify({ method: req.method, path, contentType: req.headers['content-type'] ?? null, body }),
    );
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    streamsClosed: () => closedStreams,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A WebSocket channel `/live/{room}` whose room has no example: the form starts with it empty. */
function liveChannel(baseUrl: string): WebSocketChannel {
  return {
    id: 'live',
    title: 'Live widgets',
    path: [
      { type: 'literal', value: '/live/' },
      { type: 'pathParameter', name: 'room' },
    ],
    pathParameters: [{ key: 'room', valueShape: { type: 'primitive', value: { type: 'string' } } }],
    queryParameters: [],
    requestHeaders: [],
    environments: [{ id: 'default', baseUrl }],
    auth: [],
    messages: [],
    examples: [],
  };
}

let stack: E2eStack;
let widgets: Awaited<ReturnType<typeof startWidgets>>;
let definition: ApiDefinition;

/** The endpoint id of an operation of the spec (by method and path). */
function endpointId(method: string, path: string): string {
  const found = Object.values(definition.endpoints).find(
    (e) =>
      e.method === method &&
      e.path.map((p) => (p.type === 'literal' ? p.value : `{${p.name}}`)).join('') === path,
  );
  if (!found) throw new Error(`no ${method} ${path} in the Widgets definition`);
  return found.id;
}

const PAGES: Record<string, [string, string]> = {
  create: ['POST', '/widgets'],
  note: ['PUT', '/widgets/{widgetId}/note'],
  head: ['HEAD', '/widgets/{widgetId}'],
  remove: ['DELETE', '/widgets/{widgetId}'],
  ticks: ['GET', '/widgets/{widgetId}/ticks'],
  get: ['GET', '/widgets/{widgetId}'],
  old: ['GET', '/old/{widgetId}'],
};

beforeAll(async () => {
  stack = await startE2eStack(
    {
      buildServer,
      launchBrowser,
      startDemoServers: async () => {
        widgets = await startWidgets();
        return {
          restUrl: widgets.url,
          wsUrl: widgets.url,
          rpcUrl: widgets.url,
          close: () => widgets.close(),
        };
      },
    },
    ({ restUrl }) => {
      const spec = widgetsSpec(restUrl);
      definition = importOpenApi({ entry: 'widgets.json', read: () => JSON.stringify(spec) }).definition;
      definition.websockets.live = liveChannel(restUrl.replace(/^http/, 'ws'));
      return {
        ...Object.fromEntries(
          Object.entries(PAGES).map(([name, [method, path]]): [string, HarnessConfig] => [
            name,
            { kind: 'endpoint', definition, id: endpointId(method, path), mode: 'local', proxyBaseUrl: '' },
          ]),
        ),
        live: { kind: 'channel', definition, id: 'live', mode: 'local', proxyBaseUrl: '' },
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

const settled =
  '.sx-pg-response[data-state="loaded"], .sx-pg-response[data-state="failed"], .sx-pg-response[data-state="cancelled"]';

async function send(page: Page) {
  await page.getByTestId('send').click();
  await page.locator(settled).waitFor();
}

function receivedSince(count: number): Received[] {
  return widgets.received.slice(count);
}

describe('send what is shown, or say why not', () => {
  it('invalid JSON in the editor disables Send with the reason; valid JSON is what goes out', async () => {
    const { page, errors } = await openExplorer('create');
    await page.getByLabel('Edit as JSON').check();
    const editor = page.locator('.cm-editor .cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('{"name": "sprocket", "size": ');
    const sendButton = page.getByTestId('send');
    await expect.poll(() => sendButton.isDisabled()).toBe(true);
    expect(await page.getByTestId('invalid-count').innerText()).toMatch(/^The body is not valid JSON: /);
    await page.getByTestId('json-error').waitFor();
    const before = widgets.received.length;
    await sendButton.click({ force: true });
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.waitForTimeout(300);
    expect(receivedSince(before)).toEqual([]);
    await page.keyboard.insertText('5}');
    await expect.poll(() => sendButton.isDisabled()).toBe(false);
    await send(page);
    const [got] = receivedSince(before);
    expect(got?.method).toBe('POST');
    expect(JSON.parse(got?.body ?? 'null')).toEqual({ name: 'sprocket', size: 5 });
    expect(errors).toEqual([]);
  });

  it('an empty required path parameter disables Send: the path never goes out as :widgetId', async () => {
    const { page, errors } = await openExplorer('note');
    await page.getByLabel('widgetId').fill('');
    const sendButton = page.getByTestId('send');
    await expect.poll(() => sendButton.isDisabled()).toBe(true);
    expect(await page.getByTestId('invalid-count').innerText()).toBe('Fill in the path parameter widgetId');
    const before = widgets.received.length;
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.waitForTimeout(300);
    expect(receivedSince(before)).toEqual([]);
    await page.getByLabel('widgetId').fill('w1');
    await send(page);
    expect(receivedSince(before).map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /widgets/w1/note']);
    expect(errors).toEqual([]);
  });

  it('Clear form on an optional body sends no body and no Content-Type; the preview agrees', async () => {
    const { page, errors } = await openExplorer('note');
    await page.getByRole('button', { name: 'Clear form' }).click();
    await page.getByLabel('widgetId').fill('w2');
    const preview = await page.getByTestId('snippet').innerText();
    expect(preview).not.toContain('--data');
    expect(preview).not.toContain('Content-Type');
    const before = widgets.received.length;
    await send(page);
    const [got] = receivedSince(before);
    expect(got).toEqual({ method: 'PUT', path: '/widgets/w2/note', contentType: undefined, body: '' });
    expect(errors).toEqual([]);
  });

  it('a field flagged invalid asks once ("Send anyway"), then sends what is shown', async () => {
    const { page, errors } = await openExplorer('create');
    await page.getByLabel('size', { exact: true }).fill('0');
    const before = widgets.received.length;
    await page.getByTestId('send').click();
    await page.getByTestId('send-anyway').waitFor();
    expect(await page.getByTestId('invalid-count').innerText()).toBe('1 field invalid. Send anyway?');
    expect(receivedSince(before)).toEqual([]);
    await page.getByTestId('send-anyway').click();
    await page.locator(settled).waitFor();
    expect(JSON.parse(receivedSince(before)[0]?.body ?? 'null')).toEqual({ name: 'gear', size: 0 });
    // The same problem is not asked about twice.
    await send(page);
    expect(receivedSince(before)).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});

describe('connect what is shown', () => {
  it('an empty required path parameter disables Connect with the reason: never /live/:room', async () => {
    const { page, errors } = await openExplorer('live');
    const connect = page.getByTestId('ws-connect');
    await page.getByLabel('room').fill('');
    await expect.poll(() => connect.isDisabled()).toBe(true);
    expect(await page.getByTestId('ws-connect-reason').innerText()).toBe('Fill in the path parameter room');
    await page.getByLabel('room').fill('lobby');
    await expect.poll(() => connect.isDisabled()).toBe(false);
    expect(await page.getByTestId('ws-connect-reason').innerText()).toBe('');
    expect(errors).toEqual([]);
  });
});

describe('cancel', () => {
  it('Cancel replaces Send while a never-ending stream reads, counts the time up, stops it, and shows Cancelled', async () => {
    const { page, errors } = await openExplorer('ticks');
    await page.getByLabel('widgetId').fill('w3');
    const closedBefore = widgets.streamsClosed();
    await page.getByTestId('send').click();
    await page.getByTestId('stream-event').nth(1).waitFor();
    const cancel = page.getByTestId('cancel');
    expect(await page.getByTestId('send').count()).toBe(0);
    const first = await page.getByTestId('elapsed').innerText();
    await page.waitForTimeout(400);
    expect(await page.getByTestId('elapsed').innerText()).not.toBe(first);
    await cancel.click();
    await page.locator('.sx-pg-response[data-state="cancelled"]').waitFor();
    expect(await page.getByTestId('response-cancelled').innerText()).toBe('Cancelled');
    expect(await page.getByTestId('response-error').count()).toBe(0);
    const kept = await page.getByTestId('stream-event').count();
    expect(kept).toBeGreaterThanOrEqual(2);
    // The upstream's stream was closed through the proxy, and nothing more arrives.
    await expect.poll(() => widgets.streamsClosed()).toBe(closedBefore + 1);
    await page.waitForTimeout(400);
    expect(await page.getByTestId('stream-event').count()).toBe(kept);
    await page.getByTestId('send').waitFor();
    await page.getByText(/^History \(/).click();
    expect(await page.locator('.sx-pg-history li').first().innerText()).toMatch(/Cancelled$/);
    expect(errors).toEqual([]);
  });
});

describe('the whole answer', () => {
  async function headerRows(page: Page): Promise<Record<string, string>> {
    const rows = page.getByTestId('response-header');
    const out: Record<string, string> = {};
    for (let i = 0; i < (await rows.count()); i++) {
      out[await rows.nth(i).locator('th').innerText()] = await rows.nth(i).locator('td').innerText();
    }
    return out;
  }

  it('a HEAD answer opens on its headers: status text, the API headers, the URL that answered', async () => {
    const { page, errors } = await openExplorer('head');
    await page.getByLabel('widgetId').fill('w4');
    await send(page);
    expect(await page.getByTestId('response-status').innerText()).toBe('200 OK');
    await page.getByTestId('response-headers').waitFor();
    const headers = await headerRows(page);
    expect(headers['x-widget-version']).toBe('7');
    expect(headers.etag).toBe('"w-42"');
    expect(headers['access-control-allow-origin']).toBeUndefined();
    expect(Object.keys(headers).some((name) => name.startsWith('x-sextant-'))).toBe(false);
    expect(await page.getByTestId('final-url').innerText()).toBe(`${widgets.url}/widgets/w4`);
    await page.getByTestId('answer-tab-body').click();
    expect(await page.getByTestId('no-body').innerText()).toBe('No body.');
    expect(errors).toEqual([]);
  });

  it('a 204 shows its headers and its status text', async () => {
    const { page, errors } = await openExplorer('remove');
    await page.getByLabel('widgetId').fill('w5');
    await send(page);
    expect(await page.getByTestId('response-status').innerText()).toBe('204 No Content');
    expect((await headerRows(page))['x-widget-deleted']).toBe('w5');
    expect(errors).toEqual([]);
  });

  it('a JSON answer opens on its body; Headers shows the cookies set and the redirects followed', async () => {
    const { page, errors } = await openExplorer('old');
    await page.getByLabel('widgetId').fill('w6');
    await send(page);
    expect(await page.getByTestId('response-status').innerText()).toBe('200 OK');
    expect(await page.getByRole('region', { name: 'Response body' }).innerText()).toContain('"gear"');
    await page.getByTestId('answer-tab-headers').click();
    expect(await page.getByTestId('final-url').innerText()).toBe(`${widgets.url}/widgets/w6`);
    expect(await page.getByTestId('redirects').innerText()).toContain(`301 ${widgets.url}/widgets/w6`);
    expect(await page.getByTestId('response-cookies').innerText()).toBe(
      'sid=s-1; Path=/; HttpOnly\ntheme=dark; Max-Age=60',
    );
    // Relayed only to be shown: nothing was stored on the docs origin.
    expect(await page.context().cookies()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it.runIf(process.env.SEXTANT_SHOTS)(
    'screenshots of the response with its headers at 1280 and 390 px',
    async () => {
      for (const width of [1280, 390]) {
        const { page } = await openExplorer('get', { width, height: 844 });
        await page.getByLabel('widgetId').fill('w7');
        if (width === 390) {
          await page.getByTestId('send').click();
          await page.getByRole('tab', { name: 'Response' }).waitFor();
          await page.locator(settled).waitFor();
        } else await send(page);
        await page.getByTestId('answer-tab-headers').click();
        await page.getByTestId('response-cookies').waitFor();
        await page.screenshot({ path: `e2e/screenshots/playground-trust-headers-${width}.png` });
        await page.context().close();
      }
    },
  );
});
