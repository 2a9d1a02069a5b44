/**
 * Where a docs site's own records go (Ask AI's question log, playground analytics): the
 * registry's database. With the registry in this process, its open database; for a docs host
 * running alone (`--no-registry`) with the registry's `DATABASE_URL`, a small pool of its own on
 * that database (the registry replica migrates it; this pool never does); with neither, none,
 * and those records are not kept (said once in the log).
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Kysely, PostgresDialect } from 'kysely';
import { NoRegistryDatabaseError } from '../errors.js';
import { createPgPool, kyselyPool, sidePoolSize } from './pg-pool.js';
import type { Database } from './tables.js';

export interface SiteDatabase {
  /** Whether records can be kept at all (known at start). */
  readonly available: boolean;
  /** The database; rejects when it cannot be opened. */
  get(): Promise<Kysely<Database>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    siteDatabase: SiteDatabase;
  }
}

/** At most this many connections for a docs host's own records. */
const POOL_SIZE = 2;

async function siteDatabase(
  app: FastifyInstance,
  options: { databaseUrl?: string; databasePool?: number },
): Promise<void> {
  if (app.hasDecorator('registry')) {
    const registry = app.registry;
    app.decorate('siteDatabase', {
      available: true,
      get: async () => (await registry.database()).db,
    } satisfies SiteDatabase);
    return;
  }
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    app.decorate('siteDatabase', {
      available: false,
      get: () => Promise.reject(new NoRegistryDatabaseError()),
    } satisfies SiteDatabase);
    return;
  }
  let db: Kysely<Database> | undefined;
  app.decorate('siteDatabase', {
    available: true,
    async get() {
      db ??= new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: kyselyPool(
            createPgPool({
              connectionString: databaseUrl,
              max: sidePoolSize(POOL_SIZE, options.databasePool),
              onConnectionError: (error) =>
                app.log.warn({ err: error }, 'site records: a database connection was lost (it is replaced)'),
            }),
          ),
        }),
      });
      return db;
    },
  } satisfies SiteDatabase);
  app.addHook('onClose', async () => {
    await db?.destroy();
  });
}

/** Decorates `app.siteDatabase`; mount after the registry (when it runs here). */
export const siteDatabasePlugin = fp(siteDatabase, { name: 'sextant-site-database', fastify: '5.x' });

/** The server's site database, or undefined when none is mounted (a plugin registered alone, in tests). */
export function siteDatabaseOf(app: FastifyInstance): SiteDatabase | undefined {
  return app.hasDecorator('siteDatabase') && app.siteDatabase.available ? app.siteDatabase : undefined;
}
