/**
 * PGlite start-up without its two costs on the main thread. A fresh PGlite runs `initdb` (3–5 s
 * of WASM work) and keeps that run's memory alive afterwards (~400 MB RSS for an empty
 * database); reopening an initialised data directory takes ~0.5 s and ~170 MB. So:
 *
 * - a new data directory is initialised by copying a template, which `initdb` writes once per
 *   PGlite version in a worker thread (its memory goes when the worker ends), kept in the user's
 *   cache folder; when no template can be kept, the worker initialises the directory itself;
 * - "in memory" means a temporary data directory (removed on close) instead of PGlite's
 *   in-memory file system, which holds the whole data directory as JS buffers;
 * - `PGLITE_SETTINGS` bound PostgreSQL's own buffers (its defaults assume a server's RAM).
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * postgresql.conf of every PGlite database. shared_buffers is what a busy registry fills (its
 * default 128 MB becomes RSS that the WASM memory never gives back); the rest are per-query or
 * per-session buffers sized for one embedded connection.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'wal_buffers=512kB',
  'temp_buffers=1MB',
  'work_mem=4MB',
  'maintenance_work_mem=16MB',
];

/** Written last into a finished template: a folder without it is a crashed attempt. */
const TEMPLATE_DONE = '.sextant-template-complete';

// A data: URL module: no file to locate after bundling. PGlite is imported by absolute URL.
const INITDB_WORKER = `
import { workerData } from 'node:worker_threads';
const { PGlite } = await import(workerData.pglite);
const db = await PGlite.create({ dataDir: workerData.dir, postgresqlconf: workerData.settings });
await db.close();
`;

function pgliteVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve('@electric-sql/pglite');
    // dist/index.cjs → the package folder.
    const pkg = require(join(dirname(dirname(main)), 'package.json')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Runs `initdb` for `dir` in a worker thread. */
function initdbInWorker(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(INITDB_WORKER)}`), {
      workerData: { dir, settings: PGLITE_SETTINGS, pglite: import.meta.resolve('@electric-sql/pglite') },
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`PGlite initdb worker exited with code ${code}`)),
    );
  });
}

/** The per-user cache folder of templates (XDG_CACHE_HOME or ~/.cache). */
function cacheRoot(): string {
  return process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
}

/** An initialised, empty data directory for this PGlite version, made once; undefined if it cannot be kept. */
async function template(): Promise<string | undefined> {
  const target = join(cacheRoot(), 'sextant', `pglite-${pgliteVersion()}`);
  if (existsSync(join(target, TEMPLATE_DONE))) return target;
  try {
    await mkdir(dirname(target), { recursive: true });
    // Built beside the target and renamed into place, so concurrent starts never see half a template.
    const work = await mkdtemp(`${target}.tmp-`);
    try {
      await initdbInWorker(work);
      await writeFile(join(work, TEMPLATE_DONE), '');
      // Fails when another start won the race: its template is as good.
      await rename(work, target).catch(() => undefined);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    return existsSync(join(target, TEMPLATE_DONE)) ? target : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes `dir` an initialised PGlite data directory when it is not one yet (no PG_VERSION file).
 * @example await prepareDataDir('/var/lib/sextant/pgdata'); await PGlite.create({ dataDir })
 */
export async function prepareDataDir(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  await mkdir(dir, { recursive: true });
  const source = await template();
  if (source) {
    await cp(source, dir, { recursive: true, filter: (path) => !path.endsWith(TEMPLATE_DONE) });
    return;
  }
  await initdbInWorker(dir);
}

const TEMPORARY_PREFIX = 'sextant-pglite-';
/** Beside a temporary data directory: the pid of the process using it. */
const OWNER_FILE = 'sextant-owner.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temporary data directories left by processes that were killed (each is ~65 MB). */
async function sweepOrphans(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(TEMPORARY_PREFIX)) continue;
    const folder = join(tmpdir(), name);
    const owner = Number(await readFile(join(folder, OWNER_FILE), 'utf8').catch(() => ''));
    if (Number.isInteger(owner) && owner > 0 && !alive(owner))
      await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A temporary data directory standing in for an in-memory database (`remove` deletes it); ones
 * left behind by killed processes are removed first.
 */
export async function temporaryDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  await sweepOrphans();
  const folder = await mkdtemp(join(tmpdir(), TEMPORARY_PREFIX));
  await writeFile(join(folder, OWNER_FILE), String(process.pid));
  return { dir: join(folder, 'pgdata'), remove: () => rm(folder, { recursive: true, force: true }) };
}
