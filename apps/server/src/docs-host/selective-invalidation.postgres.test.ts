/**
 * A publish invalidates only what it changed (issue #30 item 3), on the replica that published and
 * on another one on the same PostgreSQL (LISTEN/NOTIFY): site A's pages and address go, site B's
 * cached page and its registry entry (address resolution, loaded site) stay, so B costs no
 * database query after A's publish. Skipped (reason printed) when no PostgreSQL answers.
 */
import type { AddressInfo } from 'node:net';
import { guidePagesDefinition, waitFor } from '@sextant/definition/testing';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { createPostgresDatabase } from '../registry/testing/servers.js';
import { hostRequest } from './testing/host-request.js';

const database = await createPostgresDatabase();
if ('skipped' in database) console.warn(`selective invalidation skipped: ${database.skipped}`);

const A = 'a.replicas.test';
const B = 'b.replicas.test';
const replicas: FastifyInstance[] = [];
const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;
let token = '';

/** A home page and a guide, both titled after `title`. */
const definition = (title: string) =>
  guidePagesDefinition(title, [
    { slug: '', title, markdown: `# ${title}` },
    { slug: 'guide', title, markdown: `# ${title} guide\n\nText.` },
  ]);

async function publish(domain: string, title: string): Promise<void> {
  const client = createRegistryClient({
    baseUrl: `http://127.0.0.1:${portOf(replicas[0] as FastifyInstance)}`,
    token,
  });
  const init = await client.initDocsRegistrationV2({ body: { orgId: 'replicas', domain, files: [] } });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: definition(title) },
  });
}

/** The sum of a metric's samples on `app` whose line starts with `prefix`. */
async function metricSum(app: FastifyInstance, prefix: string): Promise<number> {
  const text = (await app.metrics?.registry.metrics()) ?? '';
  return text
    .split('\n')
    .filter((line) => line.startsWith(prefix))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

describe.skipIf('skipped' in database)('a publish on one replica', () => {
  beforeAll(async () => {
    if (!('url' in database)) return;
    for (let i = 0; i < 2; i++) {
      const app = await buildServer({
        mode: 'hosted',
        databaseUrl: database.url,
        parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
        registry: { allowDomains: [A, B] },
        metrics: { enabled: true },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      replicas.push(app);
    }
    token = (await (replicas[0] as FastifyInstance).registry.createOrganization('replicas')).token;
    await publish(A, 'Alpha');
    await publish(B, 'Beta');
  }, 120_000);
  afterAll(async () => {
    for (const app of replicas) await app.close();
    if ('url' in database) await database.drop();
  });

  it('drops only its own site’s pages and address on every replica', async () => {
    const [one, two] = replicas as [FastifyInstance, FastifyInstance];
    for (const app of [one, two]) {
      expect((await hostRequest(portOf(app), { host: A, path: '/guide' })).text).toContain('Alpha guide');
      expect((await hostRequest(portOf(app), { host: B, path: '/guide' })).text).toContain('Beta guide');
      expect((await hostRequest(portOf(app), { host: B, path: '/guide.md' })).status).toBe(200);
    }
    const heard = await metricSum(two, 'sextant_docs_cache_invalidations_total');
    const renders = (app: FastifyInstance) => metricSum(app, 'sextant_cache_bytes{cache="renders"}');
    const rendersBefore = [await renders(one), await renders(two)];
    await publish(A, 'Alpha two');
    await waitFor(async () => (await metricSum(two, 'sextant_docs_cache_invalidations_total')) > heard, {
      timeout: 5000,
      interval: 20,
    });
    for (const [i, app] of [one, two].entries()) {
      // A's replaced version's renders are deleted (not left to age out), B's stay.
      await waitFor(async () => (await renders(app)) < (rendersBefore[i] as number), {
        timeout: 5000,
        interval: 20,
      });
      expect(await renders(app)).toBeGreaterThan(0);
    }
    for (const app of [one, two]) {
      // A's pages went, B's stayed: the page cache still holds bytes before anything is asked again.
      expect(await metricSum(app, 'sextant_cache_bytes{cache="pages"}')).toBeGreaterThan(0);
      // B's address resolution and loaded site stayed: serving its markdown asks the database nothing.
      const queries = await metricSum(app, 'sextant_db_query_duration_seconds_count');
      expect((await hostRequest(portOf(app), { host: B, path: '/guide.md' })).text).toContain('Beta guide');
      expect(await metricSum(app, 'sextant_db_query_duration_seconds_count')).toBe(queries);
      // A is served new.
      expect((await hostRequest(portOf(app), { host: A, path: '/guide' })).text).toContain('Alpha two guide');
    }
  });
});
