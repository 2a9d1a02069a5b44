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
 */
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultDocsConfig } from '@sextant/definition';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { endpoint, petStore } from '../registry/testing/fixtures.js';
import { createPostgresDatabase, POSTGRES_URL } from '../registry/testing/servers.js';

const HOST = 'loss.docs.test';
const RECOVERY_LIMIT_MS = 5000;

const database = await createPostgresDatabase();
if ('skipped' in database) console.warn(`database loss skipped: ${database.skipped}`);
const name = 'url' in database ? new URL(database.url).pathname.slice(1) : '';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
let app: FastifyInstance;
let port = 0;
let admin: pg.Client;
let token = '';
const logLines: string[] = [];
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);

/** A home page and the API reference with one endpoint page (`/api/get-pet`). */
const site = () => ({
  docsVersion: 1,
  config: defaultDocsConfig('Loss'),
  navigation: [
    { type: 'page', title: 'Loss', slug: '', pageId: 'home' },
    {
      type: 'apiReference',
      title: 'API',
      slug: 'api',
      apiId: 'pets',
      children: [
        {
          type: 'endpoint',
          title: 'Get pet',
          slug: 'api/get-pet',
          apiId: 'pets',
          endpointId: 'getPet',
          method: 'GET',
        },
      ],
    },
  ],
  pages: { home: { id: 'home', title: 'Loss', slug: '', layout: 'guide', markdown: '# Loss' } },
  homeSlug: '',
});

/** One HTTP request to the server over a real socket. */
function call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, agent, timeout: 15_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

