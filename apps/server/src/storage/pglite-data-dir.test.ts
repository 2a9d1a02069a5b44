/**
 * PGlite data directories on real PGlite: the template is written once (in a worker) and copied
 * into each new directory, which opens with the memory settings; a half-made directory is made
 * again and a killed start's work folder swept (the kill -9 proof is e2e/pglite-first-start);
 * an "in memory" database is a
 * temporary directory that is gone after close; directories of killed processes are swept.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { PGLITE_SETTINGS, prepareDataDir, temporaryDataDir } from './pglite-data-dir.js';

let root: string;
let previousCache: string | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sextant-pglite-test-'));
  previousCache = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = join(root, 'cache');
});

afterAll(async () => {
  if (previousCache === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = previousCache;
  await rm(root, { recursive: true, force: true });
});

describe('prepareDataDir', () => {
  it('writes the template once, copies it into new directories, and they open with the memory settings', async () => {
    const first = join(root, 'a');
    await prepareDataDir(first);
    expect(existsSync(join(first, 'PG_VERSION'))).toBe(true);
    const templates = await readdir(join(root, 'cache', 'sextant'));
    expect(templates).toEqual([expect.stringMatching(/^pglite-\d/)]);

    const second = join(root, 'b');
    const started = performance.now();
    await prepareDataDir(second);
    // A copy, not a second initdb (which takes seconds).
    expect(performance.now() - started).toBeLessThan(3000);
    const db = await PGlite.create({ dataDir: second, postgresqlconf: PGLITE_SETTINGS });
    try {
      const { rows } = await db.query<{ shared_buffers: string }>('show shared_buffers');
      expect(rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await db.close();
    }
  }, 120_000);

  it("remakes a half-made directory (moved aside, never opened) and sweeps a killed start's work folder", async () => {
    const dir = join(root, 'half');
    // What a first start killed during the copy of an older version left: some files, no control file.
    await mkdir(join(dir, 'base'), { recursive: true });
    await writeFile(join(dir, 'PG_VERSION'), '18\n');
    // A work folder of a start killed before its rename (pid 2^22+1 is above Linux's pid_max default).
    const deadWork = join(root, `.half.init-${2 ** 22 + 1}-x`);
    await mkdir(deadWork);
    await prepareDataDir(dir);
    expect(existsSync(join(dir, 'global', 'pg_control'))).toBe(true);
    const names = await readdir(root);
    expect(names.filter((name) => name.startsWith('half.incomplete-'))).toHaveLength(1);
    expect(names.filter((name) => name.includes('.init-'))).toEqual([]);
    const db = await PGlite.create({ dataDir: dir, postgresqlconf: PGLITE_SETTINGS });
    try {
      expect((await db.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('leaves an initialised directory as it is', async () => {
    const dir = join(root, 'a');
    await writeFile(join(dir, 'marker'), 'kept');
    await prepareDataDir(dir);
    expect(existsSync(join(dir, 'marker'))).toBe(true);
  });
});

describe('in memory', () => {
  it('is a temporary directory, removed on close', async () => {
    // Other test processes make their own: count only this process's.
    const mine = async () => {
      const names = (await readdir(tmpdir())).filter((name) => name.startsWith('sextant-pglite-'));
      const owned: string[] = [];
      for (const name of names) {
        const owner = await readFile(join(tmpdir(), name, 'sextant-owner.pid'), 'utf8').catch(() => '');
        if (owner === String(process.pid)) owned.push(name);
      }
      return owned;
    };
    const before = new Set(await mine());
    const database = await openDatabase({});
    const created = (await mine()).filter((name) => !before.has(name));
    expect(created).toHaveLength(1);
    await database.db.selectFrom('organizations').selectAll().execute();
    await database.close();
    expect(existsSync(join(tmpdir(), created[0] as string))).toBe(false);
  }, 120_000);

  it('sweeps directories of processes that are gone, not of live ones', async () => {
    const orphan = await mkdtemp(join(tmpdir(), 'sextant-pglite-'));
    await mkdir(join(orphan, 'pgdata'));
    // Past the kernel's pid limit: no such process.
    await writeFile(join(orphan, 'sextant-owner.pid'), '99999999');
    const live = await temporaryDataDir();
    const liveFolder = join(live.dir, '..');
    const again = await temporaryDataDir();
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(liveFolder)).toBe(true);
    await live.remove();
    await again.remove();
  });
});
