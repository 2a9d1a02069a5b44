/**
 * Keeps the demo specs honest: each spec imports with `importDefinition`, its environment is
 * the demo's default port, and every documented endpoint, JSON-RPC method and WebSocket message
 * is called on the real demo servers through Sextant's proxies (local mode) and answers as
 * documented. The table below must list exactly the spec's endpoints, so a new endpoint
 * without a call (or a call for an endpoint the spec dropped) fails the test.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ApiDefinition, Endpoint } from '@sextant/definition';
import { waitFor } from '@sextant/definition/testing';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type DemoServers, startDemoServers } from '../servers/index.js';

const here = import.meta.dirname;
let demos: DemoServers;
let app: FastifyInstance;
let proxyBase: string;

type Importer = (file: string) => ApiDefinition;
let importSpec: Importer | undefined;
let skipReason = '';

beforeAll(async () => {
  try {
    const definition = await import('@sextant/definition');
    const node = await import('@sextant/definition/node');
    importSpec = (file) => definition.importDefinition(node.readSpecFile(join(here, file))).definition;
  } catch (error) {
    skipReason = `importDefinition is not available yet: ${(error as Error).message}`;
    console.warn(`demo-specs: ${skipReason}`);
  }
  demos = await startDemoServers({ restPort: 0, wsPort: 0, rpcPort: 0 });
  app = await buildServer({ mode: 'local', parts: { registry: false, docsHost: false } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  proxyBase = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await demos?.close();
});

function templateOf(endpoint: Endpoint): string {
  return endpoint.path.map((part) => (part.type === 'literal' ? part.value : `{${part.name}}`)).join('');
}

/** Calls the demo through the proxy, naming the user headers as the playground does. */
async function viaProxy(base: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const names = [...headers.keys()].filter((name) => name !== 'content-type');
  if (names.length) headers.set('x-sextant-proxy-request-headers', names.join(','));
  return fetch(`${proxyBase}/proxy/${base}${path}`, { ...init, headers });
}

const json = { 'content-type': 'application/json' };
const basic = `Basic ${Buffer.from('demo:demo-password').toString('base64')}`;
const rest = (path: string, init?: RequestInit) => viaProxy(demos.restUrl, path, init);

