/**
 * A docs host alone that shares the registry's PostgreSQL hears publishes by LISTEN/NOTIFY, and
 * stays correct when its LISTEN connection is cut (pg_terminate_backend): while it is away it
 * does not cache, and when it is back it forgets everything (NOTIFYs sent meanwhile are lost).
 */
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guidePagesDefinition, waitFor } from '@sextant/definition/testing';
import { createRegistryClient, type RegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.js';
import { createPostgresDatabase } from '../../registry/testing/servers.js';

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let registry: FastifyInstance | undefined;
let docs: FastifyInstance | undefined;
let client: RegistryClient;
let docsUrl: string;
const listening = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function publish(title: string): Promise<void> {
  const init = await client.initDocsRegistrationV2({ body: { orgId: 'acme', domain: 'pg.docs.test' } });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: {
      docsDefinition: guidePagesDefinition(title, [{ slug: '', title, markdown: `# ${title}` }]),
    },
  });
}

function home(): Promise<string> {
  return new Promise((resolve, reject) => {
    httpGet(`${docsUrl}/`, { headers: { host: 'pg.docs.test' } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

/** How long until the home page says `text` (at most `ms`). */
async function within(ms: number, text: string): Promise<number> {
  const started = Date.now();
  await waitFor(async () => (await home()).includes(text), {
    timeout: ms,
    interval: 20,
    message: `"${text}" served`,
  });
  return Date.now() - started;
}

beforeAll(async () => {
  database = await createPostgresDatabase();
  if (!('url' in database)) return;
  registry = await buildServer({
    mode: 'hosted',
    databaseUrl: database.url,
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
    registry: { allowDomains: ['pg.docs.test'] },
    authInjection: false,
  });
  await registry.listen({ port: 0, host: '127.0.0.1' });
  const { token } = await registry.registry.createOrganization('acme');
  client = createRegistryClient({ baseUrl: listening(registry), token });
  docs = await buildServer({
    mode: 'hosted',
    databaseUrl: database.url,
    parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
    registryUrl: listening(registry),
    authInjection: false,
  });
  await docs.listen({ port: 0, host: '127.0.0.1' });
  docsUrl = listening(docs);
}, 60_000);

afterAll(async () => {
  await docs?.close();
  await registry?.close();
  if (database && 'url' in database) await database.drop();
});

describe('docs host alone on the registry database', () => {
  it('hears publishes by NOTIFY, and survives losing its LISTEN connection', async (context) => {
    if (!('url' in database)) return context.skip(database.skipped);
    await publish('First');
    await within(1000, 'First');
    await publish('Second');
    expect(await within(1000, 'Second')).toBeLessThan(1000);

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const LISTENING = "from pg_stat_activity where datname = current_database() and query ilike 'listen %'";
    /** The backends on LISTEN now, but for those cut. */
    const listeners = async (cut: number[] = []) =>
      (await admin.query<{ pid: number }>(`select pid ${LISTENING}`)).rows.filter(
        (row) => !cut.includes(row.pid),
      );
    try {
      const before = await listeners();
      const cut = await admin.query(`select pg_terminate_backend(pid) ${LISTENING}`);
      expect(cut.rowCount).toBeGreaterThan(0);
      const gone = before.map((row) => row.pid);
      await publish('Third');
      await within(1500, 'Third');
      // Back on LISTEN (0.5 s later): the next publish is heard too.
      await waitFor(async () => (await listeners(gone)).length >= before.length, {
        timeout: 5000,
        message: 'LISTEN again',
      });
    } finally {
      await admin.end();
    }
    await publish('Fourth');
    expect(await within(1000, 'Fourth')).toBeLessThan(1000);
  });
});
