/**
 * Redirects with and without a request body, against real loopback upstreams over real sockets:
 * for each method × status × body, what the upstream at the redirect target receives (method
 * and body bytes) or, when the body cannot be sent again, that the reader gets the redirect
 * itself with the reason. Also: credentials dropped across origins, every hop checked.
 */
import { createHash } from 'node:crypto';
import { Agent, type IncomingMessage, request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROXY_FINAL_URL, PROXY_LOCATION, PROXY_REDIRECT_NOT_FOLLOWED, PROXY_REDIRECTS } from './headers.js';
import { proxyServers, startUpstream, type TestUpstream } from './testing/proxy-app.js';

/** What the upstream saw of one request. */
interface Seen {
  path: string;
  method: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let upstream: TestUpstream;
let port: number;
let origin: string;
/** The same upstream under another origin (a name instead of the address). */
let otherOrigin: string;
const seen: Seen[] = [];
const proxies = proxyServers();
const proxy = proxies.start;

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  upstream = await startUpstream(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const status = Number(url.searchParams.get('status') ?? 302);
    const location = url.searchParams.get('to') ?? '/landing';
    if (url.pathname === '/early') {
      // Answers on the headers, before reading the body (as a front server's rewrite rule does).
      res.writeHead(status, { location }).end();
      return;
    }
    const body = await readAll(req);
    seen.push({ path: url.pathname, method: req.method ?? '', headers: req.headers, body });
    if (url.pathname === '/hop')
      res.writeHead(status, { location, 'content-type': 'text/plain' }).end('moved');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(`landed ${req.method}`);
  });
  ({ port, origin, otherOrigin } = upstream);
});
afterAll(async () => {
  await proxies.closeAll();
  await upstream.close();
});
beforeEach(() => {
  seen.length = 0;
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * Sends one request through node:http. `body` as one Buffer goes with a Content-Length; as an
 * array of chunks it goes chunked, each chunk written once the previous one was flushed.
 */
function send(
  url: string,
  method: string,
  body: Buffer | Buffer[] | undefined,
  headers: Record<string, string> = {},
  agent?: Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = Buffer.isBuffer(body) ? { 'content-length': String(body.length) } : {};
    const req = request(url, { method, headers: { ...headers, ...length }, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (Array.isArray(body)) {
      const chunks = [...body];
      const next = (): void => {
        const chunk = chunks.shift();
        if (chunk) req.write(chunk, () => setImmediate(next));
        else req.end();
      };
      next();
    } else req.end(body);
  });
}

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
const hop = (status: number, to = '/landing'): string => `/hop?status=${status}&to=${encodeURIComponent(to)}`;

type BodyKind = 'none' | 'declared' | 'chunked';
const SMALL = Buffer.from('{"name":"Rex","tags":["a","b"],"bytes":"\u00e9\u0000\u00ff"}');

function bodyOf(kind: BodyKind, bytes = SMALL): Buffer | Buffer[] | undefined {
  if (kind === 'none') return undefined;
  return kind === 'declared' ? bytes : [bytes.subarray(0, 10), bytes.subarray(10)];
}

/** What the redirect target must receive: method and whether the body goes again. */
function expected(method: string, status: number): { method: string; keepsBody: boolean } {
  if (status === 303 || (method === 'POST' && (status === 301 || status === 302)))
    return { method: 'GET', keepsBody: false };
  return { method, keepsBody: true };
}

const STATUSES = [301, 302, 303, 307, 308];
const CASES: [string, BodyKind][] = [
  ['GET', 'none'],
  ['DELETE', 'none'],
  ['POST', 'none'],
  ['POST', 'declared'],
  ['POST', 'chunked'],
  ['PUT', 'declared'],
  ['PUT', 'chunked'],
  ['PATCH', 'declared'],
  ['PATCH', 'chunked'],
  ['DELETE', 'declared'],
];
const MATRIX = CASES.flatMap(([method, kind]) => STATUSES.map((status) => [method, status, kind] as const));

describe('a redirect with a body that fits the replay buffer', () => {
  let base: string;
  beforeAll(async () => {
    base = await proxy();
  });

  it.each(MATRIX)(
    '%s → %i, body %s: the target receives the expected method and bytes',
    async (method, status, kind) => {
      const body = bodyOf(kind);
      const answer = await send(`${base}${origin}${hop(status)}`, method, body, {
        'content-type': 'application/json',
      });
      const want = expected(method, status);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(`landed ${want.method}`);
      expect(answer.headers[PROXY_REDIRECT_NOT_FOLLOWED]).toBeUndefined();
      expect(seen.map((s) => s.path)).toEqual(['/hop', '/landing']);
      const [first, target] = seen as [Seen, Seen];
      expect(first.method).toBe(method);
      expect(sha(first.body)).toBe(sha(kind === 'none' ? Buffer.alloc(0) : SMALL));
      expect(target.method).toBe(want.method);
      if (want.keepsBody && kind !== 'none') {
        expect(target.body.equals(SMALL)).toBe(true);
        expect(target.headers['content-length']).toBe(String(SMALL.length));
        expect(target.headers['content-type']).toBe('application/json');
      } else {
        expect(target.body.length).toBe(0);
        // undici declares an empty body for the methods that expect one.
        expect(target.headers['content-length'] ?? '0').toBe('0');
        expect(target.headers['transfer-encoding']).toBeUndefined();
        expect(target.headers['content-type']).toBeUndefined();
      }
    },
  );

  it('keeps a HEAD a HEAD after a 303', async () => {
    const answer = await send(`${base}${origin}${hop(303)}`, 'HEAD', undefined);
    expect(answer.status).toBe(200);
    expect(seen.map((s) => s.method)).toEqual(['HEAD', 'HEAD']);
  });

  it('replays the body again over a chain of redirects', async () => {
    const chain = hop(308, hop(307, '/landing'));
    const answer = await send(`${base}${origin}${chain}`, 'PUT', bodyOf('chunked'));
    expect(answer.body).toBe('landed PUT');
    expect(seen.map((s) => [s.path, s.method, s.body.equals(SMALL)])).toEqual([
      ['/hop', 'PUT', true],
      ['/hop', 'PUT', true],
      ['/landing', 'PUT', true],
    ]);
  });

  it('replays a body of exactly the default 1 MiB cap, byte-exact', async () => {
    const big = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7) % 251;
    const answer = await send(`${base}${origin}${hop(307)}`, 'PUT', big);
    expect(answer.body).toBe('landed PUT');
    expect(seen.map((s) => [s.path, s.method, sha(s.body)])).toEqual([
      ['/hop', 'PUT', sha(big)],
      ['/landing', 'PUT', sha(big)],
    ]);
  });
});

describe('a redirect with a body over the replay buffer', () => {
  const BIG = Buffer.alloc(4096, 0x61);
  let base: string;
  beforeAll(async () => {
    base = await proxy('local', { limits: { replayBodyBytes: 1024 } });
  });

  const cases = MATRIX.filter(([, , kind]) => kind !== 'none');
  it.each(cases)('%s → %i, body %s', async (method, status, kind) => {
    const answer = await send(`${base}${origin}${hop(status)}`, method, bodyOf(kind, BIG));
    const want = expected(method, status);
    expect(seen[0]?.body.equals(BIG)).toBe(true);
    if (!want.keepsBody) {
      // Nothing to send again: followed as a GET as usual.
      expect(answer.body).toBe('landed GET');
      expect(seen.map((s) => [s.path, s.method, s.body.length])).toEqual([
        ['/hop', method, BIG.length],
        ['/landing', 'GET', 0],
      ]);
      return;
    }
    // The redirect itself, with the reason; the target is never called. Its Location travels
    // under the proxy's own name, so a browser's fetch does not follow it around the proxy.
    expect(answer.status).toBe(status);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.headers[PROXY_LOCATION]).toBe('/landing');
    expect(answer.headers['access-control-expose-headers']).toContain(PROXY_LOCATION);
    expect(answer.body).toBe('moved');
    expect(answer.headers[PROXY_REDIRECT_NOT_FOLLOWED]).toBe(
      `The proxy did not follow this ${status} to a ${method}: the request body is over the 1024-byte replay buffer, so it cannot be sent again.`,
    );
    expect(answer.headers['access-control-expose-headers']).toContain(PROXY_REDIRECT_NOT_FOLLOWED);
    expect(seen.map((s) => s.path)).toEqual(['/hop']);
  });

  it('with the default cap, a body one byte over 1 MiB is handed back', async () => {
    const defaults = await proxy();
    const answer = await send(`${defaults}${origin}${hop(308)}`, 'PATCH', Buffer.alloc(1024 * 1024 + 1));
    expect(answer.status).toBe(308);
    expect(answer.headers[PROXY_REDIRECT_NOT_FOLLOWED]).toContain('1048576-byte replay buffer');
    expect(seen.map((s) => [s.path, s.body.length])).toEqual([['/hop', 1024 * 1024 + 1]]);
  });
});

