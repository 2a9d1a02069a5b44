/**
 * A rolling restart costs no request (issue #30 item 6): two `sextant serve` replicas behind a
 * load balancer that follows `/readyz` (e2e/support/health-checked-proxy.ts: keep-alive
 * upstream connections, no retries) take GET and POST load from concurrent keep-alive clients
 * while each replica in turn gets SIGTERM and a new one starts on its port. On SIGTERM /readyz
 * turns 503 while the listener keeps serving for --drain-delay, so the balancer takes the
 * replica out before its connections close. Every request must succeed.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type RunningCli, startCli } from './cli-harness.js';
import { type HealthCheckedProxy, startHealthCheckedProxy } from './support/health-checked-proxy.js';

const DRAIN_DELAY = '3s';
const CLIENTS = 6;

let root: string | undefined;
let echo: Server | undefined;
let balancer: HealthCheckedProxy | undefined;
const replicas = new Set<RunningCli>();

/** The API the POSTs reach through each replica's proxy: answers the body it got. */
async function startEcho(): Promise<number> {
  echo = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.concat(chunks)));
  });
  await new Promise<void>((resolveListen) => echo?.listen(0, '127.0.0.1', resolveListen));
  return (echo.address() as AddressInfo).port;
}

async function startReplica(port: number, dataDir: string, echoPort: number): Promise<RunningCli> {
  const replica = startCli(
    [
      'serve',
      ...['--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
      ...['--drain-delay', DRAIN_DELAY, '--trusted-private-target', `127.0.0.1:${echoPort}`],
      // Every client is 127.0.0.1 here: the proxy's per-client rate limit would refuse the load.
      ...['--request-log', 'off', '--proxy-rate', '10000000'],
    ],
    { env: { DATABASE_URL: '', SEXTANT_DATA_DIR: undefined } },
  );
  replicas.add(replica);
  await replica.waitFor(/sextant serve ready/, 180_000);
  return replica;
}

interface LoadCounts {
  get: number;
  post: number;
  errors: string[];
}

/** One keep-alive client sending GET and POST in turn until `stop` says so. */
async function client(base: string, echoPort: number, counts: LoadCounts, stop: () => boolean, id: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; text: string }>((resolveSend, reject) => {
      const req = httpRequest(`${base}${path}`, { method, agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolveSend({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  for (let turn = 0; !stop(); turn++) {
    const post = turn % 2 === 1;
    const body = `client ${id} turn ${turn}`;
    try {
      const answer = post
        ? await send('POST', `/proxy/http://127.0.0.1:${echoPort}/echo`, body)
        : await send('GET', '/healthz');
      const good = answer.status === 200 && (!post || answer.text === body);
      if (good) counts[post ? 'post' : 'get'] += 1;
      else counts.errors.push(`${post ? 'POST' : 'GET'} ${answer.status} ${answer.text.slice(0, 120)}`);
    } catch (error) {
      counts.errors.push(`${post ? 'POST' : 'GET'} ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  }
  agent.destroy();
}

afterAll(async () => {
  await Promise.all([...replicas].map((replica) => replica.stop('SIGKILL')));
  await balancer?.close();
  echo?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('rolling restart of two replicas behind a load balancer', () => {
  it('answers every GET and POST while each replica is restarted in turn', async () => {
    root = await mkdtemp(join(tmpdir(), 'sextant-rolling-'));
    const echoPort = await startEcho();
    const ports = [await freePort(), await freePort()];
    const dataDirs = [join(root, 'a'), join(root, 'b')];
    const running = await Promise.all(
      ports.map((port, index) => startReplica(port, dataDirs[index] as string, echoPort)),
    );
    balancer = await startHealthCheckedProxy(ports);
    for (const port of ports) await balancer.waitUntil(port, true);

    const counts: LoadCounts = { get: 0, post: 0, errors: [] };
    let stopping = false;
    const load = Array.from({ length: CLIENTS }, (_, id) =>
      client(balancer?.url as string, echoPort, counts, () => stopping, id),
    );
    const settle = () => new Promise((resolveWait) => setTimeout(resolveWait, 1500));
    await settle();
    for (const [index, port] of ports.entries()) {
      const old = running[index] as RunningCli;
      const exited = old.stop('SIGTERM');
      // Out of the rotation while it still serves (the drain delay), then gone.
      await balancer.waitUntil(port, false, 10_000);
      expect(await exited).toBe(0);
      replicas.delete(old);
      running[index] = await startReplica(port, dataDirs[index] as string, echoPort);
      await balancer.waitUntil(port, true);
      await settle();
    }
    stopping = true;
    await Promise.all(load);
    console.log(
      `rolling restart: ${counts.get} GET and ${counts.post} POST answered, ${counts.errors.length} errors`,
    );

    expect(counts.errors).toEqual([]);
    expect(balancer.failures).toEqual([]);
    // The load really ran through both restarts.
    expect(counts.get).toBeGreaterThan(100);
    expect(counts.post).toBeGreaterThan(100);
  }, 600_000);
});
