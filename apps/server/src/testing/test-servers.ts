/**
 * The server as tests start it: listening on a free loopback port, with the parts a test needs.
 * A local docs host alone for a project folder; a local site (registry and docs host) with its
 * admin's token; a hosted server with one organization and a registry client acting for it.
 * Each returns what the test reads; the test closes `app`.
 */
import type { AddressInfo } from 'node:net';
import { createRegistryClient, type RegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app.js';
import type { ServerOptions } from '../options.js';

/** A server listening on loopback. */
export interface ListeningServer {
  app: FastifyInstance;
  port: number;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
}

/** The port of a server listening on loopback. */
export function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}

/**
 * Listens on a free loopback port.
 * @example const { baseUrl } = await listenOnLoopback(app)
 */
export async function listenOnLoopback(app: FastifyInstance): Promise<ListeningServer> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(app);
  return { app, port, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * The docs host alone serving the project at `projectDir` in local mode (no registry, proxy or
 * auth injection); `docs` adds docs-host options.
 * @example ({ app, baseUrl } = await startLocalDocs(await writeFixtureProject()))
 */
export async function startLocalDocs(
  projectDir: string,
  docs: Omit<NonNullable<ServerOptions['docs']>, 'projectDir'> = {},
): Promise<ListeningServer> {
  const app = await buildServer({
    mode: 'local',
    parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
    docs: { ...docs, projectDir },
    authInjection: false,
  });
  return listenOnLoopback(app);
}

/** A local site: its server, and the local admin's token and organization. */
export interface LocalSite extends ListeningServer {
  token: string;
  orgId: string;
}

/**
 * The registry and the docs host in local mode, serving the project at `projectDir`; `options`
 * adds server options (a PostgreSQL `databaseUrl`, an `env`, …).
 * @example ({ app, baseUrl, token, orgId } = await startLocalSite(await writeStructureProject()))
 */
export async function startLocalSite(
  projectDir: string,
  options: Omit<Partial<ServerOptions>, 'mode' | 'parts' | 'docs'> = {},
): Promise<LocalSite> {
  const app = await buildServer({
    ...options,
    mode: 'local',
    parts: { registry: true, docsHost: true, proxy: false, wsProxy: false },
    docs: { projectDir },
  });
  const listening = await listenOnLoopback(app);
  await app.registry.ready();
  const admin = await app.registry.localAdmin();
  if (!admin) throw new Error('local mode made no admin');
  return { ...listening, token: admin.token, orgId: admin.orgId };
}

/** A hosted server with one organization: its token and a registry client acting for it. */
export interface HostedOrganization extends ListeningServer {
  token: string;
  client: RegistryClient;
}

/**
 * The registry and the docs host in hosted mode, approving `domains`, with the organization
 * `orgId` created; `options` adds server options.
 * @example const { app, client } = await startHostedOrganization('acme', ['docs.acme.test'])
 */
export async function startHostedOrganization(
  orgId: string,
  domains: string[],
  options: Omit<Partial<ServerOptions>, 'mode' | 'parts' | 'registry'> = {},
): Promise<HostedOrganization> {
  const app = await buildServer({
    logger: false,
    ...options,
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: domains },
  });
  const listening = await listenOnLoopback(app);
  await app.registry.ready();
  const { token } = await app.registry.createOrganization(orgId);
  return { ...listening, token, client: createRegistryClient({ baseUrl: listening.baseUrl, token }) };
}
