/**
 * Scale-out: two server processes on one PostgreSQL. Each caches docs in memory; a docs
 * definition registered through one, with the cache invalidated there, is served by the other
 * within a second through LISTEN/NOTIFY, with no restart. Skipped (reason printed) only when no
 * PostgreSQL answers and CI is not set; with CI=true an unreachable PostgreSQL fails the run.
 */

import { waitFor } from '@sextant/definition/testing';
import { createRegistryClient, type RegistryClient, RegistryNamedError } from '@sextant/registry-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsDefinition, petStore } from './testing/fixtures.js';
import { type ChildServer, createPostgresDatabase, startChildServer } from './testing/servers.js';

const database = await createPostgresDatabase();
if ('skipped' in database) console.warn(`registry scale-out skipped: ${database.skipped}`);

/** Polls `check` until it is true; returns the time it took, or fails after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  await waitFor(check, { timeout: limitMs, interval: 20 });
  return Date.now() - started;
}

describe.skipIf('skipped' in database)('registry scale-out on PostgreSQL', () => {
  const servers: ChildServer[] = [];
  let a: RegistryClient;
  let b: RegistryClient;
  beforeAll(async () => {
    if (!('url' in database)) return;
    // The first start migrates and creates the local organization; the second reuses them.
    servers.push(await startChildServer({ DATABASE_URL: database.url }));
    servers.push(await startChildServer({ DATABASE_URL: database.url }));
    a = createRegistryClient({ baseUrl: servers[0]?.baseUrl ?? '', token: servers[0]?.token });
    b = createRegistryClient({ baseUrl: servers[1]?.baseUrl ?? '', token: servers[1]?.token });
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if ('url' in database) await database.drop();
  });

  it('serves a new docs version on the other replica within a second, and honours invalidations', async () => {
    if (!('url' in database)) return;
    const { apiDefinitionId } = await a.registerApiDefinition({
      body: { orgId: 'local', apiId: 'pets', definition: petStore([]) },
    });
    const init = await a.initDocsRegistrationV2({ body: { orgId: 'local', domain: 'scale.test' } });
    const publish = (title: string) =>
      a.finishDocsRegistrationV2({
        params: { id: init.docsRegistrationId },
        body: { docsDefinition: docsDefinition(title, 'pets'), apiDefinitionIds: { pets: apiDefinitionId } },
      });
    const titleOnB = async () =>
      ((await b.loadDocsForUrl({ body: { url: 'scale.test' } })).definition as { config: { title: string } })
        .config.title;

    await publish('Version 1');
    expect(await titleOnB()).toBe('Version 1');

    // B caches: a change written behind its back (no notification) is not seen...
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    await direct.query(`update docs_urls set is_archived = true where url = 'scale.test'`);
    expect(await titleOnB()).toBe('Version 1');
    await direct.query(`update docs_urls set is_archived = false where url = 'scale.test'`);
    await direct.end();

    // ...while a registration through A plus an invalidation reaches B through LISTEN/NOTIFY.
    await publish('Version 2');
    await a.invalidateDocsCache({ body: { url: 'scale.test' } });
    const took = await within(1000, async () => (await titleOnB()) === 'Version 2');
    expect(took).toBeLessThan(1000);

    // Archiving through A makes B stop serving, also within a second.
    await a.setDocsIsArchived({ body: { url: 'scale.test', isArchived: true } });
    await within(1000, async () =>
      b.loadDocsForUrl({ body: { url: 'scale.test' } }).then(
        () => false,
        (error: unknown) =>
          error instanceof RegistryNamedError && error.errorName === 'DomainNotRegisteredError',
      ),
    );
  });
});
