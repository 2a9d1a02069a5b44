/**
 * Cached pages over a real socket with the real registry (issue #30 items 1, 3, 4): the answer a
 * page gets from the cache (the fast lane before Fastify) is the full path's answer, byte for byte
 * and header for header; HEAD and If-None-Match hold; a publish of one site drops only its own
 * pages; the page cache, filled with real pages past its byte budget, evicts the oldest and counts
 * it in /metrics.
 */

import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { publishGuideSite } from './testing/guide-site.js';
import { hostRequest } from './testing/host-request.js';

const A = 'a.cache.test';
const B = 'b.cache.test';
const PAGES = 12;
/** Budget of the page cache: a few of these pages (~47 KB of HTML each, kept as ~10 KB of gzip). */
const PAGE_BUDGET = 50_000;

let app: FastifyInstance;
let port: number;
let token: string;

const publish = (domain: string, title: string) =>
  publishGuideSite({ port, token, orgId: 'cache', domain, title, pages: PAGES });

const get = (host: string, path: string, headers: Record<string, string> = {}) =>
  hostRequest(port, { host, path, headers });

/** A GET with gzip accepted: the raw (still encoded) bytes and headers. */
const getGzip = (host: string, path: string) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host, 'accept-encoding': 'gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: { ...res.headers }, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });

const metric = async (name: string, cache: string): Promise<number> => {
  const text = await app.metrics?.registry.metrics();
  const line = text?.split('\n').find((l) => l.startsWith(`${name}{cache="${cache}"}`));
  return Number(line?.split(' ').pop() ?? Number.NaN);
};

/** Headers that differ per response whatever serves it. */
const comparable = (headers: Record<string, unknown>) => {
  const { date, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
};

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [A, B] },
    metrics: { enabled: true },
    docs: { cacheBudgets: { pages: PAGE_BUDGET } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  token = (await app.registry.createOrganization('cache')).token;
  await publish(A, 'Alpha');
  await publish(B, 'Beta');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('a cached page', () => {
  it('is answered from the cache with the full path’s bytes and headers, identity and gzip', async () => {
    const full = await get(A, '/guide-0');
    expect(full.status).toBe(200);
    expect(await metric('sextant_cache_bytes', 'pages')).toBeGreaterThan(0);
    const cached = await get(A, '/guide-0');
    expect(cached.text).toBe(full.text);
    expect(comparable(cached.headers)).toEqual(comparable(full.headers));
    expect(cached.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const gzFull = await getGzip(A, '/guide-1');
    const gzCached = await getGzip(A, '/guide-1');
    expect(gzFull.headers['content-encoding']).toBe('gzip');
    expect(gzCached.body.equals(gzFull.body)).toBe(true);
    expect(comparable(gzCached.headers)).toEqual(comparable(gzFull.headers));
    expect(gunzipSync(gzCached.body).toString()).toContain('Alpha guide-1');
    // A page is kept gzip-encoded only: a reader without gzip gets the same bytes, inflated, with
    // their own length and tag, from the cache as from the full path.
    const identity = await get(A, '/guide-1');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(gunzipSync(gzFull.body).toString());
    expect(Number(identity.headers['content-length'])).toBe(Buffer.byteLength(identity.text));
    expect(identity.headers.etag).toBe(String(gzFull.headers.etag).replace(/-gz"$/, '"'));
  });

  it('answers HEAD with the length and no body, and If-None-Match with 304', async () => {
    const page = await get(A, '/guide-0');
    const head = await hostRequest(port, { host: A, path: '/guide-0', method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(page.text));
    const etag = String(page.headers.etag);
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await get(A, '/guide-0', { 'if-none-match': inm });
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    }
    expect((await get(A, '/guide-0', { 'if-none-match': '"sx-stale"' })).status).toBe(200);
  });

  it('is never another host’s, another path’s or a query’s answer', async () => {
    await get(A, '/guide-2');
    const other = await get(B, '/guide-2');
    expect(other.text).toContain('Beta guide-2');
    expect((await get('nobody.cache.test', '/guide-2')).status).toBe(404);
    const query = await get(A, '/guide-2?x=1');
    expect(query.status).toBe(200);
    expect((await get(A, '/guide-2/')).status).toBe(301);
    // Hostile Host headers address no site, cached or not.
    for (const host of ['a.cache.test@evil', 'a.cache.test/guide-2', ' '])
      expect((await get(host, '/guide-2')).status).toBe(404);
  });

  it('goes when its own site is published, and only then', async () => {
    const beta = await get(B, '/guide-3');
    await get(A, '/guide-3');
    await publish(A, 'Alpha two');
    // Every page of A went; B's stayed (a publish clearing everything would leave 0 bytes).
    expect(await metric('sextant_cache_bytes', 'pages')).toBeGreaterThan(0);
    const alpha = await get(A, '/guide-3');
    expect(alpha.text).toContain('Alpha two guide-3');
    // Site B's page was not dropped: served again, the same ETag, with no new render to wait for.
    const betaAgain = await get(B, '/guide-3');
    expect(betaAgain.headers.etag).toBe(beta.headers.etag);
  });
});

describe('the page cache’s budget', () => {
  it('evicts the least recently used pages by bytes, and /metrics counts it', async () => {
    const before = await metric('sextant_cache_evictions_total', 'pages');
    for (let i = 0; i < PAGES; i++) await getGzip(B, `/guide-${i}`);
    const bytes = await metric('sextant_cache_bytes', 'pages');
    expect(bytes).toBeGreaterThan(PAGE_BUDGET / 2);
    expect(bytes).toBeLessThanOrEqual(PAGE_BUDGET);
    expect(await metric('sextant_cache_evictions_total', 'pages')).toBeGreaterThan(before);
    // The evicted first page is rendered again (from the site's render cache) and still right.
    expect((await get(B, '/guide-0')).text).toContain('Beta guide-0');
  });
});
