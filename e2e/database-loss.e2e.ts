/**
 * Database loss with `sextant serve` (issue #30): the built server as a child process on a
 * private PostgreSQL cluster (storage/testing/private-postgres.ts), under page reads, writes and
 * /readyz polls, while every backend of its database is terminated three times and then while
 * PostgreSQL itself is stopped (`pg_ctl stop -m fast`: sessions end with 57P01, new connections
 * are refused) and started again. The process never exits; pages read before answer 200
 * throughout; failed writes are 503 UnavailableError with Retry-After; writes and /readyz 200
 * are back within 5 s of PostgreSQL's return; SIGTERM still exits 0.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../apps/server/src/storage/testing/database-outage.js';
import {
  type PrivatePostgres,
  startPrivatePostgres,
} from '../apps/server/src/storage/testing/private-postgres.js';
import { type RunningCli, startCli } from './cli-harness.js';

const cluster = await startPrivatePostgres();
if ('skipped' in cluster) console.warn(`database loss e2e skipped: ${cluster.skipped}`);

let serve: RunningCli | undefined;
let http: ServerHttp | undefined;
let invalidations: InvalidationWatch | undefined;
let token = '';

/** Runs `sql` on the cluster from a connection of its own (to template1, so it is never counted or cut). */
async function admin<T = unknown>(sql: string): Promise<T[]> {
  const url = new URL((cluster as PrivatePostgres).url);
  url.pathname = '/template1';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf('skipped' in cluster)('sextant serve when PostgreSQL goes away', () => {
  beforeAll(async () => {
    if (!('url' in cluster)) return;
    serve = startCli(
      [
        'serve',
        ...['--port', '0', '--host', '127.0.0.1', '--no-proxy', '--no-ws-proxy', '--no-metrics'],
        ...['--db-pool', '4', '--allow-domain', OUTAGE_HOST, '--create-org', 'loss'],
      ],
      { env: { DATABASE_URL: cluster.url } },
    );
    const url = (await serve.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/, 60_000))[1] as string;
    token = await serve.credential(/admin token of organization loss: (\S+)/);
    http = serverHttp(Number(new URL(url).port));
    invalidations = await watchInvalidations(Number(new URL(url).port));
    await publishOutageSite(http, token, 'loss');
  }, 120_000);

  afterAll(async () => {
    await serve?.stop('SIGKILL');
    http?.close();
    invalidations?.close();
    if ('url' in cluster) await cluster.remove();
  });

  it('stays up, serves known pages and takes writes again within 5 s of a restart', async () => {
    if (!('url' in cluster) || !serve || !http) return;
    const server = http;
    for (const path of KNOWN_PAGES) expect((await getPage(server, path)).status, path).toBe(200);
    const traffic = startTraffic(server, token, 'loss');
    const ready = async () => (await server.call('GET', '/readyz')).status === 200;
    const warm = (previousLoss: number | undefined) =>
      warmPages(server, invalidations as InvalidationWatch, traffic, previousLoss);
    try {
      const recoveries: number[] = [];
      let lostAt: number | undefined;
      for (let round = 0; round < 3; round++) {
        await warm(lostAt);
        lostAt = Date.now();
        const killed = await admin(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'postgres' and pid <> pg_backend_pid()",
        );
        expect(killed.length).toBeGreaterThan(0);
        const terminated = Date.now();
        recoveries.push(
          await within(`round ${round}: a write`, RECOVERY_LIMIT_MS, async () =>
            traffic.writeSucceededAfter(terminated),
          ),
        );
        await within(`round ${round}: /readyz 200`, RECOVERY_LIMIT_MS, ready);
      }

      // PostgreSQL stops (sessions end, connections refused) and comes back on the same port.
      await warm(lostAt);
      const stopping = Date.now();
      await cluster.stop('fast');
      const from = Date.now();
      const unready = await within('/readyz 503', RECOVERY_LIMIT_MS, async () => !(await ready()));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const to = Date.now();
      await cluster.start();
      const back = Date.now();
      await within('writes and /readyz 200 after the restart', RECOVERY_LIMIT_MS, async () => {
        const { write, ready } = traffic.recoveredAfter(back);
        return write !== undefined && ready !== undefined;
      });
      const { write: writesBack = Infinity, ready: readyBack = Infinity } = traffic.recoveredAfter(back);
      expect(Math.max(writesBack, readyBack)).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
      await traffic.stop();

      expect(serve.child.exitCode, serve.output()).toBeNull();
      expect(trafficProblems(traffic, { from, to })).toEqual([]);
      expect(serve.output()).toContain('a database connection was lost');
      const failed = traffic.writes.filter((entry) => entry.answer.status !== 200).length;
      console.info(
        `database loss e2e: ${traffic.reads.length} page reads (all 200), ${traffic.writes.length} writes ` +
          `(${failed} UnavailableError), writes back after terminations in ${recoveries.join('/')} ms; ` +
          `PostgreSQL stopped in ${from - stopping} ms, /readyz 503 after ${unready} ms, down ${to - from} ms, ` +
          `started in ${back - to} ms; writes back ${writesBack} ms and /readyz 200 ${readyBack} ms after`,
      );
      expect(await serve.stop('SIGTERM')).toBe(0);
    } finally {
      await traffic.stop();
    }
  });
});
