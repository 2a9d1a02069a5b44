/**
 * A private PostgreSQL cluster a test may stop and start under a running server (the shared test
 * server on 5432 must never be restarted): `initdb` into a temporary folder (about 3 s), then
 * `pg_ctl` on a free loopback port with its socket in that folder, trust auth, fsync off. When the
 * tests run as root the commands run as the `postgres` user (PostgreSQL refuses root). Without
 * PostgreSQL's binaries there is no cluster, and the reason says so.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A running private cluster. */
export interface PrivatePostgres {
  /** Connection string of its `postgres` database. */
  url: string;
  /** Stops it: `fast` ends every session (57P01) first, `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  remove(): Promise<void>;
}

/** The folder of `initdb` and `pg_ctl`: on PATH, else Debian's newest /usr/lib/postgresql/N/bin. */
async function binaries(): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(delimiter))
    if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  const dir = newest && join('/usr/lib/postgresql', newest, 'bin');
  return dir && existsSync(join(dir, 'initdb')) ? dir : undefined;
}

/** A port free on loopback right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Creates and starts a private cluster, or says why it cannot.
 * @example const cluster = await startPrivatePostgres(); if ('url' in cluster) await cluster.stop('fast');
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres | { skipped: string }> {
  const bin = await binaries();
  if (!bin) return { skipped: 'no PostgreSQL binaries (initdb, pg_ctl) on PATH or in /usr/lib/postgresql' };
  const asRoot = process.getuid?.() === 0;
  if (
    asRoot &&
    !(await run('id', ['-u', 'postgres']).then(
      () => true,
      () => false,
    ))
  )
    return { skipped: 'running as root without a postgres user to run PostgreSQL as' };
  const dir = await mkdtemp(join(tmpdir(), 'sextant-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    await chown(dir, Number(stdout.trim()), -1);
  }
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { timeout: 60_000 })
      : run(join(bin, tool), args, { timeout: 60_000 });
  const data = join(dir, 'data');
  const port = await freePort();
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  };
  let running = false;
  try {
    await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
    await start();
    running = true;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return {
      skipped: `the private cluster did not start (${userInfo().username}): ${(error as Error).message}`,
    };
  }
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await exec('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
    running = false;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    async start() {
      await start();
      running = true;
    },
    async remove() {
      if (running) await stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
