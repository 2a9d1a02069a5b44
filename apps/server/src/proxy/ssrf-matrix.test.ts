/**
 * The SSRF matrix: hosted mode refuses every private, loopback, link-local and reserved target
 * however it is spelled (numeric IPv4 forms, IPv6 transition forms, names that resolve to them,
 * userinfo tricks), refuses redirects to them, and connects only to the address it checked
 * (a DNS answer that changes between check and connect is refused). Real loopback upstreams.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_ERRORS } from './errors.js';
import type { Resolver } from './options.js';
import type { proxyPlugin } from './proxy-plugin.js';
import { proxyApp } from './testing/proxy-app.js';

const DNS: Record<string, string[]> = {
  'evil.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '10.0.0.7'],
  'v6loop.example': ['::1'],
  'mapped.example': ['::ffff:192.168.0.1'],
  'siit.example': ['::ffff:0:169.254.169.254'],
  'isatap.example': ['2a00:1450:4001::5efe:192.168.0.1'],
  'mapped-hex.example': ['::ffff:7f00:1'],
  'zone.example': ['fe80::1%eth0'],
  'mapped-zone.example': ['::ffff:127.0.0.1%lo'],
  'octal-answer.example': ['0177.0.0.1'],
  'hex-answer.example': ['0x7f.0.0.1'],
  'short-answer.example': ['127.1'],
  'leading-zero.example': ['010.0.0.1'],
  'mapped-hex-tail.example': ['::ffff:0x7f.0.0.1'],
  'api.example.com': ['93.184.216.34'],
};
const resolver: Resolver = async (name) => {
  const addresses = DNS[name];
  if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

async function hostedProxy(extra: Parameters<typeof proxyPlugin>[1]['proxy'] = {}): Promise<FastifyInstance> {
  return proxyApp('hosted', { resolver, ...extra });
}

let app: FastifyInstance;
let upstream: Server;
let upstreamPort: number;
beforeAll(async () => {
  // The matrix sends each target twice (inject, then a real socket) from one address: lift the rate cap.
  app = await hostedProxy({ limits: { ratePerMinute: 10_000 } });
  upstream = createServer((req, res) => {
    if (req.url?.startsWith('/to-private'))
      res.writeHead(302, { location: 'http://10.1.2.3/internal' }).end();
    else if (req.url?.startsWith('/to-loopback-name'))
      res.writeHead(301, { location: 'http://evil.example/' }).end();
    else if (req.url?.startsWith('/to-mapped'))
      res.writeHead(307, { location: 'http://[::ffff:127.0.0.1]:1/' }).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('reached');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => upstream.close(resolve));
});

const REFUSED: [string, keyof typeof PROXY_ERRORS][] = [
  ['http://127.0.0.1/', 'ProxyTargetPrivateError'],
  ['http://127.1/', 'ProxyTargetPrivateError'],
  ['http://2130706433/', 'ProxyTargetPrivateError'],
  ['http://0x7f.1/', 'ProxyTargetPrivateError'],
  ['http://0x7f000001/', 'ProxyTargetPrivateError'],
  ['http://0177.0.0.1/', 'ProxyTargetPrivateError'],
  ['http://0/', 'ProxyTargetPrivateError'],
  ['http://0.0.0.0:8080/', 'ProxyTargetPrivateError'],
  ['http://10.0.0.1/', 'ProxyTargetPrivateError'],
  ['http://172.16.5.4/', 'ProxyTargetPrivateError'],
  ['http://192.168.1.1/admin', 'ProxyTargetPrivateError'],
  ['http://169.254.169.254/latest/meta-data/', 'ProxyTargetPrivateError'],
  ['http://100.64.0.1/', 'ProxyTargetPrivateError'],
  ['http://224.0.0.1/', 'ProxyTargetPrivateError'],
  ['http://255.255.255.255/', 'ProxyTargetPrivateError'],
  ['http://198.18.0.1/', 'ProxyTargetPrivateError'],
  ['http://[::1]/', 'ProxyTargetPrivateError'],
  ['http://[::]/', 'ProxyTargetPrivateError'],
  ['http://[::ffff:127.0.0.1]/', 'ProxyTargetPrivateError'],
  ['http://[::ffff:a9fe:a9fe]/', 'ProxyTargetPrivateError'],
  ['http://[::127.0.0.1]/', 'ProxyTargetPrivateError'],
  ['http://[2002:7f00:1::]/', 'ProxyTargetPrivateError'],
  ['http://[2002:a9fe:a9fe::1]/', 'ProxyTargetPrivateError'],
  ['http://[64:ff9b::a9fe:a9fe]/', 'ProxyTargetPrivateError'],
  ['http://[64:ff9b::127.0.0.1]/', 'ProxyTargetPrivateError'],
  ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'ProxyTargetPrivateError'],
  ['http://[::ffff:0:127.0.0.1]/', 'ProxyTargetPrivateError'],
  ['http://[::ffff:0:a9fe:a9fe]/', 'ProxyTargetPrivateError'],
  ['http://[::ffff:0:10.0.0.1]:8080/', 'ProxyTargetPrivateError'],
  ['http://[::ffff:0:808:808]/', 'ProxyTargetPrivateError'],
  ['http://[::8.8.8.8]/', 'ProxyTargetPrivateError'],
  ['http://[64:ff9b::10.0.0.1]/', 'ProxyTargetPrivateError'],
  ['http://[64:ff9b:1::a9fe:a9fe]/', 'ProxyTargetPrivateError'],
  ['http://[64:ff9b:1:7f00:1::]/', 'ProxyTargetPrivateError'],
  ['http://[2002:c0a8:101::1]/', 'ProxyTargetPrivateError'],
  ['http://[2002:808:808:1:0:5efe:a9fe:a9fe]/', 'ProxyTargetPrivateError'],
  ['http://[2001:0:a00:1::1]/', 'ProxyTargetPrivateError'],
  ['http://[2a00:1450:4001::5efe:10.0.0.1]/', 'ProxyTargetPrivateError'],
  ['http://[2a00:1450:4001::200:5efe:127.0.0.1]/', 'ProxyTargetPrivateError'],
  ['http://[2a00:1450:4001::300:5efe:169.254.169.254]/', 'ProxyTargetPrivateError'],
  ['http://[fe80::5efe:8.8.8.8]/', 'ProxyTargetPrivateError'],
  ['http://[2001:db8::1]/', 'ProxyTargetPrivateError'],
  ['http://[3fff::1]/', 'ProxyTargetPrivateError'],
  ['http://[2001:2::1]/', 'ProxyTargetPrivateError'],
  ['http://[5f00::1]/', 'ProxyTargetPrivateError'],
  ['http://[100::1]/', 'ProxyTargetPrivateError'],
  ['http://[fc00::1]/', 'ProxyTargetPrivateError'],
  ['http://[fd12:3456::1]/', 'ProxyTargetPrivateError'],
  ['http://[fe80::1]/', 'ProxyTargetPrivateError'],
  ['http://[fec0::1]/', 'ProxyTargetPrivateError'],
  ['http://[ff02::1]/', 'ProxyTargetPrivateError'],
  ['http://localhost/', 'ProxyTargetLocalhostError'],
  ['http://localhost./', 'ProxyTargetLocalhostError'],
  ['http://LOCALHOST:4010/', 'ProxyTargetLocalhostError'],
  ['http://%6c%6fcalhost/', 'ProxyTargetLocalhostError'],
  ['http://app.localhost/', 'ProxyTargetLocalhostError'],
  ['http://evil.example/', 'ProxyTargetPrivateError'],
  ['http://evil.example./', 'ProxyTargetPrivateError'],
  ['http://metadata.example/', 'ProxyTargetPrivateError'],
  ['http://mixed.example/', 'ProxyTargetPrivateError'],
  ['http://v6loop.example/', 'ProxyTargetPrivateError'],
  ['http://mapped.example/', 'ProxyTargetPrivateError'],
  ['http://siit.example/', 'ProxyTargetPrivateError'],
  ['http://isatap.example/', 'ProxyTargetPrivateError'],
  ['http://mapped-hex.example/', 'ProxyTargetPrivateError'],
  ['http://zone.example/', 'ProxyTargetPrivateError'],
  ['http://mapped-zone.example/', 'ProxyTargetPrivateError'],
  ['http://[::ffff:7f00:1]/', 'ProxyTargetPrivateError'],
  ['http://[0:0:0:0:0:ffff:127.0.0.1]/', 'ProxyTargetPrivateError'],
  ['http://[::FFFF:A9FE:A9FE]/', 'ProxyTargetPrivateError'],
  ['http://017700000001/', 'ProxyTargetPrivateError'],
  ['http://0x7f.0x0.0x0.0x1/', 'ProxyTargetPrivateError'],
  ['http://0300.0250.0.1/', 'ProxyTargetPrivateError'],
  ['http://012.1/', 'ProxyTargetPrivateError'],
  ['http://user:pass@api.example.com/', 'ProxyTargetUserinfoError'],
  ['http://127.0.0.1@api.example.com/', 'ProxyTargetUserinfoError'],
  ['http://api.example.com@127.0.0.1/', 'ProxyTargetUserinfoError'],
  ['ftp://api.example.com/', 'ProxyTargetSchemeError'],
  ['file:///etc/passwd', 'ProxyTargetSchemeError'],
  ['gopher://127.0.0.1:25/', 'ProxyTargetSchemeError'],
  ['not a url', 'ProxyTargetInvalidUrlError'],
  ['http%3A%2F%2F127.0.0.1%2F', 'ProxyTargetPrivateError'],
];

describe('hosted mode refuses', () => {
  it('has at least 30 refused targets in the matrix', () =>
    expect(REFUSED.length).toBeGreaterThanOrEqual(30));

  it.each(REFUSED)('%s → %s', async (target, code) => {
    const response = await app.inject({ method: 'GET', url: `/proxy/${target}` });
    const body = response.json();
    expect(response.statusCode).toBe(PROXY_ERRORS[code].status);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(body).toMatchObject({ error: code });
    expect(body.content.message).toContain(PROXY_ERRORS[code].reason);
    expect(response.headers['x-sextant-proxy-error']).toBe(code);
  });

  it('a host outside the allowlist', async () => {
    const allowApp = await hostedProxy({ allowlist: ['*.example.com'] });
    const refused = await allowApp.inject({ url: '/proxy/http://evil.example/' });
    expect(refused.json().error).toBe('ProxyTargetNotAllowedError');
    const stillPrivate = await allowApp.inject({ url: '/proxy/http://127.0.0.1.example.com/' });
    expect(stillPrivate.json().error).toBe('ProxyTargetUnresolvedError');
    await allowApp.close();
  });

  it('applies a per-request allowlist (the hosts of the docs site API)', async () => {
    const perSite = await hostedProxy({
      trustedPrivateTargets: [`127.0.0.1:${upstreamPort}`],
      allowlistFor: (request) => (request.headers['x-site'] === 'a' ? ['127.0.0.1'] : ['api.example.com']),
    });
    const allowed = await perSite.inject({
      url: `/proxy/http://127.0.0.1:${upstreamPort}/`,
      headers: { 'x-site': 'a' },
    });
    expect(allowed.body).toBe('reached');
    const other = await perSite.inject({
      url: `/proxy/http://127.0.0.1:${upstreamPort}/`,
      headers: { 'x-site': 'b' },
    });
    expect(other.json().error).toBe('ProxyTargetNotAllowedError');
    await perSite.close();
  });

  // A resolver answer is checked as written: a form that is not a canonical address is not read
  // the way inet_aton would (octal, hex, short): it counts as no answer.
  it.each([
    'octal-answer.example',
    'hex-answer.example',
    'short-answer.example',
    'leading-zero.example',
    'mapped-hex-tail.example',
  ])('refuses a non-canonical resolver answer (%s) as unresolved', async (name) => {
    const response = await app.inject({ method: 'GET', url: `/proxy/http://${name}/` });
    expect(response.headers['x-sextant-proxy-error']).toBe('ProxyTargetUnresolvedError');
  });

  it('reports an unresolvable name as 502, not a refusal', async () => {
    const response = await app.inject({ url: '/proxy/https://nowhere.invalid/' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe('ProxyTargetUnresolvedError');
  });
});

describe('redirects and rebinding', () => {
  let trusted: FastifyInstance;
  beforeAll(async () => {
    trusted = await hostedProxy({ trustedPrivateTargets: [`127.0.0.1:${upstreamPort}`] });
  });
  afterAll(() => trusted.close());

  it('reaches the trusted test upstream (control)', async () => {
    const response = await trusted.inject({ url: `/proxy/http://127.0.0.1:${upstreamPort}/ok` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('reached');
  });

  it.each(['/to-private', '/to-loopback-name', '/to-mapped'])('refuses a redirect %s', async (path) => {
    const response = await trusted.inject({ url: `/proxy/http://127.0.0.1:${upstreamPort}${path}` });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('ProxyRedirectRefusedError');
  });

  it('connects to the checked address: a second DNS answer pointing at loopback is refused', async () => {
    let calls = 0;
    const rebinding: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    // No DNS cache: the connect-time lookup asks again and must check the new answer too.
    const rebind = await proxyApp('hosted', { resolver: rebinding, dnsCacheMs: 0 });
    const response = await rebind.inject({ url: `/proxy/http://rebind.example:${upstreamPort}/` });
    expect(calls).toBe(2);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('ProxyTargetPrivateError');
    await rebind.close();
  });

  it('with the DNS cache, connects to the answer that was checked, never a later one', async () => {
    let calls = 0;
    // The first answer is the (trusted) test upstream; a later one would point where nothing listens.
    const changing: Resolver = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    };
    const cached = await proxyApp('hosted', {
      resolver: changing,
      trustedPrivateTargets: [`svc.example:${upstreamPort}`],
    });
    for (let i = 0; i < 3; i++) {
      const response = await cached.inject({ url: `/proxy/http://svc.example:${upstreamPort}/ok` });
      expect(response.body).toBe('reached');
    }
    expect(calls).toBe(1);
    await cached.close();
  });
});

describe('over a real socket (the front door ahead of Fastify)', () => {
  let base: string;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/proxy/`;
  });

  it.each(REFUSED)('%s → %s', async (target, code) => {
    const response = await fetch(`${base}${target}`);
    expect(response.status).toBe(PROXY_ERRORS[code].status);
    expect(response.headers.get('x-sextant-proxy-error')).toBe(code);
    expect(await response.json()).toMatchObject({ error: code });
  });
});
