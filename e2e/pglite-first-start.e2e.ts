/**
 * The embedded database's first start is atomic (issue #30 item 5): `sextant serve` on a new
 * PGlite data directory is killed with SIGKILL at points spread from spawn to ready, and the next
 * start on the same folders must come up, write to the database and serve. Half the points start
 * from an empty PGlite template cache (initdb in a worker, the template renamed into the cache),
 * half from a made one (the template copied, migrations), so every phase of a first start is hit.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@sextant/definition/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type RunningCli, startCli } from './cli-harness.js';

const POINTS_PER_CACHE = 5;
const READY = /sextant serve ready/;

let root: string;

interface Folders {
  dataDir: string;
  cacheDir: string;
}

/** Servers not stopped yet: killed before the folders are removed, even after a timeout. */
const running = new Set<RunningCli>();

async function serve(folders: Folders, port: number, extra: string[] = []): Promise<RunningCli> {
  const server = startCli(
    [
      'serve',
      ...['--port', String(port), '--host', '127.0.0.1', '--data-dir', folders.dataDir],
      ...['--drain-delay', '0', ...extra],
    ],
    { env: { XDG_CACHE_HOME: folders.cacheDir, DATABASE_URL: '', SEXTANT_DATA_DIR: undefined } },
  );
  running.add(server);
  server.child.once('exit', () => running.delete(server));
  return server;
}

/** Milliseconds from spawn to ready of a whole first start on these folders. */
async function firstStartMs(folders: Folders): Promise<number> {
  const started = performance.now();
  const server = await serve(folders, await freePort());
  try {
    await server.waitFor(READY, 180_000);
    return performance.now() - started;
  } finally {
    await server.stop('SIGKILL');
  }
}

/** Starts, kills with SIGKILL after `afterMs` (or when ready, if sooner); true when it was killed before ready. */
async function killDuringFirstStart(folders: Folders, afterMs: number): Promise<boolean> {
  const server = await serve(folders, await freePort());
  await new Promise((resolveWait) => setTimeout(resolveWait, afterMs));
  const wasReady = READY.test(server.output());
  await server.stop('SIGKILL');
  return !wasReady;
}

/** The later start: ready, a database write (an organization created), /readyz 200, a page served. */
async function expectStartServes(folders: Folders, point: string): Promise<void> {
  const port = await freePort();
  const server = await serve(folders, port, ['--create-org', `org-${point}`]);
  try {
    await server.waitFor(READY, 180_000);
    await server.waitFor(/organization created/, 60_000);
    // /readyz turns 200 once the highlighter is warm too (about a second after the listener).
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, {
      timeout: 30_000,
      interval: 100,
      message: `/readyz 200 after the start (${point})`,
    });
    const spec = await fetch(`http://127.0.0.1:${port}/openapi.json`);
    expect(spec.status, point).toBe(200);
    expect(server.output(), point).not.toMatch(/failed to initialize|could not be opened/i);
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  const code = await server.stop('SIGTERM');
  if (code !== 0) throw new Error(`${point}: stopped with ${code}; output:\n${server.output()}`);
  // The killed start's work folders are swept by the next one.
  const left = (await readdir(folders.dataDir)).filter((name) => name.includes('.init-'));
  expect(left, point).toEqual([]);
}

afterAll(async () => {
  await Promise.all([...running].map((server) => server.stop('SIGKILL')));
  if (root) await rm(root, { recursive: true, force: true });
});

describe('PGlite first start killed with SIGKILL', () => {
  it(`recovers from ${POINTS_PER_CACHE * 2} kill points spread from spawn to ready`, async () => {
    root = await mkdtemp(join(tmpdir(), 'sextant-first-start-'));
    let made = 0;
    const fresh = async (sharedCache?: string): Promise<Folders> => {
      made += 1;
      return {
        dataDir: join(root, `data-${made}`),
        cacheDir: sharedCache ?? (await mkdtemp(join(root, `cache-${made}-`))),
      };
    };
    // Durations measured here, on this machine's load: the points follow them.
    const coldMs = await firstStartMs(await fresh());
    const warmCache = (await fresh()).cacheDir;
    await firstStartMs({ dataDir: join(root, 'warm-template'), cacheDir: warmCache });
    const warmMs = await firstStartMs(await fresh(warmCache));

    let killedBeforeReady = 0;
    for (const [cache, totalMs] of [
      ['cold', coldMs],
      ['warm', warmMs],
    ] as const) {
      for (let index = 0; index < POINTS_PER_CACHE; index++) {
        // From just after spawn to just before ready: 5 %, 25 %, … 85 % of the measured start.
        const afterMs = Math.round(totalMs * (0.05 + (0.8 * index) / (POINTS_PER_CACHE - 1)));
        const folders = await fresh(cache === 'warm' ? warmCache : undefined);
        let killed = await killDuringFirstStart(folders, afterMs);
        await expectStartServes(folders, `${cache}-${index}-${afterMs}ms`);
        if (!killed) {
          // This start ran faster than the measured one (the machine's load moves it): the same
          // point again, earlier, on new folders, so the late points are tried inside a start too.
          const again = await fresh(cache === 'warm' ? warmCache : undefined);
          const earlierMs = Math.round(afterMs * 0.7);
          killed = await killDuringFirstStart(again, earlierMs);
          await expectStartServes(again, `${cache}-${index}-again-${earlierMs}ms`);
        }
        if (killed) killedBeforeReady += 1;
      }
    }
    // Most points must land inside the start (the machine's load moves its length a little).
    expect(killedBeforeReady).toBeGreaterThanOrEqual(POINTS_PER_CACHE * 2 - 2);
    // 744 s at a load average of 18 on 2 cores (a cold first start took ~40 s there).
  }, 1_800_000);
});
