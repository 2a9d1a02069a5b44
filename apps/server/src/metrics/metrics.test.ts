/**
 * `/metrics` on a real server over real sockets (local mode: registry on PGlite, docs host on a
 * fixture project, HTTP proxy and WebSocket proxy to loopback upstreams): scraped before and
 * after a known workload (7 docs page GETs, 3 proxy requests, 2 registry calls, 1 WebSocket
 * session), the counters moved by exactly that workload. Also: the token is required when set,
 * routes are labelled by pattern, two servers in one process keep separate counts, and metrics
 * are off unless enabled. Where it answers in hosted mode: the console host only (a docs host
 * gets the docs site's 404), or only its own `--metrics-port` listener; with neither, nowhere.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { buildServer } from '../app.js';
import { publishFiles } from '../registry/testing/publish-files.js';
import { createPostgresDatabase } from '../registry/testing/servers.js';

const TOKEN = 'scrape-token-0123456789';

/** Prometheus text as samples: name, labels, value. */
function parseMetrics(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] as string] = pair[2] as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

type Samples = ReturnType<typeof parseMetrics>;
const key = (labels: Record<string, string>) =>
  Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
/** Per label set, how much `name` moved from `before` to `after` (only the series that moved). */
function moved(before: Samples, after: Samples, name: string): Record<string, number> {
  const was = new Map(before.filter((s) => s.name === name).map((s) => [key(s.labels), s.value]));
  const result: Record<string, number> = {};
  for (const sample of after.filter((s) => s.name === name)) {
    const delta = sample.value - (was.get(key(sample.labels)) ?? 0);
    if (delta !== 0) result[key(sample.labels)] = delta;
  }
  return result;
}

let app: FastifyInstance;
let base: string;
let upstream: Server;
let upstreamBase: string;
let wsUpstream: WebSocketServer;

async function scrape(): Promise<Samples> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parseMetrics(await response.text());
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('hello'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  wsUpstream = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wsUpstream.once('listening', resolve));
  wsUpstream.on('connection', (socket) => socket.on('message', () => socket.close(1000, 'bye')));

  app = await buildServer({
    mode: 'local',
    docs: { projectDir: await writeFixtureProject() },
    metrics: { enabled: true, token: TOKEN },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.registry.ready();
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  await new Promise((resolve) => wsUpstream?.close(resolve));
});