/** One call per documented REST endpoint, with the documented answer checked. */
const REST_CALLS: Record<string, () => Promise<void>> = {
  'GET /plants': async () => {
    const response = await rest('/plants?limit=2&tag=sun');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toMatch(/^\d+$/);
    const plants = (await response.json()) as { tags: string[] }[];
    expect(plants.length).toBeGreaterThan(0);
    expect(plants.every((plant) => plant.tags.includes('sun'))).toBe(true);
  },
  'POST /plants': async () => {
    const created = await rest('/plants', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Basil' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toMatch(/^\/plants\/\d+$/);
    const invalid = await rest('/plants', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ tags: 1 }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: 'ValidationError', status: 400 });
  },
  'GET /plants/{plantId}': async () => {
    expect(await (await rest('/plants/1')).json()).toMatchObject({ id: 1, name: 'Fern' });
    expect((await rest('/plants/999')).status).toBe(404);
  },
  'PATCH /plants/{plantId}': async () => {
    const patched = await rest('/plants/2', { method: 'PATCH', headers: json, body: '{"waterEveryDays":5}' });
    expect(await patched.json()).toMatchObject({ id: 2, waterEveryDays: 5, name: 'Cactus' });
    const bad = await rest('/plants/2', { method: 'PATCH', headers: json, body: '{"waterEveryDays":-1}' });
    expect(bad.status).toBe(400);
  },
  'DELETE /plants/{plantId}': async () => {
    expect((await rest('/plants/3', { method: 'DELETE' })).status).toBe(204);
    expect((await rest('/plants/3', { method: 'DELETE' })).status).toBe(404);
  },
  'POST /echo': async () => {
    const response = await rest('/echo?note=hello', {
      method: 'POST',
      headers: { ...json, 'X-Request-Tag': 'playground' },
      body: JSON.stringify({ message: 'hi', count: 2 }),
    });
    expect(await response.json()).toMatchObject({
      method: 'POST',
      path: '/echo',
      query: { note: 'hello' },
      headers: { 'x-request-tag': 'playground' },
      body: { kind: 'json', value: { message: 'hi', count: 2 } },
    });
  },
  'POST /echo/form': async () => {
    const response = await rest('/echo/form', {
      method: 'POST',
      body: new URLSearchParams({ name: 'Ada', color: 'green' }),
    });
    expect((await response.json()).body).toEqual({ kind: 'form', fields: { name: 'Ada', color: 'green' } });
  },
  'POST /upload': async () => {
    const form = new FormData();
    const a = new Uint8Array([0, 1, 2, 3, 255]);
    form.append('description', 'two files');
    form.append('files', new Blob([a]), 'a.bin');
    form.append('files', new Blob(['second file']), 'b.txt');
    const { parts } = (await (await rest('/upload', { method: 'POST', body: form })).json()) as {
      parts: { name: string; fileName?: string; size: number; sha256: string; value?: string }[];
    };
    expect(parts.map((part) => [part.name, part.fileName ?? part.value, part.size])).toEqual([
      ['description', 'two files', 9],
      ['files', 'a.bin', 5],
      ['files', 'b.txt', 11],
    ]);
    expect(parts[1]!.sha256).toBe(createHash('sha256').update(a).digest('hex'));
    expect((await rest('/upload', { method: 'POST', headers: json, body: '{}' })).status).toBe(415);
  },
  'PUT /upload/raw': async () => {
    const bytes = Buffer.from([9, 8, 7, 0]);
    const response = await rest('/upload/raw', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(await response.json()).toEqual({
      contentType: 'application/octet-stream',
      size: 4,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  },
  'GET /stream/sse': async () => {
    const response = await rest('/stream/sse?count=3&delayMs=50');
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const text = await response.text();
    expect(text.match(/^data: /gm)).toHaveLength(4);
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
  },
  'GET /stream/ndjson': async () => {
    const response = await rest('/stream/ndjson?count=3&delayMs=10');
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.index)).toEqual([0, 1, 2]);
  },
  'GET /files/report.csv': async () => {
    const response = await rest('/files/report.csv');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="plants-report.csv"');
    expect((await response.text()).split('\n')[0]).toBe('id,name,species,water_every_days');
  },
  'GET /files/invoice.pdf': async () => {
    const response = await rest('/files/invoice.pdf');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
  },
  'GET /media/leaf.png': async () => {
    const response = await rest('/media/leaf.png');
    expect(response.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(48);
  },
  'GET /media/tone.wav': async () => {
    const response = await rest('/media/tone.wav');
    expect(response.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await response.arrayBuffer());
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  },
  'GET /bytes/{size}': async () => {
    const bytes = new Uint8Array(await (await rest('/bytes/600')).arrayBuffer());
    expect(bytes.length).toBe(600);
    expect(bytes[300]).toBe(300 % 251);
  },
  'POST /oauth/token': async () => {
    const ok = await rest('/oauth/token', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'sextant-demo',
        client_secret: 'demo-secret',
      }),
    });
    const token = (await ok.json()) as { access_token: string; token_type: string };
    expect(token.token_type).toBe('Bearer');
    const wrong = await rest('/oauth/token', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ client_id: 'sextant-demo', client_secret: 'nope' }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
  },
  'GET /secure/oauth/profile': async () => {
    const token = (await (
      await rest('/oauth/token', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ client_id: 'sextant-demo', client_secret: 'demo-secret' }),
      })
    ).json()) as { access_token: string };
    const ok = await rest('/secure/oauth/profile', {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(await ok.json()).toMatchObject({ client: 'sextant-demo' });
    expect(
      (await rest('/secure/oauth/profile', { headers: { authorization: 'Bearer demo-token' } })).status,
    ).toBe(401);
  },
  'GET /echo/whoami': async () => {
    const response = await rest('/echo/whoami', { headers: { authorization: 'Bearer demo_abc' } });
    expect(await response.json()).toMatchObject({
      path: '/echo/whoami',
      headers: { authorization: 'Bearer demo_abc' },
    });
  },
  'GET /secure/bearer': async () => {
    expect((await rest('/secure/bearer', { headers: { authorization: 'Bearer demo-token' } })).status).toBe(
      200,
    );
    expect((await rest('/secure/bearer')).status).toBe(401);
  },
  'GET /secure/basic': async () => {
    expect(await (await rest('/secure/basic', { headers: { authorization: basic } })).json()).toMatchObject({
      user: 'demo',
    });
    expect((await rest('/secure/basic', { headers: { authorization: 'Basic eDp5' } })).status).toBe(401);
  },
  'GET /secure/api-key': async () => {
    expect((await rest('/secure/api-key', { headers: { 'x-api-key': 'demo-api-key' } })).status).toBe(200);
    expect((await rest('/secure/api-key', { headers: { 'x-api-key': 'wrong' } })).status).toBe(401);
  },
  'GET /errors/{status}': async () => {
    const teapot = await rest('/errors/418');
    expect(teapot.status).toBe(418);
    expect(await teapot.json()).toMatchObject({ error: 'DemoError', status: 418 });
    expect((await rest('/errors/200')).status).toBe(400);
  },
};

describe('demo REST API (OpenAPI)', () => {
  it('documents exactly the endpoints the demo serves, each answering as documented', async (context) => {
    if (!importSpec) return context.skip(skipReason);
    const definition = importSpec('demo-rest.openapi.yaml');
    const endpoints = Object.values(definition.endpoints).filter((endpoint) => !endpoint.synthetic);
    expect(endpoints.map((endpoint) => `${endpoint.method} ${templateOf(endpoint)}`).sort()).toEqual(
      Object.keys(REST_CALLS).sort(),
    );
    for (const endpoint of endpoints) {
      expect(endpoint.environments[0]?.baseUrl, endpoint.id).toBe('http://localhost:4010');
      await REST_CALLS[`${endpoint.method} ${templateOf(endpoint)}`]!();
    }
    expect(Object.values(definition.auths).length).toBeGreaterThanOrEqual(4);
  });
});

