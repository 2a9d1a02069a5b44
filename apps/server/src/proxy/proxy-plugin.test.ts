/**
 * The HTTP proxy against real upstream servers on loopback, over real sockets: streaming
 * (first chunk before the upstream ends), 100 MB both ways byte-exact with flat memory, the
 * header allowlist, redirects, timeouts, CORS preflight, caps, multipart byte-exact, TLS.
 * Redirects with request bodies (method × status × body) are in redirects.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { type IncomingMessage, request, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { waitFor } from '@sextant/definition/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyServers, startUpstream, type TestUpstream } from './testing/proxy-app.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const handlers = new Map<string, Handler>();
let upstream: TestUpstream;
let origin: string;
let otherOrigin: string;
const proxies = proxyServers();
const proxy = proxies.start;

function pattern(i: number): number {
  return i % 251;
}

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const handler = handlers.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  ({ origin, otherOrigin } = upstream);
});
afterAll(async () => {
  await proxies.closeAll();
  await upstream.close();
});

describe('streaming', () => {
  it('delivers the first chunk before the upstream finishes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let upstreamEnded = false;
    handlers.set('/sse', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      gate.then(() => {
        res.end('data: [DONE]\n\n');
        upstreamEnded = true;
      });
    });
    const base = await proxy();
    const response = await fetch(`${base}${origin}/sse`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    expect(upstreamEnded).toBe(false);
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe('data: [DONE]\n\n');
    expect(upstreamEnded).toBe(true);
  });

  it('passes 100 MB down and 100 MB up byte-exact with flat memory', async () => {
    const size = 100 * 1024 * 1024;
    const block = Buffer.alloc(251 * 4096);
    for (let i = 0; i < block.length; i++) block[i] = pattern(i);
    const expected = createHash('sha256');
    for (let sent = 0; sent < size; sent += block.length)
      expected.update(block.subarray(0, Math.min(block.length, size - sent)));
    const digest = expected.digest('hex');
    handlers.set('/big', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size });
      for (let sent = 0; sent < size; sent += block.length) {
        if (!res.write(block.subarray(0, Math.min(block.length, size - sent)))) {
          await new Promise((resolve) => res.once('drain', resolve));
        }
      }
      res.end();
    });
    handlers.set('/sink', async (req, res) => {
      const hash = createHash('sha256');
      let total = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        hash.update(chunk);
        total += chunk.length;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ total, sha256: hash.digest('hex') }));
    });
    const base = await proxy();
    // Live heap plus Buffer memory after a collection: what a buffered copy would retain.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const used = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = used();
    const rssBefore = process.memoryUsage().rss;
    let peak = before;
    let rssPeak = rssBefore;
    const bound = 90 * 1024 * 1024;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      rssPeak = Math.max(rssPeak, m.rss);
      // A collection only when the figure with garbage passes the bound: in the shared project
      // (files not isolated) a full collection every 200 ms of a worker holding other files' heap
      // slowed the transfer from ~3 s to past the 60 s timeout.
      if (m.heapUsed + m.arrayBuffers - before > bound) peak = Math.max(peak, used());
    }, 200);
    const response = await fetch(`${base}${origin}/big`);
    const hash = createHash('sha256');
    let received = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      received += chunk.length;
    }
    expect(received).toBe(size);
    expect(hash.digest('hex')).toBe(digest);
    console.log(`download: +${((peak - before) / 2 ** 20).toFixed(1)} MB`);

    // Upload with node:http and backpressure (fetch with an iterable body reads it ahead into memory).
    const sinkUrl = new URL(`${base}${origin}/sink`);
    const sinkBody = await new Promise<string>((resolve, reject) => {
      const req = request(
        sinkUrl,
        { method: 'PUT', headers: { 'content-type': 'application/octet-stream' } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const write = () => {
        while (sent < size) {
          const chunk = block.subarray(0, Math.min(block.length, size - sent));
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
    expect(JSON.parse(sinkBody)).toEqual({ total: size, sha256: digest });
    clearInterval(sampler);
    peak = Math.max(peak, used());
    console.log(
      `100 MB each way: live heap+buffers peak +${((peak - before) / 2 ** 20).toFixed(1)} MB, rss peak +${((rssPeak - rssBefore) / 2 ** 20).toFixed(1)} MB`,
    );
    // Client, proxy and upstream share this process; a buffered copy would add ≥ 100 MB. The test's
    // own fetch client sometimes reads tens of MB ahead of its consumer on a loaded machine (one
    // run in four on CI: +68 MB with the proxy's relay unchanged), so the bound sits under 100 MB.
    expect(peak - before).toBeLessThan(bound);
  }, 60_000);
});

describe('headers', () => {
  it('forwards only the listed headers and reports upstream header names', async () => {
    handlers.set('/headers', (req, res) => {
      res.writeHead(201, {
        'content-type': 'application/json',
        'set-cookie': 'session=secret',
        'x-rate-limit': '10',
        'access-control-allow-origin': 'https://evil.example',
      });
      res.end(JSON.stringify(req.headers));
    });
    const base = await proxy();
    const response = await fetch(`${base}${origin}/headers?q=1`, {
      method: 'POST',
      headers: {
        'x-sextant-proxy-request-headers':
          'Authorization, X-Api-Key, Cookie, X-Forwarded-For, Host, Connection',
        authorization: 'Bearer t',
        'x-api-key': 'k',
        'x-not-listed': 'no',
        cookie: 'a=b',
        'x-forwarded-for': '1.2.3.4',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(response.status).toBe(201);
    const seen = (await response.json()) as Record<string, string>;
    expect(seen.authorization).toBe('Bearer t');
    expect(seen['x-api-key']).toBe('k');
    expect(seen['content-type']).toBe('application/json');
    for (const name of ['x-not-listed', 'cookie', 'x-forwarded-for', 'x-sextant-proxy-request-headers']) {
      expect(seen[name], name).toBeUndefined();
    }
    expect(seen.host).toBe(origin.slice('http://'.length));
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-rate-limit')).toBe('10');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const names = response.headers.get('x-sextant-proxy-response-headers')!.split(',');
    expect(names).toContain('x-rate-limit');
    expect(names).not.toContain('set-cookie');
    expect(response.headers.get('access-control-expose-headers')).toContain('x-sextant-proxy-origin-latency');
    expect(Number(response.headers.get('x-sextant-proxy-origin-latency'))).toBeGreaterThanOrEqual(0);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('sends the playground cookie parameters upstream as Cookie, never the docs cookies nor the control header', async () => {
    const seen: IncomingMessage['headers'][] = [];
    handlers.set('/cookies', (req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const base = await proxy();
    const cookie = 'session=a%20b%3Bc; theme=dark';
    const response = await fetch(`${base}${origin}/cookies`, {
      headers: {
        'x-sextant-proxy-request-headers': 'X-Sextant-Proxy-Cookie, Cookie, X-Trace',
        'x-sextant-proxy-cookie': cookie,
        cookie: 'docs_session=private',
        'x-trace': 't',
      },
    });
    expect(response.status).toBe(200);
    expect(seen[0]?.cookie).toBe(cookie);
    expect(seen[0]?.['x-sextant-proxy-cookie']).toBeUndefined();
    expect(seen[0]?.['x-trace']).toBe('t');
    expect(JSON.stringify(seen[0])).not.toContain('docs_session');
    // Without the control header, nothing cookie-like reaches the upstream.
    await fetch(`${base}${origin}/cookies`, { headers: { cookie: 'docs_session=private' } });
    expect(seen[1]?.cookie).toBeUndefined();
  });

  it('drops the cookie parameters on a cross-origin redirect, and a refused target gets nothing', async () => {
    const seen: IncomingMessage['headers'][] = [];
    handlers.set('/cookie-landing', (req, res) => {
      seen.push(req.headers);
      res.writeHead(200).end();
    });
    handlers.set('/cookie-hop', (req, res) => {
      seen.push(req.headers);
      res.writeHead(302, { location: `${otherOrigin}/cookie-landing` }).end();
    });
    const local = await proxy();
    await fetch(`${local}${origin}/cookie-hop`, { headers: { 'x-sextant-proxy-cookie': 'a=1' } });
    expect(seen.map((headers) => headers.cookie)).toEqual(['a=1', undefined]);
    const hosted = await proxy('hosted');
    const refused = await fetch(`${hosted}${origin}/cookie-landing`, {
      headers: { 'x-sextant-proxy-cookie': 'a=2' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(seen).toHaveLength(2);
  });

  it('answers a CORS preflight without calling upstream', async () => {
    const base = await proxy();
    const response = await fetch(`${base}${origin}/never`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://docs.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,x-sextant-proxy-request-headers',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization,x-sextant-proxy-request-headers',
    );
  });
});

describe('redirects', () => {
  beforeAll(() => {
    handlers.set('/hop', (req, res) => {
      const to = new URL(req.url!, 'http://x').searchParams.get('to')!;
      res
        .writeHead(Number(new URL(req.url!, 'http://x').searchParams.get('status') ?? 302), { location: to })
        .end();
    });
    handlers.set('/landing', (req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ method: req.method, headers: req.headers }));
    });
    handlers.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
  });
  const headers = {
    'x-sextant-proxy-request-headers': 'authorization,x-api-key,x-trace',
    authorization: 'Bearer secret',
    'x-api-key': 'key',
    'x-trace': 'keep',
  };

  it('follows a same-origin redirect with credentials', async () => {
    const base = await proxy();
    const response = await fetch(`${base}${origin}/hop?to=/landing`, { headers });
    const body = (await response.json()) as { headers: Record<string, string> };
    expect(body.headers.authorization).toBe('Bearer secret');
    expect(body.headers['x-api-key']).toBe('key');
  });

  it('drops credentials on a cross-origin redirect and turns a 303 POST into a GET', async () => {
    const base = await proxy();
    const response = await fetch(
      `${base}${origin}/hop?status=303&to=${encodeURIComponent(`${otherOrigin}/landing`)}`,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: 'hello',
      },
    );
    const body = (await response.json()) as { method: string; headers: Record<string, string> };
    expect(body.method).toBe('GET');
    expect(body.headers.authorization).toBeUndefined();
    expect(body.headers['x-api-key']).toBeUndefined();
    expect(body.headers['x-trace']).toBe('keep');
  });

  it('stops after the redirect cap', async () => {
    const base = await proxy('local', { limits: { maxRedirects: 3 } });
    const response = await fetch(`${base}${origin}/loop`);
    expect(response.status).toBe(508);
    expect((await response.json()).error).toBe('ProxyTooManyRedirectsError');
  });
});

describe('timeouts and caps', () => {
  /** Requests the upstream's /hang got (it never answers them). */
  let hangs = 0;
  beforeAll(() => {
    handlers.set('/hang', () => {
      hangs += 1;
    });
    handlers.set('/stall', (_req, res) => {
      res.writeHead(200);
      res.write('a');
    });
    handlers.set('/slow', (_req, res) => setTimeout(() => res.end('late'), 200));
    handlers.set('/drain', async (req, res) => {
      for await (const _ of req as AsyncIterable<Buffer>);
      res.end('ok');
    });
    handlers.set('/len', (_req, res) =>
      res.writeHead(200, { 'content-length': 5000 }).end(Buffer.alloc(5000)),
    );
    handlers.set('/chunks', (_req, res) => {
      res.writeHead(200);
      res.write(Buffer.alloc(3000));
      res.end(Buffer.alloc(3000));
    });
  });

  it('times out an upstream that never answers', async () => {
    const base = await proxy('local', { limits: { idleMs: 300 } });
    const response = await fetch(`${base}${origin}/hang`);
    expect(response.status).toBe(504);
    expect((await response.json()).error).toBe('ProxyUpstreamTimeoutError');
  });

  it('cuts a body that stalls past the idle timeout', async () => {
    const base = await proxy('local', { limits: { idleMs: 300 } });
    const response = await fetch(`${base}${origin}/stall`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('enforces the total duration', async () => {
    const base = await proxy('local', { limits: { durationMs: 100 } });
    const response = await fetch(`${base}${origin}/slow`);
    expect(response.status).toBe(504);
  });

  it('refuses request bodies over the cap, declared or chunked', async () => {
    const base = await proxy('local', { limits: { requestBodyBytes: 1000 } });
    const declared = await fetch(`${base}${origin}/drain`, { method: 'POST', body: Buffer.alloc(2000) });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toBe('ProxyRequestTooLargeError');
    async function* chunks() {
      yield Buffer.alloc(600);
      yield Buffer.alloc(600);
    }
    const chunked = await fetch(`${base}${origin}/drain`, {
      method: 'POST',
      body: chunks() as unknown as BodyInit,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const small = await fetch(`${base}${origin}/drain`, { method: 'POST', body: Buffer.alloc(900) });
    expect(await small.text()).toBe('ok');
  });

  it('refuses responses over the cap, declared or streamed', async () => {
    const base = await proxy('local', { limits: { responseBytes: 4000 } });
    const declared = await fetch(`${base}${origin}/len`);
    expect(declared.status).toBe(502);
    expect((await declared.json()).error).toBe('ProxyResponseTooLargeError');
    const streamed = await fetch(`${base}${origin}/chunks`);
    await expect(streamed.arrayBuffer()).rejects.toThrow();
  });

  it('limits requests per minute and in flight per client', async () => {
    const rated = await proxy('local', { limits: { ratePerMinute: 3, concurrencyPerClient: 10 } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${rated}${origin}/len`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const narrow = await proxy('local', { limits: { concurrencyPerClient: 1, idleMs: 500 } });
    const hung = hangs;
    const hanging = fetch(`${narrow}${origin}/hang`);
    await waitFor(() => hangs > hung, { message: 'the first request in flight upstream' });
    const second = await fetch(`${narrow}${origin}/len`);
    expect(second.status).toBe(429);
    expect((await second.json()).error).toBe('ProxyTooManyConcurrentError');
    expect((await hanging).status).toBe(504);
    expect((await fetch(`${narrow}${origin}/len`)).status).toBe(200);
  });
});

describe('bodies', () => {
  it('passes a multipart body with two binary files byte-exact', async () => {
    handlers.set('/raw', async (req, res) => {
      const hash = createHash('sha256');
      for await (const chunk of req as AsyncIterable<Buffer>) hash.update(chunk);
      res.end(JSON.stringify({ type: req.headers['content-type'], sha256: hash.digest('hex') }));
    });
    const boundary = `----sextant${randomBytes(8).toString('hex')}`;
    const parts = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhéllo\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="a"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      randomBytes(300_000),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="b"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.concat([Buffer.from('\r\n--'), randomBytes(70_000), Buffer.from('\r\n\r\n')]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const body = Buffer.concat(parts);
    const base = await proxy();
    const response = await fetch(`${base}${origin}/raw`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(await response.json()).toEqual({
      type: `multipart/form-data; boundary=${boundary}`,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
  });
});

describe('targets', () => {
  it('keeps long paths and encoded queries, accepts a percent-encoded target, answers HEAD', async () => {
    handlers.set(`/long/${'x'.repeat(600)}`, (req, res) =>
      res.end(JSON.stringify({ url: req.url, method: req.method })),
    );
    handlers.set('/head', (_req, res) => res.writeHead(200, { 'content-length': 5 }).end('hello'));
    const base = await proxy();
    const long = `/long/${'x'.repeat(600)}?q=${'y'.repeat(600)}&a=%2F%20b`;
    expect(await (await fetch(`${base}${origin}${long}`)).json()).toEqual({ url: long, method: 'GET' });
    const encoded = await fetch(`${base}${encodeURIComponent(`${origin}${long}`)}`);
    expect((await encoded.json()).url).toBe(long);
    const head = await fetch(`${base}${origin}/head`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('5');
    expect(await head.text()).toBe('');
    const missing = await fetch(base);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('ProxyTargetMissingError');
  });
});

describe('TLS', () => {
  it('refuses an upstream certificate it cannot verify, and accepts it once its CA is trusted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sextant-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
    const secure = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (_req, res) =>
      res.end('secure'),
    );
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    const target = `https://127.0.0.1:${(secure.address() as AddressInfo).port}/`;
    const untrusted = await proxy();
    const refused = await fetch(`${untrusted}${target}`);
    expect(refused.status).toBe(502);
    expect((await refused.json()).error).toBe('ProxyUpstreamTlsError');
    const trusted = await proxy('local', { ca: cert });
    expect(await (await fetch(`${trusted}${target}`)).text()).toBe('secure');
    secure.closeAllConnections();
    await new Promise((resolve) => secure.close(resolve));
  });
});
