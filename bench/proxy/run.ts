/**
 * Proxy benchmark, one run: autocannon against the same loopback upstream directly, through
 * Sextant's proxy and through nginx (the peer: see nginx-peer.ts), the upstream, each proxy and
 * the load generator each in its own process, for three upstreams: instant, 1 ms of CPU work per
 * request, and 20 ms of latency. Prints the throughput ratios (target ≥ 0.8), the latency each
 * proxy adds at p50 / p99, the CPU each process spends per request, and the time to the first
 * streamed byte of an SSE response.
 *
 * Fairness: every route uses the same connections, pipelining (1), payload and duration, after
 * the same warm-up; each is measured in two halves in A-B-C-C-B-A order so a change in the
 * machine's background load during the run weighs on all alike. On a 2-core machine a proxied
 * route has three busy processes on two cores where the direct one has two, so for an instant
 * upstream the ratio is bounded by CPU, not by waiting: the ceiling line shows by how much, and
 * nginx shows what a relay written in C reaches under the same bound.
 *
 * Run: `npm run bench:proxy` (env BENCH_SECONDS, BENCH_CONNECTIONS to change the load).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type NginxPeer, startNginx } from './nginx-peer.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const here = import.meta.dirname;
const children: ChildProcess[] = [];

/** CPU time (user + system, µs) a child has used so far. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (usage) =>
      resolve((usage as NodeJS.CpuUsage).user + (usage as NodeJS.CpuUsage).system),
    );
    child.send('cpu');
  });
}

function start(file: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, file)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (data) => resolve(Number(String(data).trim())));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/** A way to reach the upstream: directly or through a proxy, with the proxy's CPU meter. */
interface Route {
  name: string;
  /** Upstream origin or proxy prefix; the scenario path is appended. */
  base: string;
  proxyCpu?: () => Promise<number>;
}

/** One route's measurement, summed over its halves. */
interface Side {
  requests: number;
  ms: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU µs per request of the upstream, the route's proxy (none when direct) and this load generator. */
  cpu: { upstream: number; proxy: number; generator: number };
}

function emptySide(): Side {
  return { requests: 0, ms: 0, p50: 0, p99: 0, errors: 0, cpu: { upstream: 0, proxy: 0, generator: 0 } };
}

function cannon(url: string, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, pipelining: 1, duration });
}

/** Measures one half into `side`, with the CPU each process used during it. */
async function half(side: Side, url: string, upstream: () => Promise<number>, route: Route): Promise<void> {
  const before = {
    upstream: await upstream(),
    proxy: (await route.proxyCpu?.()) ?? 0,
    generator: process.cpuUsage(),
  };
  const result = await cannon(url, seconds / 2);
  const generator = process.cpuUsage(before.generator);
  side.cpu.upstream += (await upstream()) - before.upstream;
  side.cpu.proxy += ((await route.proxyCpu?.()) ?? 0) - before.proxy;
  side.cpu.generator += generator.user + generator.system;
  side.requests += result.requests.total;
  side.ms += result.duration * 1000;
  // Percentiles of the two halves are averaged (autocannon keeps no mergeable histogram).
  side.p50 += result.latency.p50 / 2;
  side.p99 += result.latency.p99 / 2;
  side.errors += result.errors + result.non2xx;
}

/**
 * Every route for one upstream path: a warm-up each, then two halves each in A-B-C-C-B-A order,
 * so a change in the machine's background load during the run weighs on all alike.
 */
async function compare(path: string, routes: Route[], upstream: () => Promise<number>): Promise<Side[]> {
  for (const route of routes) await cannon(`${route.base}${path}`, 2);
  const sides = routes.map(() => emptySide());
  const order = [...routes.keys(), ...[...routes.keys()].reverse()];
  for (const i of order)
    await half(sides[i] as Side, `${routes[i]?.base}${path}`, upstream, routes[i] as Route);
  for (const side of sides) {
    side.cpu.upstream /= side.requests;
    side.cpu.proxy /= side.requests;
    side.cpu.generator /= side.requests;
  }
  return sides;
}

/** Milliseconds from sending the request to the first body byte (median of `runs`). */
async function firstByte(url: string, runs = 30): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      request(url, (res) => {
        res.once('data', () => {
          times.push(performance.now() - started);
          res.resume();
          res.on('end', resolve);
        });
      })
        .on('error', reject)
        .end();
    });
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** A difference with its sign: +1.00, -0.50. */
function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
}

