/**
 * The readiness checks of the mounted parts: the registry's database (`select 1`), and the
 * HTTP registry a docs host running alone reads (its /healthz). Registered after the parts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';

async function checks(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('registry')) {
    const registry = app.registry;
    app.lifecycle.addCheck('database', async () => {
      const { db } = await registry.database();
      await sql`select 1`.execute(db);
    });
  }
  if (app.hasDecorator('docsSiteSource') && app.docsSiteSource.kind === 'http') {
    const source = app.docsSiteSource;
    app.lifecycle.addCheck('registry', () => source.check());
  }
}

/** Adds the parts' checks to `app.lifecycle`. */
export const partChecks = fp(checks, {
  name: 'sextant-part-checks',
  fastify: '5.x',
  dependencies: ['sextant-lifecycle'],
});
