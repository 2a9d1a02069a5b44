/**
 * One log line per request and request ids, on the real server over real sockets: Fastify's two
 * lines are one; cacheable answers (a 200 marked public or immutable, a 304) are sampled by
 * `cacheableShare` (0: none, each logged one carrying the share) while others are always
 * logged; `requests: 'off'` and a level above info write none; an incoming `X-Request-Id` is
 * kept when plausible, returned and carried as `reqId`, else replaced by a random UUID.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.js';
import type { LogLevel } from './logging.js';
import { isCacheableAnswer, type RequestLogOptions } from './request-log.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const started: FastifyInstance[] = [];
afterAll(() => Promise.all(started.map((app) => app.close())));

/** A server with no parts and three routes, logging into `lines`. */
async function server(requestLog: RequestLogOptions = {}, logLevel?: LogLevel) {
  const lines: string[] = [];
  const app = await buildServer({
    mode: 'hosted',
    parts: { registry: false, proxy: false, wsProxy: false, docsHost: false },
    logger: { write: (line) => void lines.push(line) },
    requestLog,
    ...(logLevel ? { logLevel } : {}),
  });
  app.get('/page', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=0, s-maxage=60').header('etag', '"v1"');
    if (request.headers['if-none-match'] === '"v1"') return reply.code(304).send();
    return 'page';
  });
  app.get('/private', async () => 'private');
  app.post('/write', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('handler failed');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  started.push(app);
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const requestLines = () =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request');
  return { base, requestLines, lines };
}

describe('the request log', () => {
  it('writes one line per request with the id, method, path, status and time', async () => {
    const { base, requestLines } = await server();
    const response = await fetch(`${base}/private?token=secret`, { headers: { 'x-request-id': 'edge-42' } });
    expect(response.headers.get('x-request-id')).toBe('edge-42');
    await response.text();
    const lines = requestLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: 'edge-42',
      req: { method: 'GET', url: '/private?token=[redacted]' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('leaves cacheable answers out at share 0 and logs everything else', async () => {
    const { base, requestLines } = await server({ cacheableShare: 0 });
    await (await fetch(`${base}/page`)).text();
    await (await fetch(`${base}/page`, { headers: { 'if-none-match': '"v1"' } })).text();
    await (await fetch(`${base}/private`)).text();
    await (await fetch(`${base}/write`, { method: 'POST' })).text();
    await (await fetch(`${base}/missing`)).text();
    const urls = requestLines().map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual(['/private', '/write', '/missing']);
  });

  it('samples cacheable answers at a share between, each line naming the share', async () => {
    const { base, requestLines } = await server({ cacheableShare: 0.25 });
    for (let index = 0; index < 400; index++) await (await fetch(`${base}/page`)).text();
    const lines = requestLines();
    // Binomial(400, 0.25): mean 100, sd ≈ 8.7; ±5 sd.
    expect(lines.length).toBeGreaterThan(56);
    expect(lines.length).toBeLessThan(144);
    expect(lines.every((line) => line.sampled === 0.25)).toBe(true);
  });

  it('writes none with requests off or a level above info, and still returns the id', async () => {
    for (const [requestLog, level] of [
      [{ requests: 'off' }, undefined],
      [{}, 'warn'],
    ] as const) {
      const { base, lines } = await server(requestLog, level);
      const response = await fetch(`${base}/private`);
      expect(response.headers.get('x-request-id')).toMatch(UUID);
      await response.text();
      expect(lines.filter((line) => line.includes('"msg":"request"'))).toEqual([]);
    }
  });

  it('keeps the error line of a failed request with requests off', async () => {
    const { base, lines } = await server({ requests: 'off' });
    expect((await fetch(`${base}/boom`)).status).toBe(500);
    const errors = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      err: { message: 'handler failed' },
      reqId: expect.stringMatching(UUID),
    });
  });
});

describe('request ids', () => {
  it('replaces an implausible incoming id with a random one, unique per request', async () => {
    const { base } = await server();
    const ids: string[] = [];
    for (const incoming of [undefined, undefined, '', 'a b', 'x'.repeat(129), '"quoted"', 'new\tline']) {
      const response = await fetch(`${base}/private`, {
        headers: incoming === undefined ? {} : { 'x-request-id': incoming },
      });
      await response.text();
      ids.push(response.headers.get('x-request-id') ?? '');
    }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    const kept = await fetch(`${base}/private`, {
      headers: { 'x-request-id': `${'a'.repeat(110)}:/+=@._-7` },
    });
    expect(kept.headers.get('x-request-id')).toBe(`${'a'.repeat(110)}:/+=@._-7`);
  });
});

describe('isCacheableAnswer', () => {
  it('is a GET or HEAD answered 304, or 200 marked public or immutable', () => {
    expect(isCacheableAnswer('GET', 304, undefined)).toBe(true);
    expect(isCacheableAnswer('HEAD', 200, 'public, max-age=0, s-maxage=60')).toBe(true);
    expect(isCacheableAnswer('GET', 200, 'max-age=31536000, immutable')).toBe(true);
    expect(isCacheableAnswer('GET', 200, 'no-cache')).toBe(false);
    expect(isCacheableAnswer('GET', 404, 'public, s-maxage=60')).toBe(false);
    expect(isCacheableAnswer('POST', 200, 'public')).toBe(false);
  });
});
