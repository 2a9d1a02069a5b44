/**
 * Start-up and memory (issue 14), in one run on this machine, on GitHub's REST spec:
 *
 * - `sextant dev spec.json` (the built package's bin, started from a temporary folder holding only the
 *   spec) against Scalar's `scalar document serve spec.json` (@scalar/cli from test-data, on this
 *   Node): time from spawn to the first 200 of the docs page, and the RSS of the process tree
 *   right after it. Runs alternate A-B-B-A; medians are compared.
 * - `sextant serve` idle RSS after /healthz answers and 5 s of quiet: on embedded PGlite (data
 *   directory in a temporary folder) and on PostgreSQL (a fresh database), for comparison.
 *
 * Targets: dev first page ≤ 2 s and below Scalar's; dev RSS after the first page ≤ 300 MB;
 * serve idle on PGlite ≤ 200 MB. Prints a table, writes bench/results/startup-<time>.json.
 * `ROUNDS=n` (default 2) sets the A-B-B-A rounds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPostgresDatabase } from '../../apps/server/src/registry/testing/servers.js';
import { freePort, median, type Started, start, treeRssMb, untilOk } from './process.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SPEC = join(ROOT, 'test-data/node_modules/@octokit/openapi/generated/api.github.com.json');
/** The bin of the built package, as installed (apps/cli/bin adds the repository's staleness check). */
const SEXTANT_BIN = join(ROOT, 'dist/sextant/bin/sextant.js');
const SCALAR_BIN = join(ROOT, 'test-data/node_modules/.bin/scalar');
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const SETTLE_MS = 5000;
const TARGETS = { devFirstPageMs: 2000, devRssMb: 300, serveIdlePgliteMb: 200 };

interface StartSample {
  firstPageMs: number;
  rssMb: number;
  /** Sextant: RSS once the project is published to the local registry (PGlite open), for the record. */
  publishedRssMb?: number;
}

/** Spawns, waits for the first 200 of `path`, reads the tree's RSS, stops. */
async function measureStart(
  command: string[],
  path: string,
  cwd: string,
  port: number,
  env: NodeJS.ProcessEnv = {},
  check?: (output: string) => void,
): Promise<StartSample> {
  const since = performance.now();
  const started = start(process.execPath, command, { cwd, env });
  try {
    const firstPageMs = await untilOk(`http://127.0.0.1:${port}${path}`, since, started);
    const rssMb = treeRssMb(started.child.pid as number);
    if (!check) return { firstPageMs, rssMb };
    await waitForOutput(started, /endpoints\)|error/, 10_000);
    check(started.output());
    // Then the registry opens and the project is published: its memory, for the record.
    await waitForOutput(started, /published|warning: local registry/, 60_000);
    return { firstPageMs, rssMb, publishedRssMb: treeRssMb(started.child.pid as number) };
  } finally {
    await started.stop();
  }
}

async function waitForOutput(started: Started, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!pattern.test(started.output()) && performance.now() < deadline)
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
}

async function measureIdle(started: Started, port: number): Promise<number> {
  await untilOk(`http://127.0.0.1:${port}/healthz`, performance.now(), started);
  await new Promise((resolveWait) => setTimeout(resolveWait, SETTLE_MS));
  return treeRssMb(started.child.pid as number);
}

