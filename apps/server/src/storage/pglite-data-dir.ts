/**
 * PGlite start-up without its two costs on the main thread. A fresh PGlite runs `initdb` (3–5 s
 * of WASM work) and keeps that run's memory alive afterwards (~400 MB RSS for an empty
 * database); reopening an initialised data directory takes ~0.5 s and ~170 MB. So:
 *
 * - a new data directory is initialised by copying a template, which `initdb` writes once per
 *   PGlite version in a worker thread (its memory goes when the worker ends), kept in the user's
 *   cache folder; when no template can be kept, the worker initialises the directory itself;
 * - the first start is atomic: the directory is made in a work folder beside it and renamed into
 *   place when complete (a marker file last), so a start killed half-way leaves either nothing or
 *   a work folder the next start sweeps; a directory without the marker (made by a version before
 *   the marker, or by hand) is kept only when PostgreSQL's own files say it was initialised;
 * - "in memory" means a temporary data directory (removed on close) instead of PGlite's
 *   in-memory file system, which holds the whole data directory as JS buffers;
 * - `PGLITE_SETTINGS` bound PostgreSQL's own buffers (its defaults assume a server's RAM).
 */

import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DataDirBusyError, PgliteInitError } from '../errors.js';

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
/** Written last into a finished data directory, before it is renamed into place. */
const DATA_DIR_DONE = '.sextant-initialised';

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
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new PgliteInitError(code))));
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
    // When another start won the race, its template is as good.
    await buildBeside(target, async (work) => {
      await initdbInWorker(work);
      await writeFile(join(work, TEMPLATE_DONE), '');
    });
    return existsSync(join(target, TEMPLATE_DONE)) ? target : undefined;
  } catch {
    return undefined;
  }
}

/** Work folders are named `.<target>.init-<pid>-<random>`: the pid tells a live start's from a killed one's. */
const workPrefix = (target: string) => `.${basename(target)}.init-`;

/** Removes the work folders beside `target` whose process is gone (a start killed half-way). */
async function sweepDeadWork(target: string): Promise<void> {
  const prefix = workPrefix(target);
  const names = await readdir(dirname(target)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (!Number.isInteger(pid) || pid <= 0 || (pid !== process.pid && !alive(pid)))
      await rm(join(dirname(target), name), { recursive: true, force: true });
  }
}

/**
 * Makes `target` with `fill` in a work folder beside it (same file system) and renames it into
 * place; false when `target` appeared meanwhile (a concurrent start) and the work was dropped.
 */
async function buildBeside(target: string, fill: (work: string) => Promise<void>): Promise<boolean> {
  await mkdir(dirname(target), { recursive: true });
  await sweepDeadWork(target);
  const work = await mkdtemp(join(dirname(target), `${workPrefix(target)}${process.pid}-`));
  try {
    await fill(work);
    // rename(2) replaces an empty directory and fails on a non-empty one: never a mix.
    return await rename(work, target).then(
      () => true,
      () => false,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * True when `dir` is a complete data directory: ours carry the marker; one without it (made
 * before the marker existed) counts when PostgreSQL's version and control files are there.
 */
function initialised(dir: string): boolean {
  if (existsSync(join(dir, DATA_DIR_DONE))) return true;
  return (
    existsSync(join(dir, 'PG_VERSION')) &&
    existsSync(join(dir, 'global', 'pg_control')) &&
    existsSync(join(dir, 'base'))
  );
}

/** True when `dir` is missing or an empty folder. */
async function absentOrEmpty(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => undefined);
  return entries === undefined || entries.length === 0;
}

/**
 * Makes `dir` an initialised PGlite data directory when it is not one yet. A half-made one (a
 * first start killed before the marker-and-rename scheme, or files put there without
 * PostgreSQL's) is moved aside to `<dir>.incomplete-<time>` and made again, never opened (PGlite
 * answers "PGlite failed to initialize properly" on it at every start).
 * @example await prepareDataDir('/var/lib/sextant/pgdata'); await PGlite.create({ dataDir })
 */
export async function prepareDataDir(dir: string): Promise<void> {
  if (initialised(dir)) return;
  if (!(await absentOrEmpty(dir))) await rename(dir, `${dir}.incomplete-${Date.now()}`);
  const source = await template();
  const made = await buildBeside(dir, async (work) => {
    if (source) await cp(source, work, { recursive: true, filter: (path) => !path.endsWith(TEMPLATE_DONE) });
    else await initdbInWorker(work);
    await writeFile(join(work, DATA_DIR_DONE), '');
  });
  if (!made && !initialised(dir)) throw new DataDirBusyError(dir);
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