const SCENARIOS = [
  { path: '/json', title: 'instant upstream (0 ms)' },
  { path: '/work', title: 'upstream doing 1 ms of CPU work per request' },
  { path: '/slow', title: 'upstream with 20 ms latency' },
];

const rate = (side: Side) => (side.requests / side.ms) * 1000;
/** CPU µs one request costs on the whole machine (load generator, upstream, proxy). */
const cpuTotal = (side: Side) => side.cpu.upstream + side.cpu.generator + side.cpu.proxy;

function report(title: string, path: string, routes: Route[], sides: Side[]): void {
  const [direct] = sides as [Side];
  console.log(title);
  routes.forEach((route, i) => {
    const side = sides[i] as Side;
    const proxyCpu = route.proxyCpu ? ` + proxy ${side.cpu.proxy.toFixed(0)}` : '';
    console.log(
      `  ${route.name.padEnd(8)} ${rate(side).toFixed(0).padStart(6)} req/s  p50 ${side.p50.toFixed(1)} ms  p99 ${side.p99.toFixed(1)} ms  errors ${side.errors}` +
        `  CPU µs/request: upstream ${side.cpu.upstream.toFixed(0)} + load generator ${side.cpu.generator.toFixed(0)}${proxyCpu}`,
    );
  });
  routes.forEach((route, i) => {
    if (i === 0) return;
    const side = sides[i] as Side;
    const ratio = rate(side) / rate(direct);
    const verdict = route.name === 'Sextant' ? ` (target ≥ 0.80) ${ratio >= 0.8 ? 'MET' : 'NOT MET'}` : '';
    console.log(
      `  ${route.name}: throughput ratio ${ratio.toFixed(2)}${verdict}; added latency p50 ${signed(side.p50 - direct.p50)} ms, p99 ${signed(side.p99 - direct.p99)} ms`,
    );
    if (path === '/json') {
      // With an instant upstream every process is busy and the two cores are the limit: the ratio
      // cannot exceed the CPU a direct request takes over the CPU a proxied one takes.
      console.log(
        `  ${route.name}: ratio ceiling when CPU-bound (direct CPU / proxied CPU per request) ${(cpuTotal(direct) / cpuTotal(side)).toFixed(2)}`,
      );
    }
  });
  console.log('');
}

let nginx: NginxPeer | undefined;
try {
  const upstreamPort = await start('upstream.ts');
  const proxyPort = await start('proxy-server.ts');
  nginx = await startNginx(upstreamPort);
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const [upstreamChild, proxyChild] = children as [ChildProcess, ChildProcess];
  const routes: Route[] = [
    { name: 'direct', base: upstream },
    {
      name: 'Sextant',
      base: `http://127.0.0.1:${proxyPort}/proxy/${upstream}`,
      proxyCpu: () => cpuOf(proxyChild),
    },
    ...(nginx ? [{ name: 'nginx', base: `http://127.0.0.1:${nginx.port}`, proxyCpu: nginx.cpu }] : []),
  ];
  const load = loadavg().map((value) => value.toFixed(2));
  console.log(
    `proxy bench: ${connections} connections, ${seconds} s per route, Node ${process.version}, ${availableParallelism()} cores, load average ${load.join(' ')}`,
  );
  console.log(
    nginx
      ? "peer: nginx (one worker, keep-alive upstream, no buffering): a plain C relay with none of the proxy's checks\n"
      : 'peer: none (NGINX=off, or nginx could not be installed)\n',
  );
  for (const { path, title } of SCENARIOS) {
    report(title, path, routes, await compare(path, routes, () => cpuOf(upstreamChild)));
  }
  console.log('time to first streamed byte (SSE, upstream ends 200 ms later; median of 30)');
  const directFirst = await firstByte(`${upstream}/stream`);
  for (const route of routes.slice(1)) {
    const first = await firstByte(`${route.base}/stream`);
    console.log(
      `  ${route.name}: direct ${directFirst.toFixed(2)} ms, proxied ${first.toFixed(2)} ms, added ${signed(first - directFirst)} ms`,
    );
  }
} finally {
  for (const child of children) child.kill();
  await nginx?.stop();
}
