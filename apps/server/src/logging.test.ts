/**
 * The server's log, on the real server over real sockets: query values, bearer tokens and
 * cookies never reach the log; a database error (real PGlite and PostgreSQL errors, which quote
 * the offending value) is logged by code and table only. (Client timeouts: http-timeouts.test.ts.)
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.js';
import { redactQuery, safeError } from './logging.js';
import { POSTGRES_URL } from './registry/testing/servers.js';

const SECRET = 's3cr3t-value';

describe('the request log', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    app = await buildServer({
      mode: 'local',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
      logger: { write: (line) => void lines.push(line) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.registry.ready();
  }, 60_000);
  afterAll(() => app?.close());

  it('keeps the path and query keys, never a query value, token or cookie', async () => {
    const { port } = app.server.address() as { port: number };
    const response = await fetch(
      `http://127.0.0.1:${port}/registry/api/load/x?access_token=${SECRET}&page=${SECRET}`,
      { headers: { authorization: `Bearer ${SECRET}`, cookie: `sid=${SECRET}` } },
    );
    expect(response.status).toBe(404);
    const log = lines.join('');
    expect(log).toContain('/registry/api/load/x?access_token=[redacted]&page=[redacted]');
    expect(log).not.toContain(SECRET);
  });

  it('logs a database error by its code and table, without the value it quotes', async () => {
    // The server's own PGlite (a second one would run initdb: seconds of WASM for one error).
    const { db } = await app.registry.database();
    const error = await sql
      .raw(`select '${SECRET}'::int`)
      .execute(db)
      .catch((e: unknown) => e);
    expect(String((error as Error).message)).toContain(SECRET);
    app.log.error({ err: error }, 'registry: unexpected failure');
    const line = lines.at(-1) ?? '';
    expect(line).toContain('database error 22P02');
    expect(line).not.toContain(SECRET);
  });
});

describe('database errors', () => {
  it('from PostgreSQL keep the code, table and constraint only', async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      await client.query('create temporary table t (url text primary key)');
      await client.query('insert into t values ($1)', [SECRET]);
      const error = await client.query('insert into t values ($1)', [SECRET]).catch((e: unknown) => e);
      expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain(SECRET);
      const safe = JSON.stringify(safeError(error));
      expect(safe).toContain('database error 23505 (table t, constraint t_pkey)');
      expect(safe).not.toContain(SECRET);
    } finally {
      await client.end();
    }
  });

  it('other errors keep their message', () => {
    expect(safeError(new Error('plain')).message).toBe('plain');
    expect(redactQuery('/a')).toBe('/a');
    expect(redactQuery('/a?b&c=1&')).toBe('/a?b=[redacted]&c=[redacted]');
  });
});
