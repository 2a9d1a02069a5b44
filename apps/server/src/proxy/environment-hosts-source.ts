/**
 * Where the proxies' registry allowlist (`--allowlist-from-registry`) reads registered
 * environment hosts: the `app.environmentHosts` decorator, from the registry mounted in this
 * server, or, for a proxy replica running alone, straight from the registry's PostgreSQL
 * (`DATABASE_URL`: a small pool that only reads `api_definitions`; the registry replicas own the
 * migrations). Without either, the proxies refuse to start (registry-allowlist.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { ServerOptions } from '../options.js';
import { createEnvironmentHosts, type EnvironmentHosts } from '../registry/index.js';
import type { Database } from '../storage/index.js';
import { createPgPool, kyselyPool, sidePoolSize } from '../storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    environmentHosts: EnvironmentHosts;
  }
}

async function environmentHostsSource(app: FastifyInstance, options: ServerOptions): Promise<void> {
  if (options.proxy?.allowlistFromRegistry !== true) return;
  if (app.hasDecorator('registry')) {
    app.decorate('environmentHosts', app.registry.environmentHosts());
    return;
  }
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl) return;
  const pool = createPgPool({
    connectionString: databaseUrl,
    max: sidePoolSize(2, options.databasePool),
    onConnectionError: (error) =>
      app.log.warn({ err: error }, 'proxy allowlist: a database connection was lost (it is replaced)'),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool(pool) }) });
  app.decorate(
    'environmentHosts',
    createEnvironmentHosts(async () => db),
  );
  if (app.hasDecorator('lifecycle'))
    app.lifecycle.addCheck('database', async () => {
      await sql`select 1`.execute(db);
    });
  app.addHook('onClose', async () => db.destroy());
}

/** Decorates `app.environmentHosts` when the proxies' allowlist comes from the registry. */
export const environmentHostsPlugin = fp(environmentHostsSource, {
  name: 'sextant-environment-hosts',
  fastify: '5.x',
});
