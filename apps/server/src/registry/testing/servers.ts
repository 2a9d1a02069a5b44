/**
 * Test servers: the real server (registry part only) listening on a random port, a fresh
 * PostgreSQL database per run (dropped afterwards), and server child processes for crash and
 * scale-out tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildServer } from '../../app.js';
import type { ServerOptions } from '../../options.js';

/** Connection string of the test PostgreSQL (`test` database, trust auth). */
export const POSTGRES_URL =
  process.env.SEXTANT_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A running registry server. */
export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  token: string;
  orgId: string;
  close(): Promise<void>;
}

/** Options of a test registry server. */
export interface TestServerOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Blob store (`s3://bucket/prefix`, `fs:/path`, `postgres`) and folder; see storage/blob-store-select.ts. */
  blobStore?: string;
  blobDir?: string;
  /** Default local (one organization, its admin is the operator). Hosted: `token` is an operator's. */
  mode?: 'local' | 'hosted';
  /** Tenancy options: approved hosts, the DNS resolver of domain claims. */
  registry?: ServerOptions['registry'];
  /** Hosted mode: the console host (the dashboard and session cookies answer there only). */
  consoleHost?: string;
}

/**
 * Starts the server with only the registry mounted and waits for its database. Local mode:
 * `token` is the local admin's (also the operator). Hosted mode: `token` is a new operator
 * token and `orgId` is empty (create organizations with it).
 */
export async function startRegistryServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { mode = 'local', ...rest } = options;
  const app = await buildServer({
    mode,
    ...rest,
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.registry.ready();
  const admin =
    mode === 'local'
      ? await app.registry.localAdmin()
      : { token: (await app.registry.createOperatorToken()).token, orgId: '' };
  if (!admin) throw new Error('local mode made no admin');
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    token: admin.token,
    orgId: admin.orgId,
    close: () => app.close(),
  };
}

/** A DNS TXT resolver for tests: records are set by the test, unknown names have none. */
export function createFakeDns(): {
  resolveTxt(name: string): Promise<string[][]>;
  set(name: string, values: string[]): void;
} {
  const records = new Map<string, string[][]>();
  return {
    async resolveTxt(name) {
      const found = records.get(name.toLowerCase());
      if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return found;
    },
    set(name, values) {
      // Long TXT values arrive split in chunks of up to 255 characters, as DNS does.
      records.set(
        name.toLowerCase(),
        values.map((value) => value.match(/.{1,255}/g) ?? ['']),
      );
    },
  };
}

/** True when the run is CI's: a suite whose server is missing must fail there, never skip. */
export function inCi(): boolean {
  return process.env.CI === 'true' || process.env.CI === '1';
}

/**
 * A fresh database on the test PostgreSQL, or the reason none can be had. With CI=true an
 * unreachable PostgreSQL is an error (the suite fails) instead of a skip.
 */
export async function createPostgresDatabase(
  serverUrl = POSTGRES_URL,
): Promise<{ url: string; drop(): Promise<void> } | { skipped: string }> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = `no PostgreSQL answers at ${serverUrl}: ${(error as Error).message}`;
    if (inCi()) throw new Error(`${reason} (CI=true: the PostgreSQL suites must run; start PostgreSQL)`);
    return { skipped: reason };
  }
  const name = `sextant_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A server in a child process (see serve-child.ts). */
export interface ChildServer {
  child: ChildProcess;
  baseUrl: string;
  token: string;
  orgId: string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

// A path, not a URL: the file is also imported by tests whose globals are happy-dom's.
const SCRIPT = join(import.meta.dirname, 'serve-child.ts');

/** Starts a registry server process; resolves once it prints its address. */
export function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  // Node itself with tsx as a loader (not the tsx CLI, which forwards signals to a grandchild:
  // SIGKILL must reach the process that serves).
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(() => reject(new Error(`child server did not start: ${errors}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      const ready = JSON.parse(line) as { baseUrl: string; token: string; orgId: string };
      resolve({ child, exited, ...ready });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child server exited with ${code}: ${errors}`));
    });
  });
}

/** The two databases suites run on: embedded PGlite and a real PostgreSQL. */
export const TEST_DATABASES = [{ name: 'PGlite' }, { name: 'PostgreSQL', postgres: true }] as const;
export type TestDatabase = (typeof TEST_DATABASES)[number];

/**
 * What a `describe.each(TEST_DATABASES)` case runs on: PGlite (no URL) or a fresh PostgreSQL
 * database (dropped by `drop`); `skipped` says why PostgreSQL is missing (outside CI only).
 */
export async function openTestDatabase(
  database: TestDatabase,
): Promise<{ databaseUrl?: string; drop(): Promise<void> } | { skipped: string }> {
  if (!('postgres' in database)) return { drop: async () => undefined };
  const created = await createPostgresDatabase();
  if ('skipped' in created) return created;
  return { databaseUrl: created.url, drop: created.drop };
}

/** A members/add answer that created a new user (with its first token); throws otherwise. */
export function createdMember<T extends { status: string }>(added: T): Extract<T, { status: 'created' }> {
  if (added.status !== 'created') throw new Error(`expected a new user with a token, got "${added.status}"`);
  return added as Extract<T, { status: 'created' }>;
}
