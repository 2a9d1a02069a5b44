/**
 * Proxy benchmark, one run: autocannon against the same loopback upstream directly and through
 * Sextant's proxy (each server in its own process), for a fast upstream and one with 20 ms of
 * latency; prints throughput ratios (target ≥ 0.8), the latency the proxy adds at p50 / p99,
 * and the time to the first streamed byte of an SSE response, direct vs proxied.
 *
 * Run: `npm run bench:proxy` (env BENCH_SECONDS, BENCH_CONNECTIONS to change the load).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
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

async function load(url: string): Promise<autocannon.Result> {
  // Warm-up so both sides start with open keep-alive connections and JIT-compiled paths.
  await autocannon({ url, connections, duration: 2 });
  return autocannon({ url, connections, duration: seconds });
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

try {
  const upstreamPort = await start('upstream.ts');
  const proxyPort = await start('proxy-server.ts');
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const proxy = `http://127.0.0.1:${proxyPort}/proxy/${upstream}`;
  console.log(`proxy bench: ${connections} connections, ${seconds} s per run, Node ${process.version}\n`);
  const [upstreamChild, proxyChild] = children as [ChildProcess, ChildProcess];
  for (const path of ['/json', '/slow']) {
    const direct = await load(`${upstream}${path}`);
    const upstreamBefore = await cpuOf(upstreamChild);
    const proxyBefore = await cpuOf(proxyChild);
    const proxied = await load(`${proxy}${path}`);
    const upstreamCpu = ((await cpuOf(upstreamChild)) - upstreamBefore) / proxied.requests.total;
    const proxyCpu = ((await cpuOf(proxyChild)) - proxyBefore) / proxied.requests.total;
    const ratio = proxied.requests.average / direct.requests.average;
    console.log(`${path === '/json' ? 'fast upstream (0 ms)' : 'upstream with 20 ms latency'}`);
    console.log(
      `  direct  ${direct.requests.average.toFixed(0)} req/s  p50 ${direct.latency.p50} ms  p99 ${direct.latency.p99} ms`,
    );
    console.log(
      `  proxied ${proxied.requests.average.toFixed(0)} req/s  p50 ${proxied.latency.p50} ms  p99 ${proxied.latency.p99} ms  errors ${proxied.errors + proxied.non2xx}`,
    );
    console.log(`  throughput ratio ${ratio.toFixed(2)} (target ≥ 0.80) ${ratio >= 0.8 ? 'MET' : 'NOT MET'}`);
    console.log(
      `  CPU per proxied request: proxy ${proxyCpu.toFixed(0)} µs, upstream ${upstreamCpu.toFixed(0)} µs (2 cores shared with the load generator)`,
    );
    console.log(
      `  added latency p50 +${(proxied.latency.p50 - direct.latency.p50).toFixed(2)} ms, p99 +${(proxied.latency.p99 - direct.latency.p99).toFixed(2)} ms\n`,
    );
  }
  const directFirst = await firstByte(`${upstream}/stream`);
  const proxiedFirst = await firstByte(`${proxy}/stream`);
  console.log('time to first streamed byte (SSE, upstream ends 200 ms later; median of 30)');
  console.log(
    `  direct ${directFirst.toFixed(2)} ms, proxied ${proxiedFirst.toFixed(2)} ms, added ${(proxiedFirst - directFirst).toFixed(2)} ms`,
  );
} finally {
  for (const child of children) child.kill();
}
