/**
 * Database loss (issue #30): the server (registry and docs host in one process) on a fresh
 * PostgreSQL database, under a steady mix of page reads, writes and /readyz polls, while every
 * backend of its database is terminated (`pg_terminate_backend`) three times, and then while the
 * database refuses every connection for a few seconds (`ALLOW_CONNECTIONS false` plus the
 * terminations: an outage, as during a restart or failover). Over the whole run: no uncaught
 * exception or unhandled rejection, every read of a page seen before answers 200, every failed
 * write is 503 `UnavailableError` with Retry-After (never a 500), writes succeed again within
 * 5 s of each loss, and /readyz is 503 during the outage and 200 again within 5 s of its end.
 * The pool stays within `databasePool` and LISTEN runs on `databaseListenUrl` (named connections).
 * e2e/database-loss.e2e.ts does the same to `sextant serve` with a real PostgreSQL restart.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { createPostgresDatabase, POSTGRES_URL } from '../registry/testing/servers.js';
import {
  getPage,
  type InvalidationWatch,
  KNOWN_PAGES,
  OUTAGE_HOST,
  publishOutageSite,
  RECOVERY_LIMIT_MS,
  type ServerHttp,
  serverHttp,
  startTraffic,
  trafficProblems,
  warmPages,
  watchInvalidations,
  within,
} from './testing/database-outage.js';

const database = await createPostgresDatabase();
if ('skipped' in database) console.warn(`database loss skipped: ${database.skipped}`);
const name = 'url' in database ? new URL(database.url).pathname.slice(1) : '';

let app: FastifyInstance;
let http: ServerHttp;
let invalidations: InvalidationWatch;
let admin: pg.Client;
let token = '';
const logLines: string[] = [];
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

/** Orders `+N ms: …` lines by N. */
const byTime = (a: string, b: string) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]);

/** Terminates every backend of the test database; returns how many there were. */
async function terminateAll(): Promise<number> {
  const result = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return result.rowCount ?? 0;
}

/** Backends on the test database, by application name (the pool's, the LISTEN one). */
async function backends(): Promise<Record<string, number>> {
  const result = await admin.query(
    'select application_name as name, count(*)::int as n from pg_stat_activity where datname = $1 group by 1',
    [name],
  );
  return Object.fromEntries(result.rows.map((row: { name: string; n: number }) => [row.name, row.n]));
}

