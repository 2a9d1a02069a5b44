/**
 * The proxy's access log, read from the logger's output stream: one JSON line per proxied
 * request over a real socket (the front door path), with method, the target's origin (never its
 * path or query), status, duration, bytes and the refusal code; no header value ever; nothing
 * without a logger or below info.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessLog } from './access-log.js';
import type { ProxyOptions } from './options.js';
import { proxyApp } from './testing/proxy-app.js';

let upstream: Server;
let origin: string;
const started: FastifyInstance[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url?.startsWith('/moved')) res.writeHead(307, { location: '/pets' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('twelve bytes');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(started.map((app) => app.close()));
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

/** A proxy whose logger writes into `lines`. */
async function loggedProxy(
  level: string,
  options: ProxyOptions = {},
): Promise<{ base: string; lines: string[]; proxied: () => Record<string, unknown>[] }> {
  const lines: string[] = [];
  const app = await proxyApp(
    'local',
    options,
    Fastify({ logger: { level, stream: { write: (line: string) => lines.push(line) } } }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  started.push(app);
  const proxied = () =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'proxied request');
  return { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/proxy/`, lines, proxied };
}

describe('proxy access log', () => {
  it('writes one info line per proxied request, without the query or any header value', async () => {
    const { base, lines, proxied } = await loggedProxy('info');
    const response = await fetch(`${base}${origin}/pets/7?api_key=query-secret&limit=2`, {
      headers: {
        'x-sextant-proxy-request-headers': 'authorization,x-api-key',
        authorization: 'Bearer header-secret',
        'x-api-key': 'key-secret',
      },
    });
    expect(await response.text()).toBe('twelve bytes');
    const moved = await fetch(`${base}${origin}/moved?token=query-secret`, { method: 'PUT', body: 'abc' });
    expect(moved.status).toBe(200);

    const entries = proxied();
    expect(entries).toHaveLength(2);
    const [get, put] = entries as [Record<string, unknown>, Record<string, unknown>];
    expect(get.level).toBe(30);
    expect(get.proxy).toMatchObject({
      method: 'GET',
      target: origin,
      status: 200,
      bytes: 12,
    });
    expect((get.proxy as { durationMs: number }).durationMs).toBeGreaterThan(0);
    expect((get.proxy as { reason?: string }).reason).toBeUndefined();
    // The target's origin as requested; the bytes are those relayed from the redirect's target.
    expect(put.proxy).toMatchObject({ method: 'PUT', target: origin, status: 200, bytes: 12 });
    const all = lines.join('\n');
    for (const secret of ['query-secret', 'header-secret', 'key-secret', 'limit=2', '?', '/pets/7', '/moved'])
      expect(all).not.toContain(secret);
  });

  it('logs refusals with their code and the target origin only', async () => {
    const { base, proxied } = await loggedProxy('info', {
      allowlist: ['api.example.com'],
      limits: { ratePerMinute: 2 },
    });
    const refused = await fetch(`${base}${origin}/admin?password=hunter2`);
    expect(refused.status).toBe(403);
    const invalid = await fetch(`${base}not-a-url`);
    expect(invalid.status).toBe(400);
    const limited = await fetch(`${base}${origin}/again?password=hunter2`);
    expect(limited.status).toBe(429);
    const host = new URL(origin).host;
    expect(proxied().map((entry) => entry.proxy)).toEqual([
      {
        method: 'GET',
        target: origin,
        status: 403,
        durationMs: expect.any(Number),
        bytes: 0,
        reason: 'ProxyTargetNotAllowedError',
        detail: host,
      },
      {
        method: 'GET',
        status: 400,
        durationMs: expect.any(Number),
        bytes: 0,
        reason: 'ProxyTargetInvalidUrlError',
      },
      {
        method: 'GET',
        target: origin,
        status: 429,
        durationMs: expect.any(Number),
        bytes: 0,
        reason: 'ProxyTooManyRequestsError',
      },
    ]);
  });

  it('writes nothing below info, and is off without a logger', async () => {
    const { base, lines } = await loggedProxy('warn');
    expect(await (await fetch(`${base}${origin}/pets`)).text()).toBe('twelve bytes');
    expect(lines).toEqual([]);
    const silent = Fastify();
    expect(createAccessLog(silent.log)).toBeUndefined();
    await silent.close();
  });
});
