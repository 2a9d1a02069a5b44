/**
 * The WebSocket proxy over real sockets against a real loopback upstream: handshake headers
 * and query reaching the upstream, text and binary echo, the message limit with its END OF
 * SAMPLE SESSION reason, upstream close codes, bad handshakes, refused targets, frame size
 * and idle caps. The proxy's own close reasons are the fixed sentence of their code: internal
 * error text (a system error, an address, the upstream's HTTP status) reaches the log only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { ServerMode } from '../options.js';
import { PROXY_ERRORS, ProxyError } from '../proxy/errors.js';
import type { ProxyOptions } from '../proxy/options.js';
import { closeReasonFor, WS_LIMIT_CLOSE_CODE, WS_LIMIT_CLOSE_REASON } from './close-codes.js';
import { wsProxyPlugin } from './ws-proxy-plugin.js';

let upstream: WebSocketServer;
let upstreamUrl: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  upstream = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => upstream.once('listening', resolve));
  upstreamUrl = `ws://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  upstream.on('connection', (socket, request) => {
    socket.send(JSON.stringify({ type: 'welcome', url: request.url, headers: request.headers }));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return socket.send(data, { binary: true });
      const message = JSON.parse(String(data)) as { cmd: string; code?: number; reason?: string };
      if (message.cmd === 'close') socket.close(message.code, message.reason);
      else if (message.cmd === 'terminate') socket.terminate();
      else if (message.cmd === 'binary') socket.send(Buffer.from([0, 1, 2, 255]), { binary: true });
      else socket.send(JSON.stringify({ echo: message }));
    });
  });
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await new Promise((resolve) => upstream.close(resolve));
});

async function proxyUrl(
  mode: ServerMode = 'local',
  proxy: ProxyOptions = {},
  logLines?: string[],
): Promise<string> {
  const app = Fastify(
    logLines ? { logger: { level: 'warn', stream: { write: (line: string) => logLines.push(line) } } } : {},
  );
  await app.register(wsProxyPlugin, { mode, proxy });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/proxy/ws`;
}

interface Session {
  socket: WebSocket;
  messages: { data: string | Buffer; binary: boolean }[];
  closed: Promise<{ code: number; reason: string }>;
  next(): Promise<{ data: string | Buffer; binary: boolean }>;
}

async function open(url: string, first?: string | Buffer): Promise<Session> {
  const socket = new WebSocket(url);
  const messages: Session['messages'] = [];
  const waiters: (() => void)[] = [];
  let read = 0;
  socket.on('message', (data, binary) => {
    messages.push({ data: binary ? (data as Buffer) : String(data), binary });
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  if (first !== undefined) socket.send(first);
  const next = async () => {
    while (messages.length <= read) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages[read++]!;
  };
  return { socket, messages, closed, next };
}

const handshake = (url: string, headers: Record<string, string> = {}) =>
  JSON.stringify({ type: 'handshake', url, headers });

describe('relay', () => {
  it('sends handshake headers and query upstream, echoes text and binary both ways, passes a normal close', async () => {
    const session = await open(
      await proxyUrl(),
      handshake(`${upstreamUrl}/chat?room=blue`, {
        Authorization: 'Bearer t',
        'X-Client': 'sextant',
        Cookie: 'no',
      }),
    );
    const welcome = JSON.parse(String((await session.next()).data));
    expect(welcome.url).toBe('/chat?room=blue');
    expect(welcome.headers.authorization).toBe('Bearer t');
    expect(welcome.headers['x-client']).toBe('sextant');
    expect(welcome.headers.cookie).toBeUndefined();
    session.socket.send(JSON.stringify({ cmd: 'say', text: 'hi' }));
    expect(JSON.parse(String((await session.next()).data))).toEqual({ echo: { cmd: 'say', text: 'hi' } });
    session.socket.send(Buffer.from([9, 8, 7]), { binary: true });
    const echoed = await session.next();
    expect(echoed.binary).toBe(true);
    expect([...(echoed.data as Buffer)]).toEqual([9, 8, 7]);
    session.socket.send(JSON.stringify({ cmd: 'binary' }));
    expect([...((await session.next()).data as Buffer)]).toEqual([0, 1, 2, 255]);
    session.socket.send(JSON.stringify({ cmd: 'close', code: 1000, reason: 'bye' }));
    expect(await session.closed).toEqual({ code: 1000, reason: 'bye' });
  });

  it('passes an upstream abnormal close code with its reason', async () => {
    const session = await open(await proxyUrl(), handshake(upstreamUrl));
    await session.next();
    session.socket.send(JSON.stringify({ cmd: 'close', code: 4001, reason: 'upstream went away' }));
    expect(await session.closed).toEqual({ code: 4001, reason: 'upstream went away' });
  });

  it('turns an upstream that drops the connection into 1011', async () => {
    const session = await open(await proxyUrl(), handshake(upstreamUrl));
    await session.next();
    session.socket.send(JSON.stringify({ cmd: 'terminate' }));
    const closed = await session.closed;
    expect(closed.code).toBe(1011);
    expect(closed.reason).toMatch(/abrupt/);
  });

  it('queues messages sent before the upstream opened', async () => {
    const session = await open(await proxyUrl(), handshake(upstreamUrl));
    session.socket.send(JSON.stringify({ cmd: 'early' }));
    await session.next();
    expect(JSON.parse(String((await session.next()).data))).toEqual({ echo: { cmd: 'early' } });
    session.socket.close(1000);
  });
});

describe('limits', () => {
  it('closes with END OF SAMPLE SESSION at the message limit', async () => {
    const session = await open(await proxyUrl('local', { ws: { messageLimit: 3 } }), handshake(upstreamUrl));
    await session.next(); // welcome: 1
    session.socket.send(JSON.stringify({ cmd: 'a' })); // 2
    await session.next(); // echo: 3 → limit
    expect(await session.closed).toEqual({ code: WS_LIMIT_CLOSE_CODE, reason: WS_LIMIT_CLOSE_REASON });
    expect(WS_LIMIT_CLOSE_REASON).toBe('END OF SAMPLE SESSION');
  });

  it('closes with 1009 on a frame over the cap', async () => {
    const session = await open(
      await proxyUrl('local', { ws: { maxFrameBytes: 1000 } }),
      handshake(upstreamUrl),
    );
    await session.next();
    session.socket.send(Buffer.alloc(2000));
    expect((await session.closed).code).toBe(1009);
  });

  it('caps open connections per client', async () => {
    const url = await proxyUrl('local', { ws: { connectionsPerClient: 1 } });
    const first = await open(url, handshake(upstreamUrl));
    await first.next();
    const second = await open(url, handshake(upstreamUrl));
    expect((await second.closed).code).toBe(4429);
    first.socket.close(1000);
    await first.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = await open(url, handshake(upstreamUrl));
    expect(JSON.parse(String((await third.next()).data)).type).toBe('welcome');
    third.socket.close(1000);
  });

  it('closes an idle connection', async () => {
    const session = await open(await proxyUrl('local', { ws: { idleMs: 200 } }), handshake(upstreamUrl));
    await session.next();
    const closed = await session.closed;
    expect(closed.code).toBe(4408);
    expect(closed.reason).toMatch(/idle/);
  });
});

describe('bad handshakes and refusals', () => {
  it.each([
    ['not JSON', 'hello'],
    ['wrong type', JSON.stringify({ type: 'hello', url: 'ws://x' })],
    ['no url', JSON.stringify({ type: 'handshake' })],
    ['headers not strings', JSON.stringify({ type: 'handshake', url: 'ws://x', headers: { a: 1 } })],
    ['binary first', Buffer.from([1, 2])],
  ])('closes with 4400 on %s', async (_name, first) => {
    const session = await open(await proxyUrl(), first);
    const closed = await session.closed;
    expect(closed.code).toBe(4400);
    expect(closed.reason).toMatch(/first message must be/);
  });

  it('closes when no handshake arrives in time', async () => {
    const session = await open(await proxyUrl('local', { ws: { handshakeMs: 150 } }));
    expect((await session.closed).code).toBe(4408);
  });

  it.each([
    ['ws://127.0.0.1:1/', 4403, /private/],
    ['ws://[::ffff:10.0.0.1]/', 4403, /private/],
    ['ws://localhost./', 4403, /localhost/],
    ['http://example.com/', 4400, /ws and wss/],
    ['ws://user:pw@example.com/', 4400, /user name/],
  ])('refuses %s in hosted mode', async (target, code, reason) => {
    const session = await open(await proxyUrl('hosted'), handshake(target));
    const closed = await session.closed;
    expect(closed.code).toBe(code);
    expect(closed.reason).toMatch(reason);
    expect(Buffer.byteLength(closed.reason)).toBeLessThanOrEqual(123);
  });

  it('reports an upstream that refuses the WebSocket upgrade', async () => {
    const session = await open(await proxyUrl(), handshake('ws://127.0.0.1:1/'));
    expect((await session.closed).code).toBe(4502);
  });
});

describe('close reasons carry no internal error text', () => {
  let refusing: Server;
  let refusingUrl: string;
  beforeAll(async () => {
    // An upstream that answers the upgrade with an HTTP error carrying internal text.
    refusing = createServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('db password=hunter2 at 10.1.2.3');
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    refusingUrl = `ws://127.0.0.1:${(refusing.address() as AddressInfo).port}/socket`;
  });
  afterAll(async () => {
    await new Promise((resolve) => refusing.close(resolve));
  });

  it.each([
    ['a closed port', () => 'ws://127.0.0.1:1/', /ECONNREFUSED/],
    ['an upgrade answered HTTP 500', () => refusingUrl, /handshake answered HTTP 500/],
  ])(
    '4502 on %s: the fixed sentence to the browser, the detail in the log',
    async (_name, target, detail) => {
      const log: string[] = [];
      const session = await open(await proxyUrl('local', {}, log), handshake(target()));
      const closed = await session.closed;
      expect(closed).toEqual({ code: 4502, reason: PROXY_ERRORS.ProxyUpstreamUnreachableError.reason });
      expect(closed.reason).not.toMatch(/ECONN|127\.0\.0\.1|HTTP|500|Error/);
      const logged = await waitFor(() =>
        log
          .map((line) => JSON.parse(line) as { msg: string; closeCode?: number; detail?: string })
          .find((line) => line.msg === 'ws proxy: session closed'),
      );
      expect(logged?.closeCode).toBe(4502);
      expect(logged?.detail).toMatch(detail);
    },
  );

  it("every proxy close reason is its code's fixed sentence and fits a close frame", () => {
    for (const code of Object.keys(PROXY_ERRORS) as (keyof typeof PROXY_ERRORS)[]) {
      const reason = closeReasonFor(new ProxyError(code, 'connect ECONNREFUSED 10.0.0.7:5432'));
      expect(reason).not.toContain('ECONNREFUSED');
      expect(PROXY_ERRORS[code].reason.startsWith(reason.replace(/…$/, ''))).toBe(true);
      expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
    }
  });
});
