/**
 * Peak memory of a `sextant serve` start on embedded PGlite with GitHub's REST docs published
 * (issue #30 item 5: limit 400 MiB; the smallest container that serves them was 768 MiB):
 * a data directory is made once (first start, `sextant publish` of GitHub's spec), then the
 * server is started on it again and again, and the peak resident memory of its process
 * (VmHWM) is read when /readyz answers, and again after 5 s more (PGlite's WebAssembly is
 * compiled further in the background after the start) and the site's home page served. Each round starts with the bin's flags (WebAssembly
 * on the baseline compiler) and, for comparison, with `--no-liftoff-only` (V8's default, which
 * lets TurboFan compile PGlite's hottest function: ~600 MB of compile memory).
 * Prints a table with the ratio to the limit, writes bench/results/start-peak-<time>.json.
 * `ROUNDS=n` (default 2).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, median, start, treePeakRssMb, untilOk } from './process.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SPEC = join(ROOT, 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json');
/** `SEXTANT_BIN`: another build's bin (default: this repository's dist/). */
const SEXTANT_BIN = process.env.SEXTANT_BIN ?? join(ROOT, 'dist/sextant/bin/sextant.js');
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const LIMIT_MIB = 400;
const SETTLE_MS = 5000;
const DOMAIN = 'docs.github-bench.test';

/** Status of GET / on the docs host name (fetch cannot set Host). */
function docsHomeStatus(port: number): Promise<number> {
  return new Promise((resolveStatus, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path: '/', headers: { host: DOMAIN } }, (response) => {
      response.resume();
      response.on('end', () => resolveStatus(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

const serveArgs = (port: number, dataDir: string, extra: string[] = []) => [
  SEXTANT_BIN,
  'serve',
  ...['--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir, '--drain-delay', '0'],
  ...['--request-log', 'off', ...extra],
];

/** First start, an organization, GitHub's spec published to it; the data directory is kept. */
async function publishedDataDir(work: string): Promise<string> {
  const dataDir = join(work, 'data');
  const port = await freePort();
  const server = start(
    process.execPath,
    serveArgs(port, dataDir, ['--create-org', 'bench', '--allow-domain', DOMAIN]),
    { cwd: work, env: { DATABASE_URL: '' } },
  );
  try {
    await untilOk(`http://127.0.0.1:${port}/readyz`, performance.now(), server, 300_000);
    let token: string | undefined;
    for (let wait = 0; !token && wait < 600; wait++) {
      const text = await readFile(join(dataDir, 'credentials'), 'utf8').catch(() => '');
      token = /admin token of organization bench: (\S+)/.exec(text)?.[1];
      if (!token) await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    if (!token) throw new Error(`no admin token in ${dataDir}/credentials:\n${server.output()}`);
    const project = join(work, 'github');
    await mkdir(project);
    await copyFile(SPEC, join(project, 'spec.json'));
    const published = spawnSync(
      process.execPath,
      [SEXTANT_BIN, 'publish', 'spec.json', '--registry', `http://127.0.0.1:${port}`, '--token', token],
      {
        cwd: project,
        encoding: 'utf8',
        env: { ...process.env, SEXTANT_ORG: 'bench', SEXTANT_DOMAIN: DOMAIN },
      },
    );
    if (published.status !== 0) throw new Error(`publish failed:\n${published.stdout}\n${published.stderr}`);
    const status = await docsHomeStatus(port);
    if (status !== 200) throw new Error(`GitHub's docs home answered ${status}`);
  } finally {
    await server.stop();
  }
  return dataDir;
}

interface StartSample {
  readyMs: number;
  peakAtReadyMb: number;
  peakMb: number;
}

async function measureStart(work: string, dataDir: string, nodeFlags: string[]): Promise<StartSample> {
  const port = await freePort();
  const since = performance.now();
  const server = start(process.execPath, [...nodeFlags, ...serveArgs(port, dataDir)], {
    cwd: work,
    env: { DATABASE_URL: '' },
  });
  try {
    const readyMs = await untilOk(`http://127.0.0.1:${port}/readyz`, since, server, 300_000);
    const pid = server.child.pid as number;
    const peakAtReadyMb = treePeakRssMb(pid);
    await new Promise((resolveWait) => setTimeout(resolveWait, SETTLE_MS));
    // The site is served from this start's database.
    const status = await docsHomeStatus(port);
    if (status !== 200) throw new Error(`GitHub's docs home answered ${status} after a restart`);
    return { readyMs, peakAtReadyMb, peakMb: treePeakRssMb(pid) };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  if (!existsSync(SEXTANT_BIN)) throw new Error(`${SEXTANT_BIN} is missing: run npm run build`);
  if (!existsSync(SPEC)) throw new Error(`${SPEC} is missing: run npm run test-data`);
  const work = await mkdtemp(join(tmpdir(), 'sextant-bench-start-peak-'));
  try {
    const dataDir = await publishedDataDir(work);
    const shipped: StartSample[] = [];
    const turbofan: StartSample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [samples, flags] of round % 2 === 0
        ? ([
            [shipped, []],
            [turbofan, ['--no-liftoff-only']],
          ] as const)
        : ([
            [turbofan, ['--no-liftoff-only']],
            [shipped, []],
          ] as const)) {
        samples.push(await measureStart(work, dataDir, [...flags]));
        process.stdout.write('.');
      }
    }
    process.stdout.write('\n');
    const summary = (samples: StartSample[]) => ({
      'to /readyz (ms)': Math.round(median(samples.map((sample) => sample.readyMs))),
      'peak at ready (MiB)': Math.round(median(samples.map((sample) => sample.peakAtReadyMb))),
      'peak, + 5 s + home page (MiB)': Math.round(median(samples.map((sample) => sample.peakMb))),
      'peak / 400 MiB limit': (median(samples.map((sample) => sample.peakMb)) / LIMIT_MIB).toFixed(2),
    });
    console.log(
      `\nsextant serve start on PGlite with GitHub's REST docs published (${ROUNDS} runs each, medians; load ${loadavg()[0]?.toFixed(2)})`,
    );
    console.table({
      'as shipped (WebAssembly baseline only)': summary(shipped),
      "V8's default (--no-liftoff-only)": summary(turbofan),
    });
    const peak = median(shipped.map((sample) => sample.peakMb));
    console.log(
      `${peak <= LIMIT_MIB ? 'PASS' : 'FAIL'}  start peak ${Math.round(peak)} MiB (limit ${LIMIT_MIB} MiB)`,
    );
    const resultsDir = join(ROOT, 'bench/results');
    await mkdir(resultsDir, { recursive: true });
    const file = join(resultsDir, `start-peak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      `${JSON.stringify({ node: process.version, loadavg: loadavg(), limitMib: LIMIT_MIB, shipped, turbofan }, null, 2)}\n`,
    );
    console.log(`wrote ${file}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