const round = (value: number) => Math.round(value);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function main(): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) < 24)
    throw new Error(
      `bench:startup runs on Node 24 (Scalar's CLI needs it); this is ${process.version}: run it with npm run bench:startup`,
    );
  if (!existsSync(SEXTANT_BIN))
    throw new Error(`${SEXTANT_BIN} is missing: run npm run build (npm run bench:startup does)`);
  // Loads the bundle once (file cache) and, below, makes the one-per-machine PGlite template
  // (apps/server/src/storage/pglite-data-dir.ts): neither is part of a start-up.
  const warm = spawnSync(process.execPath, [SEXTANT_BIN, '--version'], { cwd: ROOT, encoding: 'utf8' });
  if (warm.status !== 0) throw new Error(`sextant --version failed: ${warm.stderr}`);
  const scalarJs = await realpath(SCALAR_BIN);
  const work = await mkdtemp(join(tmpdir(), 'sextant-bench-startup-'));
  await copyFile(SPEC, join(work, 'spec.json'));
  const warmData = join(work, 'warm-data');
  {
    const port = await freePort();
    const warmServe = start(
      process.execPath,
      [SEXTANT_BIN, 'serve', '--port', String(port), '--data-dir', warmData],
      {
        cwd: work,
      },
    );
    await untilOk(`http://127.0.0.1:${port}/healthz`, performance.now(), warmServe).finally(() =>
      warmServe.stop(),
    );
  }

  const sextant: StartSample[] = [];
  const scalar: StartSample[] = [];
  const runSextant = async () => {
    const port = await freePort();
    sextant.push(
      await measureStart(
        [SEXTANT_BIN, 'dev', 'spec.json', '--port', String(port)],
        '/',
        work,
        port,
        {},
        (output) => {
          // A fast first page that is an error page would be no result at all.
          const endpoints = Number(/\((\d+) endpoints\)/.exec(output)?.[1] ?? 0);
          if (endpoints < 1000) throw new Error(`sextant dev did not load GitHub's spec:\n${output}`);
        },
      ),
    );
  };
  const runScalar = async () => {
    const port = await freePort();
    scalar.push(
      await measureStart([scalarJs, 'document', 'serve', 'spec.json', '-p', String(port)], '/', work, port),
    );
  };
  for (let r = 0; r < ROUNDS; r++) {
    for (const run of [runSextant, runScalar, runScalar, runSextant]) {
      await run();
      process.stdout.write('.');
    }
  }

  const pglite: number[] = [];
  const postgres: number[] = [];
  const database = await createPostgresDatabase();
  const runServe = async (kind: 'pglite' | 'postgres') => {
    const port = await freePort();
    const dataDir = await mkdtemp(join(work, 'serve-'));
    const env: NodeJS.ProcessEnv =
      kind === 'postgres' && 'url' in database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' };
    const started = start(
      process.execPath,
      [SEXTANT_BIN, 'serve', '--port', String(port), '--data-dir', dataDir],
      {
        cwd: work,
        env,
      },
    );
    try {
      (kind === 'pglite' ? pglite : postgres).push(await measureIdle(started, port));
    } finally {
      await started.stop();
    }
  };
  const serveOrder: ('pglite' | 'postgres')[] =
    'url' in database ? ['pglite', 'postgres', 'postgres', 'pglite'] : ['pglite', 'pglite'];
  for (const kind of serveOrder) {
    await runServe(kind);
    process.stdout.write('.');
  }
  if ('url' in database) await database.drop();
  await rm(work, { recursive: true, force: true });
  process.stdout.write('\n');

  const dev = {
    firstPageMs: median(sextant.map((s) => s.firstPageMs)),
    rssMb: median(sextant.map((s) => s.rssMb)),
  };
  const peer = {
    firstPageMs: median(scalar.map((s) => s.firstPageMs)),
    rssMb: median(scalar.map((s) => s.rssMb)),
  };
  const idlePglite = median(pglite);
  const idlePostgres = postgres.length ? median(postgres) : undefined;
  const checks = {
    devFirstPage: dev.firstPageMs <= TARGETS.devFirstPageMs && dev.firstPageMs < peer.firstPageMs,
    devRss: dev.rssMb <= TARGETS.devRssMb,
    serveIdlePglite: idlePglite <= TARGETS.serveIdlePgliteMb,
  };

  console.log(
    `\nStart-up on GitHub's REST spec (${sextant.length} runs each, A-B-B-A, medians; load ${loadavg()[0]?.toFixed(2)})`,
  );
  console.table({
    'sextant dev': { 'first 200 (ms)': round(dev.firstPageMs), 'RSS after it (MB)': round(dev.rssMb) },
    'scalar document serve': {
      'first 200 (ms)': round(peer.firstPageMs),
      'RSS after it (MB)': round(peer.rssMb),
    },
    'Sextant / Scalar': {
      'first 200 (ms)': (dev.firstPageMs / peer.firstPageMs).toFixed(2),
      'RSS after it (MB)': (dev.rssMb / peer.rssMb).toFixed(2),
    },
  });
  const published = sextant.flatMap((sample) =>
    sample.publishedRssMb === undefined ? [] : [sample.publishedRssMb],
  );
  if (published.length)
    console.log(
      `sextant dev RSS once published to its local registry: ${round(median(published))} MB (median)`,
    );
  console.table({
    'sextant serve, PGlite': { 'idle RSS (MB)': round(idlePglite) },
    'sextant serve, PostgreSQL': {
      'idle RSS (MB)': idlePostgres === undefined ? 'n/a' : round(idlePostgres),
    },
  });
  console.log(
    `${verdict(checks.devFirstPage)}  dev first page ${round(dev.firstPageMs)} ms (target ≤ ${TARGETS.devFirstPageMs} ms and < Scalar's ${round(peer.firstPageMs)} ms)\n` +
      `${verdict(checks.devRss)}  dev RSS after the first page ${round(dev.rssMb)} MB (target ≤ ${TARGETS.devRssMb} MB)\n` +
      `${verdict(checks.serveIdlePglite)}  serve idle RSS on PGlite ${round(idlePglite)} MB (target ≤ ${TARGETS.serveIdlePgliteMb} MB)`,
  );

  const resultsDir = join(ROOT, 'bench/results');
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `startup-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ node: process.version, loadavg: loadavg(), targets: TARGETS, checks, dev, scalar: peer, idlePglite, idlePostgres, samples: { sextant, scalar, pglite, postgres } }, null, 2)}\n`,
  );
  console.log(`\nwrote ${file}`);
}

await main();