describe.skipIf('skipped' in database)('database loss on PostgreSQL', () => {
  beforeAll(async () => {
    if (!('url' in database)) return;
    process.on('uncaughtException', recordUncaught);
    process.on('unhandledRejection', recordUncaught);
    admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    app = await buildServer({
      mode: 'hosted',
      // Named connections: the pool's and the LISTEN one, on its own URL (as past a transaction-mode PgBouncer).
      databaseUrl: `${database.url}?application_name=sextant_pool`,
      databaseListenUrl: `${database.url}?application_name=sextant_listen`,
      databasePool: 4,
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
      registry: { allowDomains: [OUTAGE_HOST] },
      logger: { write: (line) => void logLines.push(line) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    http = serverHttp(port);
    invalidations = await watchInvalidations(port);
    await app.registry.ready();
    token = (await app.registry.createOrganization('loss')).token;
    await publishOutageSite(http, token, 'loss').catch((error: Error) => {
      const errors = logLines.filter((line) => line.includes('"level":50'));
      throw new Error(`${error.message}\n${errors.join('\n')}`);
    });
  }, 60_000);

  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    process.off('unhandledRejection', recordUncaught);
    if (name) await admin?.query(`alter database ${name} with allow_connections true`).catch(() => undefined);
    await app?.close();
    http?.close();
    invalidations?.close();
    await admin?.end().catch(() => undefined);
    if ('url' in database) await database.drop();
  });

  it('keeps serving known pages, fails writes with UnavailableError and recovers within 5 s', async () => {
    for (const path of KNOWN_PAGES) expect((await getPage(http, path)).status, path).toBe(200);
    // The pool holds at most --db-pool connections, and LISTEN is on its own URL.
    const connections = await backends();
    expect(Object.keys(connections).sort()).toEqual(['sextant_listen', 'sextant_pool']);
    expect(connections.sextant_listen).toBe(1);
    expect(connections.sextant_pool).toBeLessThanOrEqual(4);

    const traffic = startTraffic(http, token, 'loss');
    // What the test did when, for a failure's message.
    const timeline: string[] = [];
    const mark = (what: string) => timeline.push(`+${Date.now() - traffic.startedAt} ms: ${what}`);
    const warm = (previousLoss: number | undefined) => warmPages(http, invalidations, traffic, previousLoss);
    try {
      // Three times: every backend of the database terminated under load.
      const recoveries: number[] = [];
      let lostAt: number | undefined;
      for (let round = 0; round < 3; round++) {
        await warm(lostAt);
        mark(`round ${round}: terminate`);
        lostAt = Date.now();
        expect(await terminateAll()).toBeGreaterThan(0);
        const terminated = Date.now();
        recoveries.push(
          await within(`round ${round}: a write`, RECOVERY_LIMIT_MS, async () =>
            traffic.writeSucceededAfter(terminated),
          ),
        );
        await within(
          `round ${round}: /readyz 200`,
          RECOVERY_LIMIT_MS,
          async () => (await http.call('GET', '/readyz')).status === 200,
        );
      }

      // An outage: the database refuses every connection for a while.
      await warm(lostAt);
      mark('outage');
      await admin.query(`alter database ${name} with allow_connections false`);
      // Terminate until none is left for 300 ms (a connection in its start-up when the database
      // closed may still finish it): from then on the server has no connection and every write must fail.
      let quietSince: number | undefined;
      const gone = await within('every backend gone', RECOVERY_LIMIT_MS, async () => {
        if ((await terminateAll()) > 0) quietSince = undefined;
        else quietSince ??= Date.now();
        return quietSince !== undefined && Date.now() - quietSince >= 300;
      });
      const from = Date.now();
      mark('every backend gone');
      const unready = await within(
        '/readyz 503',
        RECOVERY_LIMIT_MS,
        async () => (await http.call('GET', '/readyz')).status === 503,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const to = Date.now();
      mark('outage ends');
      await admin.query(`alter database ${name} with allow_connections true`);
      await within('writes and /readyz 200 after the outage', RECOVERY_LIMIT_MS, async () => {
        const { write, ready } = traffic.recoveredAfter(to);
        return write !== undefined && ready !== undefined;
      });
      const { write: writesBack = Infinity, ready: readyBack = Infinity } = traffic.recoveredAfter(to);
      expect(Math.max(writesBack, readyBack)).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
      await traffic.stop();

      // Nothing escaped: a lost connection is never an uncaught 'error' event (which exits a server).
      expect(uncaught.map(String)).toEqual([]);
      const logged = logLines
        .filter((line) => /"level":(40|50)/.test(line))
        .map((line) => {
          const entry = JSON.parse(line) as { time: number; msg: string; err?: { message?: string } };
          return `+${entry.time - traffic.startedAt} ms: log ${entry.msg} ${entry.err?.message ?? ''}`;
        });
      const problems = trafficProblems(traffic, { from, to });
      expect(problems, [...timeline, ...logged].sort(byTime).join('\n')).toEqual([]);
      expect(logLines.some((line) => line.includes('a database connection was lost'))).toBe(true);
      const failed = traffic.writes.filter((entry) => entry.answer.status !== 200).length;
      console.info(
        `database loss: ${traffic.reads.length} page reads (all 200), ${traffic.writes.length} writes ` +
          `(${failed} UnavailableError), writes back after terminations in ${recoveries.join('/')} ms; ` +
          `outage: backends gone in ${gone} ms, /readyz 503 after ${unready} ms more, ` +
          `writes back ${writesBack} ms and /readyz 200 ${readyBack} ms after it ended`,
      );
    } finally {
      await traffic.stop();
    }
  }, 90_000);
});
