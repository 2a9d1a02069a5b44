/**
 * The documented client timeouts are the real ones, over real sockets: with the server's own
 * defaults a client trickling its headers a byte at a time is cut by 15 s (never later, as it
 * was when Node's sweep ran after the deadline), answered 408 and never served; a client that
 * finishes its headers before the deadline is served.
 */
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from './app.js';
import { nodeTimeouts, SERVER_TIMEOUTS, type ServerTimeouts } from './http-timeouts.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function serverPort(timeouts?: Partial<ServerTimeouts>): Promise<number> {
  const app = await buildServer({
    mode: 'local',
    parts: { registry: false, proxy: false, wsProxy: false, docsHost: false },
    ...(timeouts ? { timeouts } : {}),
  });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

/**
 * Opens a socket, sends a request line and a header whose value grows a byte every `everyMs`;
 * `finishAfterMs` ends the headers then. Resolves when the server closes the socket (or answers).
 */
async function trickle(
  port: number,
  everyMs: number,
  finishAfterMs?: number,
): Promise<{ closedAfterMs: number; received: string }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const started = Date.now();
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
    if (finishAfterMs !== undefined && received.includes('\r\n\r\n')) socket.end();
  });
  socket.on('error', () => undefined);
  socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ');
  const timer = setInterval(() => {
    if (socket.destroyed) return;
    if (finishAfterMs !== undefined && Date.now() - started >= finishAfterMs) {
      clearInterval(timer);
      socket.write('\r\nConnection: close\r\n\r\n');
    } else socket.write('a');
  }, everyMs);
  const closedAfterMs = await new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - started)),
  );
  clearInterval(timer);
  return { closedAfterMs, received };
}

describe('client timeouts', () => {
  it("gives Node each deadline less one sweep interval, so the sweep's delay never passes it", () => {
    expect(nodeTimeouts(SERVER_TIMEOUTS)).toEqual({
      headersTimeout: 14_000,
      requestTimeout: 299_000,
      keepAliveTimeout: 72_000,
      connectionsCheckingInterval: 1_000,
    });
    // An interval longer than half the deadline is shortened, so Node's timeout stays positive.
    expect(nodeTimeouts({ ...SERVER_TIMEOUTS, headersMs: 800, checkIntervalMs: 5_000 })).toMatchObject({
      headersTimeout: 400,
      connectionsCheckingInterval: 400,
    });
    // Headers never get longer than the whole request.
    expect(nodeTimeouts({ ...SERVER_TIMEOUTS, headersMs: 9_000, requestMs: 4_000 }).headersTimeout).toBe(
      3_000,
    );
  });

  it('the server is built with them', async () => {
    await serverPort();
    const server = apps[0]?.server;
    expect(server?.headersTimeout).toBe(14_000);
    expect(server?.requestTimeout).toBe(299_000);
    expect(server?.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
  });

  it('with the defaults, a client trickling its headers is cut within the documented 15 s (408, never served)', async () => {
    const port = await serverPort();
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const { closedAfterMs, received } = await trickle(port, 200);
    expect(closedAfterMs).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.headersMs - SERVER_TIMEOUTS.checkIntervalMs);
    // The deadline, plus what a busy event loop may add to a timer.
    expect(closedAfterMs).toBeLessThanOrEqual(SERVER_TIMEOUTS.headersMs + 250);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).not.toContain('200 OK');
  }, 30_000);

  it('a shorter deadline is met too, and headers finished before it are served', async () => {
    const timeouts = { headersMs: 1_200, checkIntervalMs: 300 };
    const cut = await trickle(await serverPort(timeouts), 50);
    expect(cut.closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(cut.closedAfterMs).toBeLessThanOrEqual(1_200 + 250);
    const served = await trickle(await serverPort(timeouts), 50, 600);
    expect(served.received).toMatch(/^HTTP\/1\.1 200 /);
  });
});