describe('demo JSON-RPC API (OpenRPC)', () => {
  it('answers every documented method with its example result, and the standard errors', async (context) => {
    if (!importSpec) return context.skip(skipReason);
    const definition = importSpec('demo-rpc.openrpc.json');
    const methods = Object.values(definition.endpoints).filter(
      (endpoint) => endpoint.protocol?.type === 'openrpc',
    );
    expect(methods.map((endpoint) => endpoint.protocol?.methodName).sort()).toEqual(
      ['add', 'divide', 'echo', 'getPlant', 'listPlants'].sort(),
    );
    const call = async (method: string, params: unknown, id: number | null = 1) => {
      const response = await viaProxy(demos.rpcUrl, '', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ jsonrpc: '2.0', ...(id === null ? {} : { id }), method, params }),
      });
      return response.status === 204 ? undefined : response.json();
    };
    const examples: Record<string, [unknown, unknown]> = {
      add: [{ a: 2, b: 3 }, 5],
      divide: [[10, 4], 2.5],
      echo: [{ message: 'hello' }, { message: 'hello', length: 5 }],
      listPlants: [{ limit: 2 }, [{ id: 1 }, { id: 2 }]],
      getPlant: [{ id: 1 }, { id: 1, name: 'Fern' }],
    };
    for (const endpoint of methods) {
      expect(endpoint.environments[0]?.baseUrl).toBe('http://localhost:4012');
      const [params, result] = examples[endpoint.protocol!.methodName]!;
      expect(await call(endpoint.protocol!.methodName, params)).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        result,
      });
    }
    expect(await call('divide', { a: 1, b: 0 })).toMatchObject({ error: { code: -32000 } });
    expect(await call('getPlant', { id: 99 })).toMatchObject({ error: { code: -32004 } });
    expect(await call('add', { a: 'x', b: 1 })).toMatchObject({ error: { code: -32602 } });
    expect(await call('nope', {})).toMatchObject({ error: { code: -32601 } });
    expect(await call('add', { a: 1, b: 1 }, null)).toBeUndefined();
    const parse = await viaProxy(demos.rpcUrl, '', { method: 'POST', headers: json, body: '{oops' });
    expect(await parse.json()).toMatchObject({ id: null, error: { code: -32700 } });
    const batch = await viaProxy(demos.rpcUrl, '', {
      method: 'POST',
      headers: json,
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'add', params: [1, 2] },
        { jsonrpc: '1.0', id: 2 },
      ]),
    });
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: 3 },
      { jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'Invalid Request' } },
    ]);
  });
});

describe('demo WebSocket API (AsyncAPI)', () => {
  it('exchanges every documented message through the WebSocket proxy', async (context) => {
    if (!importSpec) return context.skip(skipReason);
    const definition = importSpec('demo-ws.asyncapi.yaml');
    const channels = Object.values(definition.websockets);
    expect(channels).toHaveLength(1);
    const channel = channels[0]!;
    expect(channel.environments[0]?.baseUrl).toMatch(/^ws:\/\/localhost:4011/);
    const byOrigin = (origin: string) =>
      channel.messages
        .filter((message) => message.origin === origin)
        .map((message) => message.type)
        .sort();
    expect(byOrigin('client')).toEqual(['binary', 'close', 'say']);
    expect(byOrigin('server')).toEqual(['binaryReceived', 'echo', 'error', 'tick', 'welcome']);

    const socket = new WebSocket(`${proxyBase.replace('http', 'ws')}/proxy/ws`);
    const seen = new Map<string, unknown>();
    let binaryFrame: Buffer | undefined;
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    socket.on('message', (data, isBinary) => {
      if (isBinary) binaryFrame = data as Buffer;
      else {
        const message = JSON.parse(String(data)) as { type: string };
        seen.set(message.type, message);
      }
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(
      JSON.stringify({
        type: 'handshake',
        url: `${demos.wsUrl}${channel.path.map((part) => (part.type === 'literal' ? part.value : '')).join('')}?tickMs=100&room=blue`,
        headers: { 'X-Client-Name': 'spec-test' },
      }),
    );
    await waitFor(() => seen.has('welcome'));
    expect(seen.get('welcome')).toMatchObject({
      path: '/chat',
      query: { room: 'blue' },
      headers: { 'x-client-name': 'spec-test' },
    });
    socket.send(JSON.stringify({ type: 'say', text: 'hello' }));
    socket.send(JSON.stringify({ type: 'binary', size: 16 }));
    socket.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.send(JSON.stringify({ type: 'dance' }));
    await waitFor(
      () => ['echo', 'tick', 'binaryReceived', 'error'].every((type) => seen.has(type)) && !!binaryFrame,
    );
    expect(seen.get('echo')).toMatchObject({ text: 'hello' });
    expect(seen.get('binaryReceived')).toMatchObject({ size: 3 });
    expect([...binaryFrame!]).toEqual(Array.from({ length: 16 }, (_, i) => i));
    socket.send(JSON.stringify({ type: 'close', code: 4001, reason: 'Closed on request' }));
    expect(await closed).toEqual({ code: 4001, reason: 'Closed on request' });
  });
});
