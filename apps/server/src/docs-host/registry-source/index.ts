/**
 * The site source plugin of a server's options: over HTTP with `registryUrl` (the docs host runs
 * without the registry), else in-process when the registry is mounted. With neither, nothing is
 * decorated and a hosted docs host refuses to start (see plugin.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PartDependencyError } from '../../lifecycle/index.js';
import { cacheBudgets } from '../../memory-budget.js';
import type { ServerOptions } from '../../options.js';
import { httpSiteSource } from './http-source.js';
import { inProcessSiteSource } from './in-process-source.js';

export { createHttpSiteSource, type HttpSiteSourceOptions, httpSiteSource } from './http-source.js';
export { injectedRegistryClient, inProcessSiteSource } from './in-process-source.js';
export type { InvalidatedSites, SiteFileRef, SiteSource } from './site-source.js';

async function selectSiteSource(app: FastifyInstance, options: ServerOptions): Promise<void> {
  const inProcess = app.hasDecorator('registry');
  if (options.registryUrl && inProcess)
    throw new PartDependencyError(
      'docsSiteSource',
      '--registry-url is for a docs host running without the registry: pass --no-registry too, or drop --registry-url',
    );
  if (options.registryUrl) {
    // The docs host only LISTENs on the database: past a transaction-mode PgBouncer, on its own URL.
    const databaseUrl = options.databaseListenUrl ?? options.databaseUrl ?? process.env.DATABASE_URL;
    const budgets = { ...cacheBudgets(options.memoryMiB), ...options.docs?.cacheBudgets };
    await app.register(httpSiteSource, {
      registryUrl: options.registryUrl,
      budgets,
      ...(databaseUrl ? { databaseUrl } : {}),
    });
  } else if (inProcess) await app.register(inProcessSiteSource);
}

/** Registers the site source the options call for (shares `app.docsSiteSource` with the root). */
export const siteSource = fp(selectSiteSource, { name: 'sextant-docs-site-source-select', fastify: '5.x' });
