/**
 * Where a site's records go: the registry's open database when it runs here, a small pool of
 * the docs host's own on the registry's PostgreSQL when it runs alone with DATABASE_URL (it
 * reads what the registry wrote), and nowhere without either.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, startRegistryServer, type TestServer } from '../registry/testing/servers.js';
import { siteDatabasePlugin } from './site-database.js';

describe('site database', () => {
  let registry: TestServer | undefined;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    if ('url' in database) registry = await startRegistryServer({ databaseUrl: database.url });
  }, 60_000);
  afterAll(async () => {
    await registry?.close();
    if ('url' in database) await database.drop();
  });

  it('is the registry’s database when the registry runs in this process', async () => {
    if (!registry) return;
    const app = Fastify();
    app.decorate('registry', registry.app.registry);
    await app.register(siteDatabasePlugin, {});
    expect(app.siteDatabase.available).toBe(true);
    expect(await app.siteDatabase.get()).toBe((await registry.app.registry.database()).db);
    await app.close();
  });

  it('is a pool of its own on DATABASE_URL for a docs host alone, reading what the registry wrote', async (ctx) => {
    if (!('url' in database)) return ctx.skip(database.skipped);
    const app = Fastify();
    await app.register(siteDatabasePlugin, { databaseUrl: database.url });
    expect(app.siteDatabase.available).toBe(true);
    const db = await app.siteDatabase.get();
    const orgs = await db.selectFrom('organizations').select('id').execute();
    expect(orgs.map((row) => row.id)).toContain(registry?.orgId);
    await app.close();
  });

  it('is unavailable with neither, and says what to do', async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const app = Fastify();
      await app.register(siteDatabasePlugin, {});
      expect(app.siteDatabase.available).toBe(false);
      await expect(app.siteDatabase.get()).rejects.toThrow(/DATABASE_URL/);
      await app.close();
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });
});
