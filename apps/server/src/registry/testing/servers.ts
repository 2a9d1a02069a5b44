/**
 * Test servers: the real server (registry part only) listening on a random port, a fresh
 * PostgreSQL database per run (dropped afterwards), and server child processes for crash and
 * scale-out tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildServer } from '../../app.js';

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

/** Starts the server with only the registry mounted, in local mode, and waits for its database. */
export async function startRegistryServer(
  options: { databaseUrl?: string; dataDir?: string } = {},
): Promise<TestServer> {
  const app = await buildServer({
    mode: 'local',
    ...options,
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await app.registry.localAdmin();
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

/** A fresh database on the test PostgreSQL, or the reason none can be had. */
export async function createPostgresDatabase(): Promise<
  { url: string; drop(): Promise<void> } | { skipped: string }
> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `no PostgreSQL answers at ${POSTGRES_URL}: ${(error as Error).message}` };
  }
  const name = `sextant_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
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

const SCRIPT = fileURLToPath(new URL('./serve-child.ts', import.meta.url));

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
