/**
 * `--trust-proxy`: the setting's forms and refusals; the client address of a raw request is the
 * one Fastify's `request.ip` gives for any forwarding chain (a property over random chains); and
 * over a real socket, X-Forwarded-For / X-Forwarded-Proto change the client and the scheme only
 * when the peer is a trusted proxy.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { hostRequest } from '../docs-host/testing/host-request.js';
import {
  compileTrustProxy,
  forwardedClientAddress,
  requestIsHttps,
  TrustProxyOptionError,
} from './trust-proxy.js';

describe('compileTrustProxy', () => {
  it('trusts nothing by default, for false, 0 and empty text', () => {
    for (const setting of [undefined, false, 0, '', 'false', '0', []])
      expect(compileTrustProxy(setting), String(setting)).toBeUndefined();
  });

  it('reads addresses, CIDR ranges and named ranges, IPv4-mapped peers included', () => {
    const trust = compileTrustProxy('10.0.0.0/8, 192.0.2.7,fd00::/8,loopback');
    expect(trust?.('10.200.1.1', 0)).toBe(true);
    expect(trust?.('::ffff:10.200.1.1', 0)).toBe(true);
    expect(trust?.('192.0.2.7', 3)).toBe(true);
    expect(trust?.('192.0.2.8', 0)).toBe(false);
    expect(trust?.('fd12::1', 0)).toBe(true);
    expect(trust?.('127.0.0.1', 0)).toBe(true);
    expect(trust?.('::1', 0)).toBe(true);
    expect(trust?.('203.0.113.9', 0)).toBe(false);
    expect(trust?.('not-an-address', 0)).toBe(false);
    expect(compileTrustProxy(['uniquelocal'])?.('172.16.5.5', 0)).toBe(true);
  });

  it('reads true and hop counts', () => {
    expect(compileTrustProxy('true')?.('203.0.113.9', 5)).toBe(true);
    expect(compileTrustProxy(true)?.('203.0.113.9', 5)).toBe(true);
    const two = compileTrustProxy('2');
    expect([two?.('a', 0), two?.('b', 1), two?.('c', 2)]).toEqual([true, true, false]);
  });

  it('refuses what it cannot read, naming the entry', () => {
    for (const bad of ['10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/1', 'proxy.internal', '10.0.0.0/x', '1.2.3'])
      expect(() => compileTrustProxy(bad), bad).toThrow(TrustProxyOptionError);
    expect(() => compileTrustProxy('proxy.internal')).toThrow(/"proxy\.internal" is not an address/);
    expect(() => compileTrustProxy(-1)).toThrow(TrustProxyOptionError);
  });
});

describe("the raw request's client address is Fastify's request.ip", () => {
  const settings = ['10.0.0.0/8', 'loopback,192.0.2.0/24', '1', '3', 'true', 'false'];
  const apps = new Map<string, FastifyInstance>();
  beforeAll(async () => {
    for (const setting of settings) {
      const trust = compileTrustProxy(setting);
      const app = Fastify(trust ? { trustProxy: trust } : {});
      app.get('/', (request) => ({
        ip: request.ip,
        raw: forwardedClientAddress(request.raw, trust),
      }));
      await app.ready();
      apps.set(setting, app);
    }
  });
  afterAll(async () => {
    for (const app of apps.values()) await app.close();
  });

  const address = fc.oneof(
    fc.constantFrom('10.0.0.1', '10.9.9.9', '127.0.0.1', '192.0.2.5', '203.0.113.7', '::1', 'fd00::1'),
    fc.ipV4(),
    fc.constantFrom('unknown', ''),
  );

  it('for any peer, forwarding chain and setting', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...settings),
        fc.constantFrom('10.0.0.1', '127.0.0.1', '192.0.2.9', '203.0.113.7'),
        fc.option(fc.array(address, { maxLength: 5 }), { nil: undefined }),
        async (setting, peer, chain) => {
          const app = apps.get(setting) as FastifyInstance;
          const response = await app.inject({
            url: '/',
            remoteAddress: peer,
            headers: chain ? { 'x-forwarded-for': chain.join(', ') } : {},
          });
          const { ip, raw } = response.json() as { ip: string; raw: string };
          expect(raw).toBe(ip);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('over a real socket', () => {
  const servers: FastifyInstance[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  /** A server with every part off and a route echoing who it sees. */
  async function start(trustProxy?: string): Promise<number> {
    const app = await buildServer({
      mode: 'hosted',
      parts: { registry: false, proxy: false, wsProxy: false, docsHost: false },
      ...(trustProxy ? { trustProxy } : {}),
    });
    app.get('/whoami', (request) => ({
      ip: request.ip,
      https: requestIsHttps(request),
      raw: app.clientAddress(request.raw),
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    servers.push(app);
    return (app.server.address() as AddressInfo).port;
  }

  const whoami = async (port: number, headers: Record<string, string>) =>
    JSON.parse((await hostRequest(port, { path: '/whoami', headers })).text);

  const forwarded = { 'x-forwarded-for': '198.51.100.4, 203.0.113.7', 'x-forwarded-proto': 'https' };

  it('trusts nothing by default: the socket address and scheme, whatever the headers say', async () => {
    const port = await start();
    expect(await whoami(port, forwarded)).toEqual({ ip: '127.0.0.1', https: false, raw: '127.0.0.1' });
  });

  it('behind a trusted proxy, the nearest untrusted forwarded address and its scheme', async () => {
    const port = await start('loopback');
    expect(await whoami(port, forwarded)).toEqual({ ip: '203.0.113.7', https: true, raw: '203.0.113.7' });
    expect(await whoami(port, {})).toEqual({ ip: '127.0.0.1', https: false, raw: '127.0.0.1' });
  });

  it('a proxy not in the list is not believed', async () => {
    const port = await start('10.0.0.0/8');
    expect(await whoami(port, forwarded)).toEqual({ ip: '127.0.0.1', https: false, raw: '127.0.0.1' });
  });

  it('a hop count takes that many proxies on trust', async () => {
    const port = await start('2');
    expect(await whoami(port, forwarded)).toEqual({ ip: '198.51.100.4', https: true, raw: '198.51.100.4' });
  });

  it("the proxy's per-client rate keys on the same client (its front door bypasses Fastify)", async () => {
    const upstream = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const target = `/proxy/http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
    const relay = async (trustProxy?: string) => {
      const app = await buildServer({
        mode: 'local',
        parts: { registry: false, proxy: true, wsProxy: false, docsHost: false },
        proxy: { limits: { ratePerMinute: 2 } },
        ...(trustProxy ? { trustProxy } : {}),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      servers.push(app);
      const port = (app.server.address() as AddressInfo).port;
      return async (client: string) =>
        (await hostRequest(port, { path: target, headers: { 'x-forwarded-for': client } })).status;
    };
    const trusted = await relay('loopback');
    expect([
      await trusted('203.0.113.1'),
      await trusted('203.0.113.1'),
      await trusted('203.0.113.1'),
    ]).toEqual([200, 200, 429]);
    expect(await trusted('203.0.113.2')).toBe(200);
    const untrusted = await relay();
    expect([
      await untrusted('203.0.113.1'),
      await untrusted('203.0.113.2'),
      await untrusted('203.0.113.3'),
    ]).toEqual([200, 200, 429]);
    upstream.close();
  });

  it('a setting it cannot read stops the server before it listens', async () => {
    await expect(
      buildServer({
        mode: 'hosted',
        parts: { registry: false, docsHost: false },
        trustProxy: 'proxy.internal',
      }),
    ).rejects.toThrow(TrustProxyOptionError);
  });
});