describe('a redirect that arrives before the whole body', () => {
  it('is handed back with the reason, and the connection stays usable', async () => {
    const base = await proxy();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        `${base}${origin}/early?status=307`,
        { method: 'PUT', agent, headers: { 'content-type': 'text/plain' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => {
            // The rest of the body still goes out after the answer (more than the socket buffers):
            // the proxy reads and drops it, or the next request on this connection would hang.
            req.end(Buffer.alloc(1024 * 1024));
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
          });
        },
      );
      req.on('error', reject);
      req.write('a first part');
    });
    expect(answer.status).toBe(307);
    expect(answer.headers[PROXY_REDIRECT_NOT_FOLLOWED]).toContain('had not been fully received');
    expect(seen).toEqual([]);
    const next = await send(`${base}${origin}/landing`, 'POST', Buffer.from('again'), {}, agent);
    expect(next.body).toBe('landed POST');
    expect(seen.map((s) => s.body.toString())).toEqual(['again']);
    agent.destroy();
  }, 10_000);
});

describe('credentials and target checks on every hop', () => {
  const credentials = {
    'x-sextant-proxy-request-headers': 'authorization,x-api-key,x-trace',
    authorization: 'Bearer secret',
    'x-api-key': 'key',
    'x-trace': 'keep',
  };

  it.each([307, 308, 301])(
    'drops credentials but replays the body on a cross-origin %i PUT',
    async (status) => {
      const base = await proxy();
      const answer = await send(
        `${base}${origin}${hop(status, `${otherOrigin}/landing`)}`,
        'PUT',
        SMALL,
        credentials,
      );
      expect(answer.body).toBe('landed PUT');
      const [first, target] = seen as [Seen, Seen];
      expect(first.headers.authorization).toBe('Bearer secret');
      expect(target.headers.host).toBe(`localhost:${port}`);
      expect(target.headers.authorization).toBeUndefined();
      expect(target.headers['x-api-key']).toBeUndefined();
      expect(target.headers['x-trace']).toBe('keep');
      expect(target.body.equals(SMALL)).toBe(true);
    },
  );

  it('keeps credentials on a same-origin 307 with a body', async () => {
    const base = await proxy();
    await send(`${base}${origin}${hop(307)}`, 'POST', SMALL, credentials);
    expect(seen[1]?.headers.authorization).toBe('Bearer secret');
    expect(seen[1]?.body.equals(SMALL)).toBe(true);
  });

  it('hosted mode follows a 307 with the body to a target that passes the checks (control)', async () => {
    const base = await proxy('hosted', { trustedPrivateTargets: [`127.0.0.1:${port}`] });
    const answer = await send(`${base}${origin}${hop(307)}`, 'PUT', SMALL);
    expect(answer.body).toBe('landed PUT');
    expect(seen[1]?.body.equals(SMALL)).toBe(true);
  });

  it.each([
    [307, 'http://10.1.2.3/internal'],
    [308, 'http://169.254.169.254/latest/meta-data/'],
    [307, 'http://[::ffff:127.0.0.1]:1/'],
    [301, 'the upstream under the name localhost'],
  ] as const)('hosted mode refuses a %i with a replayable body to %s', async (status, to) => {
    const base = await proxy('hosted', { trustedPrivateTargets: [`127.0.0.1:${port}`] });
    const target = to.startsWith('http') ? to : `${otherOrigin}/landing`;
    const answer = await send(`${base}${origin}${hop(status, target)}`, 'PUT', SMALL);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toBe('ProxyRedirectRefusedError');
    expect(seen.map((s) => s.path)).toEqual(['/hop']);
  });

  it('tells the reader the redirects it followed and the URL that answered (issue #28)', async () => {
    const base = await proxy();
    const answer = await send(`${base}${origin}${hop(301, hop(307, '/landing?x=1'))}`, 'GET', undefined);
    expect(answer.body).toBe('landed GET');
    expect(answer.headers[PROXY_FINAL_URL]).toBe(`${origin}/landing?x=1`);
    const hops = String(answer.headers[PROXY_REDIRECTS])
      .split(',')
      .map((entry) => {
        const [status, url] = entry.split(' ');
        return `${status} ${decodeURIComponent(url ?? '')}`;
      });
    expect(hops).toEqual([`301 ${origin}${hop(307, '/landing?x=1')}`, `307 ${origin}/landing?x=1`]);
    const direct = await send(`${base}${origin}/landing`, 'GET', undefined);
    expect(direct.headers[PROXY_FINAL_URL]).toBe(`${origin}/landing`);
    expect(direct.headers[PROXY_REDIRECTS]).toBeUndefined();
  });
});
