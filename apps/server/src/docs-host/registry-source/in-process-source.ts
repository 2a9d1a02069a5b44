/**
 * The site source when the registry is mounted in this server: `app.registry`'s cached loads
 * and invalidations, and a registry client whose calls go through `inject` (the same routes and
 * validation as over the network, without a socket).
 */
import { createRegistryClient, type RegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { SITE_SOURCE_PLUGIN, type SiteSource } from './site-source.js';

/** A registry client over `app.inject`. */
export function injectedRegistryClient(app: FastifyInstance): RegistryClient {
  return createRegistryClient({
    baseUrl: 'http://registry.internal',
    maxRetries: 0,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const response = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers))
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      const empty = response.statusCode === 204 || response.statusCode === 304;
      return new Response(empty ? null : response.body, { status: response.statusCode, headers });
    },
  });
}

async function inProcessSource(app: FastifyInstance): Promise<void> {
  const registry = app.registry;
  let client: RegistryClient | undefined;
  const source: SiteSource = {
    kind: 'inprocess',
    loadDocsForUrl: (url) => registry.loadDocsForUrl(url),
    onDocsInvalidated: (listener) => registry.onDocsInvalidated(listener),
    readDocsFile: (_siteUrl, file) => registry.readDocsFile(file.fileId),
    client() {
      client ??= injectedRegistryClient(app);
      return client;
    },
    async check() {
      const { db } = await registry.database();
      await sql`select 1`.execute(db);
    },
  };
  app.decorate('docsSiteSource', source);
}

/** `app.docsSiteSource` from the registry mounted in this server. */
export const inProcessSiteSource = fp(inProcessSource, {
  name: SITE_SOURCE_PLUGIN,
  fastify: '5.x',
  dependencies: ['sextant-registry'],
  decorators: { fastify: ['registry'] },
});
