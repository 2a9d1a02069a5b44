/**
 * Proxy benchmark, one run: autocannon against the same loopback upstream directly and through
 * Sextant's proxy (the upstream, the proxy and the load generator each in its own process), for
 * three upstreams: instant, 1 ms of CPU work per request, and 20 ms of latency. Prints the
 * throughput ratios (target ≥ 0.8), the latency the proxy adds at p50 / p99, the CPU each
 * process spends per request, and the time to the first streamed byte of an SSE response.
 *
 * Fairness: both sides use the same connections, pipelining (1), payload and duration, after
 * the same warm-up; each side is measured in two halves in A-B-B-A order so a change in the
 * machine's background load during the run weighs on both alike. On a 2-core machine the
 * proxied side has three busy processes on two cores where the direct side has two, so for an
 * instant upstream the ratio is bounded by CPU, not by waiting: the CPU line shows by how much.
 *
 * Run: `npm run bench:proxy` (env BENCH_SECONDS, BENCH_CONNECTIONS to change the load).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

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

/** One side's measurement, summed over its halves. */
interface Side {
  requests: number;
  ms: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU µs per request of the upstream, the proxy (proxied side only) and this load generator. */
  cpu: { upstream: number; proxy: number; generator: number };
}

function emptySide(): Side {
  return { requests: 0, ms: 0, p50: 0, p99: 0, errors: 0, cpu: { upstream: 0, proxy: 0, generator: 0 } };
}

function cannon(url: string, duration: number): Promise<autocannon.Result> {
  return autocannon({ url, connections, pipelining: 1, duration });
}

/** Measures one half into `side`, with the CPU each process used during it. */
async function half(side: Side, url: string, upstream: ChildProcess, proxy: ChildProcess): Promise<void> {
  const before = {
    upstream: await cpuOf(upstream),
    proxy: await cpuOf(proxy),
    generator: process.cpuUsage(),
  };
  const result = await cannon(url, seconds / 2);
  const generator = process.cpuUsage(before.generator);
  const total = result.requests.total;
  side.cpu.upstream += (await cpuOf(upstream)) - before.upstream;
  side.cpu.proxy += (await cpuOf(proxy)) - before.proxy;
  side.cpu.generator += generator.user + generator.system;
  side.requests += total;
  side.ms += result.duration * 1000;
  // Percentiles of the two halves are averaged (autocannon keeps no mergeable histogram).
  side.p50 += result.latency.p50 / 2;
  side.p99 += result.latency.p99 / 2;
  side.errors += result.errors + result.non2xx;
}

/** Direct and proxied for one upstream path: warm-up each, then halves in A-B-B-A order. */
async function compare(
  direct: string,
  proxied: string,
  upstream: ChildProcess,
  proxy: ChildProcess,
): Promise<{ direct: Side; proxied: Side }> {
  await cannon(direct, 2);
  await cannon(proxied, 2);
  const sides = { direct: emptySide(), proxied: emptySide() };
  await half(sides.direct, direct, upstream, proxy);
  await half(sides.proxied, proxied, upstream, proxy);
  await half(sides.proxied, proxied, upstream, proxy);
  await half(sides.direct, direct, upstream, proxy);
  for (const side of Object.values(sides)) {
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

try {
  const upstreamPort = await start('upstream.ts');
  const proxyPort = await start('proxy-server.ts');
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const proxy = `http://127.0.0.1:${proxyPort}/proxy/${upstream}`;
  const load = loadavg().map((value) => value.toFixed(2));
  console.log(
    `proxy bench: ${connections} connections, ${seconds} s per side, Node ${process.version}, ${availableParallelism()} cores, load average ${load.join(' ')}\n`,
  );
  const [upstreamChild, proxyChild] = children as [ChildProcess, ChildProcess];
  for (const { path, title } of SCENARIOS) {
    const { direct, proxied } = await compare(
      `${upstream}${path}`,
      `${proxy}${path}`,
      upstreamChild,
      proxyChild,
    );
    const rate = (side: Side) => (side.requests / side.ms) * 1000;
    const ratio = rate(proxied) / rate(direct);
    console.log(title);
    console.log(
      `  direct  ${rate(direct).toFixed(0)} req/s  p50 ${direct.p50.toFixed(1)} ms  p99 ${direct.p99.toFixed(1)} ms  errors ${direct.errors}`,
    );
    console.log(
      `  proxied ${rate(proxied).toFixed(0)} req/s  p50 ${proxied.p50.toFixed(1)} ms  p99 ${proxied.p99.toFixed(1)} ms  errors ${proxied.errors}`,
    );
    console.log(`  throughput ratio ${ratio.toFixed(2)} (target ≥ 0.80) ${ratio >= 0.8 ? 'MET' : 'NOT MET'}`);
    console.log(
      `  added latency p50 ${signed(proxied.p50 - direct.p50)} ms, p99 ${signed(proxied.p99 - direct.p99)} ms`,
    );
    const cpu = (side: Side) =>
      `upstream ${side.cpu.upstream.toFixed(0)} + load generator ${side.cpu.generator.toFixed(0)}`;
    console.log(
      `  CPU µs per request: direct ${cpu(direct)}; proxied ${cpu(proxied)} + proxy ${proxied.cpu.proxy.toFixed(0)}`,
    );
    if (path === '/json') {
      // With an instant upstream every process is busy and the cores are the limit: the ratio
      // cannot exceed the CPU a direct request takes over the CPU a proxied one takes.
      const total = (side: Side) => side.cpu.upstream + side.cpu.generator + side.cpu.proxy;
      console.log(
        `  ratio ceiling when CPU-bound (direct CPU / proxied CPU per request) ${(total(direct) / total(proxied)).toFixed(2)}`,
      );
    }
    console.log('');
  }
  const directFirst = await firstByte(`${upstream}/stream`);
  const proxiedFirst = await firstByte(`${proxy}/stream`);
  console.log('time to first streamed byte (SSE, upstream ends 200 ms later; median of 30)');
  console.log(
    `  direct ${directFirst.toFixed(2)} ms, proxied ${proxiedFirst.toFixed(2)} ms, added ${signed(proxiedFirst - directFirst)} ms`,
  );
} finally {
  for (const child of children) child.kill();
}