const page = (path: string) => call('GET', path, { host: HOST });
const readyz = () => call('GET', '/readyz', {});
/** A write that needs the database: token lookup, then a transaction storing a definition. */
const write = () =>
  call(
    'POST',
    '/registry/api/register',
    { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    JSON.stringify({ orgId: 'loss', apiId: 'pets', definition: petStore([]) }),
  );

/** Terminates every backend of the test database; returns how many there were. */
async function terminateAll(): Promise<number> {
  const result = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return result.rowCount ?? 0;
}

/** Polls `check` every 25 ms; the time it took, or a failure naming `what` after `limitMs`. */
async function within(what: string, limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what}: not within ${limitMs} ms`);
}

/** Backends on the test database: all of them, or the notifier's LISTEN connection only. */
async function backends(which: 'all' | 'listen'): Promise<number> {
  const result = await admin.query(
    `select count(*)::int as n from pg_stat_activity where datname = $1${which === 'listen' ? " and application_name = 'sextant_listen' and query ilike 'listen %'" : ''}`,
    [name],
  );
  return (result.rows[0] as { n: number }).n;
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
      registry: { allowDomains: [HOST] },
      logger: { write: (line) => void logLines.push(line) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    await app.registry.ready();
    token = (await app.registry.createOrganization('loss')).token;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const registered = await call(
      'POST',
      '/registry/api/register',
      headers,
      JSON.stringify({
        orgId: 'loss',
        apiId: 'pets',
        definition: petStore([endpoint('listPets', '/pets'), endpoint('getPet', '/pets/{id}')]),
      }),
    );
    expect(registered.status).toBe(200);
    const { apiDefinitionId } = JSON.parse(registered.body) as { apiDefinitionId: string };
    const init = await call(
      'POST',
      '/v2/registry/docs/v2/init',
      headers,
      JSON.stringify({ orgId: 'loss', domain: HOST }),
    );
    expect(init.status, init.body).toBe(200);
    const { docsRegistrationId } = JSON.parse(init.body) as { docsRegistrationId: string };
    const finished = await call(
      'POST',
      `/v2/registry/docs/register/${docsRegistrationId}`,
      headers,
      JSON.stringify({ docsDefinition: site(), apiDefinitionIds: { pets: apiDefinitionId } }),
    );
    expect(finished.status, finished.body).toBe(200);
  }, 60_000);

  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    process.off('unhandledRejection', recordUncaught);
    if (name) await admin?.query(`alter database ${name} with allow_connections true`).catch(() => undefined);
    await app?.close();
    agent.destroy();
    await admin?.end().catch(() => undefined);
    if ('url' in database) await database.drop();
  });

  it('keeps serving known pages, fails writes with UnavailableError and recovers within 5 s', async () => {
    // Pages a reader has seen: the home page, an endpoint page, their markdown, the search index.
    const known = ['/', '/api/get-pet', '/api/get-pet.md', '/index.md', '/_sextant/search-index.json'];
    for (const path of known) expect((await page(path)).status, path).toBe(200);
    // The pool holds at most --db-pool connections, and LISTEN is on its own URL.
    const names = await admin.query(
      'select application_name as name, count(*)::int as n from pg_stat_activity where datname = $1 group by 1 order by 1',
      [name],
    );
    const connections = Object.fromEntries(
      names.rows.map((row: { name: string; n: number }) => [row.name, row.n]),
    );
    expect(Object.keys(connections)).toEqual(['sextant_listen', 'sextant_pool']);
    expect(connections.sextant_listen).toBe(1);
    expect(connections.sextant_pool).toBeLessThanOrEqual(4);

    // Traffic for the whole run: two readers, one writer, one /readyz poller.
    const reads: { path: string; status: number }[] = [];
    const writes: { at: number; answer: Answer }[] = [];
    const probes: { at: number; status: number }[] = [];
    let running = true;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const reader = async (offset: number) => {
      for (let index = offset; running; index++) {
        const path = known[index % known.length] as string;
        reads.push({ path, status: (await page(path)).status });
        await pause(5);
      }
    };
    const writer = async () => {
      while (running) {
        writes.push({ at: Date.now(), answer: await write() });
        await pause(40);
      }
    };
    const prober = async () => {
      while (running) {
        probes.push({ at: Date.now(), status: (await readyz()).status });
        await pause(100);
      }
    };
    const loops = [reader(0), reader(2), writer(), prober()];
    /**
     * Before each loss: the LISTEN connection is back and every known page was read since (its
     * return drops the docs caches, as NOTIFYs may have been missed, so pages load once again).
     */
    const warm = async () => {
      await within('LISTEN connection up', RECOVERY_LIMIT_MS, async () => (await backends('listen')) > 0);
      for (const path of known) expect((await page(path)).status, path).toBe(200);
    };
    const writeSucceededAfter = (since: number) =>
      writes.some((entry) => entry.at > since && entry.answer.status === 200);

    try {
      // Three times: every backend of the database terminated under load.
      const recoveries: number[] = [];
      for (let round = 0; round < 3; round++) {
        await warm();
        const lostAt = Date.now();
        expect(await terminateAll()).toBeGreaterThan(0);
        recoveries.push(
          await within(`round ${round}: a write`, RECOVERY_LIMIT_MS, async () => writeSucceededAfter(lostAt)),
        );
        await within(
          `round ${round}: /readyz 200`,
          RECOVERY_LIMIT_MS,
          async () => (await readyz()).status === 200,
        );
        await pause(300);
      }

      // An outage: the database refuses every connection for a while.
      await warm();
      await admin.query(`alter database ${name} with allow_connections false`);
      const outageStarted = Date.now();
      await terminateAll();
      // From here on no connection of the server is left: every write must fail.
      await within('every backend gone', RECOVERY_LIMIT_MS, async () => (await backends('all')) === 0);
      const allGone = Date.now();
      const unready = await within(
        '/readyz 503',
        RECOVERY_LIMIT_MS,
        async () => (await readyz()).status === 503,
      );
      await pause(1500);
      const duringOutage = writes.filter((entry) => entry.at > allGone);
      const outageEnded = Date.now();
      await admin.query(`alter database ${name} with allow_connections true`);
      const writesBack = await within('writes after the outage', RECOVERY_LIMIT_MS, async () =>
        writeSucceededAfter(outageEnded),
      );
      const readyBack = await within('/readyz 200 after the outage', RECOVERY_LIMIT_MS, async () =>
        probes.some((probe) => probe.at > outageEnded && probe.status === 200),
      );
      await pause(300);
      running = false;
      await Promise.all(loops);

      // Nothing escaped: a lost connection is never an uncaught 'error' event (which exits a server).
      expect(uncaught.map(String)).toEqual([]);
      // Writes during the outage failed, each as a named, retryable 503.
      expect(duringOutage.length).toBeGreaterThan(3);
      expect(duringOutage.every((entry) => entry.answer.status === 503)).toBe(true);
      // No write ever failed any other way than UnavailableError with Retry-After.
      const failed = writes.filter((entry) => entry.answer.status !== 200);
      for (const entry of failed) {
        expect(entry.answer.status, entry.answer.body).toBe(503);
        expect(JSON.parse(entry.answer.body)).toMatchObject({ error: 'UnavailableError' });
        expect(entry.answer.headers['retry-after']).toBe('1');
      }
      // Known pages answered 200 throughout, the outage included.
      const notOk = reads.filter((entry) => entry.status !== 200);
      expect(notOk, JSON.stringify(notOk.slice(0, 5))).toEqual([]);
      expect(
        probes.some((probe) => probe.at > outageStarted && probe.at < outageEnded && probe.status === 503),
      ).toBe(true);
      expect(logLines.some((line) => line.includes('a database connection was lost'))).toBe(true);
      console.info(
        `database loss: ${reads.length} page reads (all 200), ${writes.length} writes (${failed.length} UnavailableError), ` +
          `writes back after terminations in ${recoveries.join('/')} ms; outage: /readyz 503 after ${unready} ms, ` +
          `writes back ${writesBack} ms and /readyz 200 ${readyBack} ms after it ended`,
      );
    } finally {
      running = false;
      await Promise.allSettled(loops);
    }
  }, 90_000);
});
