/**
 * The proxy running alone with the registry's allowlist: a proxy replica (no registry in its
 * process) reads registered environment hosts from the registry's PostgreSQL, so an API
 * registered on the registry replica is callable through it at once; without a registry or a
 * database it refuses to start, and its /readyz checks that database.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { PartDependencyError } from '../lifecycle/part-dependency.js';
import { endpoint, petStore } from '../registry/testing/fixtures.js';
import { createPostgresDatabase } from '../registry/testing/servers.js';

const port = (server: { address(): unknown }) => (server.address() as AddressInfo).port;
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let registry: FastifyInstance | undefined;
let proxy: FastifyInstance | undefined;
let upstream: Server;

beforeAll(async () => {
  database = await createPostgresDatabase();
  if (!('url' in database)) return;
  upstream = createServer((_request, response) => response.end('reached'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  registry = await buildServer({
    mode: 'hosted',
    databaseUrl: database.url,
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
    authInjection: false,
  });
  await registry.listen({ port: 0, host: '127.0.0.1' });
  await registry.registry.ready();
  proxy = await buildServer({
    mode: 'hosted',
    databaseUrl: database.url,
    parts: { registry: false, proxy: true, wsProxy: true, docsHost: false },
    authInjection: false,
    proxy: { allowlistFromRegistry: true, trustedPrivateTargets: [`127.0.0.1:${port(upstream)}`] },
  });
  await proxy.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await registry?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
  if (database && 'url' in database) await database.drop();
});

describe('proxy alone, allowlist from the registry database', () => {
  it('refuses an unregistered target, then relays to it once an API names it', async (context) => {
    if (!registry || !proxy) return context.skip();
    const target = `http://127.0.0.1:${port(upstream)}`;
    const before = await fetch(`http://127.0.0.1:${port(proxy.server)}/proxy/${target}/v1/pets`);
    expect(before.status).toBe(403);
    expect(before.headers.get('x-sextant-proxy-error')).toBe('ProxyTargetNotRegisteredError');
    const { token } = await registry.registry.createOrganization('acme');
    const client = createRegistryClient({ baseUrl: `http://127.0.0.1:${port(registry.server)}`, token });
    const definition = petStore([
      { ...endpoint('list', '/pets'), environments: [{ id: 'prod', baseUrl: `${target}/v1` }] },
    ]);
    await client.registerApiDefinition({ body: { orgId: 'acme', apiId: 'pets', definition } });
    const after = await fetch(`http://127.0.0.1:${port(proxy.server)}/proxy/${target}/v1/pets`);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe('reached');
    const ready = await proxy.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('refuses to start with neither the registry nor its database', async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      await expect(
        buildServer({
          mode: 'hosted',
          parts: { registry: false, proxy: true, wsProxy: false, docsHost: false },
          authInjection: false,
          proxy: { allowlistFromRegistry: true },
        }),
      ).rejects.toBeInstanceOf(PartDependencyError);
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });
});