describe('/metrics', () => {
  it('wants the bearer token when one is set', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    expect((await wrong.json()).error).toBe('UnauthorizedError');
    expect((await fetch(`${base}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it('moves by exactly a known workload', async () => {
    const admin = (await app.registry.localAdmin())?.token as string;
    const registry = createRegistryClient({ baseUrl: base, token: admin, baseDelayMs: 10 });
    await publishFiles(registry, 'local', 'metrics.local.test', { 'logo.png': Buffer.from('\x89PNG x') });
    // Dropped from the docs cache, so the first load of the workload fetches and the second hits.
    await app.registry.invalidateDocs('metrics.local.test');
    const before = await scrape();

    for (let i = 0; i < 7; i++) expect((await fetch(`${base}/api/pets/get-a-pet`)).status).toBe(200);
    for (const init of [{}, {}, { method: 'POST', body: '0123456789' }])
      expect(await (await fetch(`${base}/proxy/${upstreamBase}/echo`, init)).text()).toBe('hello');
    for (let i = 0; i < 2; i++) await registry.loadDocsForUrl({ body: { url: 'metrics.local.test' } });
    const socket = new WebSocket(`${base.replace('http', 'ws')}/proxy/ws`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(
      JSON.stringify({
        type: 'handshake',
        url: `ws://127.0.0.1:${(wsUpstream.address() as AddressInfo).port}/`,
      }),
    );
    socket.send('close me');
    expect(await new Promise((resolve) => socket.once('close', resolve))).toBe(1000);

    let after = await scrape();
    // The proxy counts a closed session after the close reaches the client: scrape until it has.
    await waitFor(async () => {
      after = await scrape();
      return moved(before, after, 'sextant_ws_sessions_closed_total')['code_class=normal'] === 1;
    });
    expect(moved(before, after, 'sextant_http_requests_total')).toEqual({
      'method=GET,part=docs,route=/*,status_class=2xx': 7,
      'method=GET,part=proxy,route=/proxy/*,status_class=2xx': 2,
      'method=POST,part=proxy,route=/proxy/*,status_class=2xx': 1,
      'method=POST,part=registry,route=/v2/registry/docs/load-with-url,status_class=2xx': 2,
    });
    expect(moved(before, after, 'sextant_http_request_duration_seconds_count')).toEqual({
      'part=docs,route=/*': 7,
      'part=proxy,route=/proxy/*': 3,
      'part=registry,route=/v2/registry/docs/load-with-url': 2,
    });
    expect(moved(before, after, 'sextant_http_errors_total')).toEqual({});
    expect(moved(before, after, 'sextant_proxy_upstream_total')).toEqual({ 'outcome=relayed': 3 });
    expect(moved(before, after, 'sextant_proxy_bytes_total')).toEqual({
      'direction=down': 15,
      'direction=up': 10,
    });
    expect(moved(before, after, 'sextant_ws_sessions_opened_total')).toEqual({ '': 1 });
    expect(moved(before, after, 'sextant_ws_sessions_closed_total')).toEqual({ 'code_class=normal': 1 });
    expect(after.find((s) => s.name === 'sextant_ws_sessions_open')?.value).toBe(0);
    expect(moved(before, after, 'sextant_docs_cache_lookups_total')).toEqual({
      'result=hit': 1,
      'result=miss': 1,
    });
    expect(moved(before, after, 'sextant_docs_cache_invalidations_total')).toEqual({});
    const queries = moved(before, after, 'sextant_db_query_duration_seconds_count');
    expect(queries['operation=select']).toBeGreaterThan(0);
    // PGlite: no pool figures.
    expect(after.filter((s) => s.name === 'sextant_db_pool_connections')).toEqual([]);
  });

  it('labels routes by pattern, errors by name', async () => {
    const before = await scrape();
    const ids = ['abc', 'def', 'ghi'];
    for (const id of ids) expect((await fetch(`${base}/v2/registry/docs/${id}`)).status).toBe(404);
    const proxyRefused = await fetch(`${base}/proxy/not-a-url`);
    expect(proxyRefused.status).toBe(400);
    const after = await scrape();
    expect(moved(before, after, 'sextant_http_requests_total')).toEqual({
      'method=GET,part=registry,route=/v2/registry/docs/:id,status_class=4xx': 3,
      'method=GET,part=proxy,route=/proxy/*,status_class=4xx': 1,
    });
    const errors = moved(before, after, 'sextant_http_errors_total');
    expect(errors['error=DocsDefinitionNotFoundError,part=registry,route=/v2/registry/docs/:id']).toBe(3);
    expect(Object.keys(errors).some((k) => k.includes('part=proxy'))).toBe(true);
    expect(JSON.stringify(after)).not.toContain('/v2/registry/docs/abc');
  });

  it('keeps two servers apart and is off unless enabled', async () => {
    const other = await buildServer({
      mode: 'local',
      metrics: { enabled: true },
      parts: { registry: false, proxy: false, wsProxy: false, docsHost: false },
    });
    const off = await buildServer({
      mode: 'local',
      parts: { registry: false, proxy: false, wsProxy: false, docsHost: false },
    });
    try {
      await other.inject({ url: '/healthz' });
      const text = (await other.inject({ url: '/metrics' })).body;
      const samples = parseMetrics(text);
      expect(
        samples.filter((s) => s.name === 'sextant_http_requests_total').map((s) => [key(s.labels), s.value]),
      ).toEqual([['method=GET,part=server,route=/healthz,status_class=2xx', 1]]);
      expect((await off.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect(off.metrics).toBeUndefined();
    } finally {
      await other.close();
      await off.close();
    }
  });
});

describe('where /metrics answers in hosted mode', () => {
  const hosted = async (
    extra: { consoleHost?: string; metrics?: Record<string, unknown> },
    lines?: string[],
  ) => {
    const server = await buildServer({
      mode: 'hosted',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
      registry: { allowDomains: ['docs.acme.test'] },
      ...(lines ? { logger: { write: (line: string) => void lines.push(line) } } : {}),
      ...extra,
      metrics: { enabled: true, ...extra.metrics },
    });
    await server.registry.ready();
    return server;
  };

  it('on the console host only: a docs host (any port) gets the docs site 404', async () => {
    const server = await hosted({ consoleHost: 'console.sextant.test' });
    try {
      for (const host of ['console.sextant.test', 'console.sextant.test:9100']) {
        const scraped = await server.inject({ url: '/metrics', headers: { host } });
        expect([host, scraped.statusCode, scraped.body]).toEqual([
          host,
          200,
          expect.stringContaining('sextant_'),
        ]);
      }
      for (const host of ['docs.acme.test', 'docs.acme.test:9100', 'console.sextant.test.', '127.0.0.1']) {
        const refused = await server.inject({ url: '/metrics', headers: { host } });
        expect([host, refused.statusCode, refused.body]).toEqual([
          host,
          404,
          expect.not.stringContaining('sextant_'),
        ]);
      }
    } finally {
      await server.close();
    }
  });

  it('with --metrics-port, on its own listener only (token there too)', async () => {
    const server = await hosted({ consoleHost: 'console.sextant.test', metrics: { port: 0, token: TOKEN } });
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const address = server.metricsAddress();
      expect(address?.port).toBeGreaterThan(0);
      expect(address?.port).not.toBe((server.server.address() as AddressInfo).port);
      const own = `http://127.0.0.1:${address?.port}`;
      expect((await fetch(`${own}/metrics`)).status).toBe(401);
      const scraped = await fetch(`${own}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('sextant_http_requests_total');
      expect((await fetch(`${own}/`)).status).toBe(404);
      expect((await fetch(`${own}/_sextant/dashboard`)).status).toBe(404);
      // The main listener answers it on no host, the console host included.
      for (const host of ['console.sextant.test', 'docs.acme.test'])
        expect(
          (await server.inject({ url: '/metrics', headers: { host, authorization: `Bearer ${TOKEN}` } }))
            .statusCode,
        ).toBe(404);
    } finally {
      await server.close();
    }
    expect(server.metricsAddress()).toBeUndefined();
  });

  it('a taken --metrics-port stops the start', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const server = await hosted({ metrics: { port: (taken.address() as AddressInfo).port } });
    try {
      await expect(server.listen({ port: 0, host: '127.0.0.1' })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await server.close().catch(() => undefined);
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('with neither a console host nor --metrics-port: on no host, and the log says so', async () => {
    const lines: string[] = [];
    const server = await hosted({}, lines);
    try {
      for (const host of ['localhost', 'docs.acme.test'])
        expect((await server.inject({ url: '/metrics', headers: { host } })).statusCode).toBe(404);
      expect(lines.some((line) => line.includes('/metrics answers on no host'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

const postgres = await createPostgresDatabase();
describe.skipIf('skipped' in postgres)('/metrics on PostgreSQL', () => {
  afterAll(async () => {
    if ('url' in postgres) await postgres.drop();
  });
  it('reports the pool and query times', async () => {
    if (!('url' in postgres)) return;
    const server = await buildServer({
      mode: 'local',
      databaseUrl: postgres.url,
      metrics: { enabled: true },
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
    });
    try {
      await server.registry.ready();
      await server.inject({
        method: 'POST',
        url: '/v2/registry/docs/load-with-url',
        payload: { url: 'x.test' },
      });
      const samples = parseMetrics((await server.inject({ url: '/metrics' })).body);
      const pool = Object.fromEntries(
        samples.filter((s) => s.name === 'sextant_db_pool_connections').map((s) => [s.labels.state, s.value]),
      );
      expect(pool.total).toBeGreaterThanOrEqual(1);
      expect(pool.total).toBe((pool.idle ?? 0) + (pool.in_use ?? 0));
      expect(pool.waiting).toBe(0);
      const selects = samples.find(
        (s) => s.name === 'sextant_db_query_duration_seconds_count' && s.labels.operation === 'select',
      );
      expect(selects?.value).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
