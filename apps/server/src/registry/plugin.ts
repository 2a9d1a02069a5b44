/**
 * The registry as a Fastify plugin. It opens the database (PGlite or PostgreSQL), runs the
 * migrations, creates the local organization in local mode, mounts every route of the table in
 * its own encapsulated context, and decorates the root instance with `app.registry` (the
 * `RegistryService` the docs host loads sites through).
 */
import { resolveTxt } from 'node:dns/promises';
import { join } from 'node:path';
import type { LoadedDocs } from '@sextant/registry-client';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CacheObserver } from '../docs-host/index.js';
import { cacheBudgets } from '../memory-budget.js';
import { queryTimer, type ServerMetrics } from '../metrics/index.js';
import type { ServerOptions } from '../options.js';
import { type OpenDatabase, openBlobStores, openDatabase } from '../storage/index.js';
import type { RegistryContext } from './context.js';
import { createDefinitionCache } from './definition-cache.js';
import { createDocsCache, type InvalidatedUrls } from './docs-cache.js';
import { readDocsFile } from './docs-files.js';
import { createEnvironmentHosts, type EnvironmentHosts } from './environment-hosts.js';
import { fail } from './errors.js';
import { approvedHosts } from './host-ownership.js';
import {
  type AddedMember,
  addMember,
  createOperatorToken,
  createOrganization,
  type MemberToken,
} from './identity.js';
import { bootstrapLocal, type LocalAdmin } from './local-bootstrap.js';
import { createPurgeWebhook } from './purge-webhook.js';
import { registerRoutes } from './routes.js';
import { hostName, parseDocsAddress } from './urls.js';

/** Options of the registry plugin: the server's database, blob store and tenancy options, and its own. */
export interface RegistryPluginOptions
  extends Pick<
    ServerOptions,
    | 'mode'
    | 'databaseUrl'
    | 'dataDir'
    | 'databasePool'
    | 'databaseListenUrl'
    | 'blobDir'
    | 'blobStore'
    | 'previewDomain'
    | 'registry'
    | 'openRegistryAfter'
    | 'consoleHost'
    | 'memoryMiB'
  > {
  /** Route prefix. Default none (paths exactly as in SPEC §7). */
  prefix?: string;
}

/** Tenancy options of the registry. */
export interface RegistryTenancyOptions {
  /**
   * Hosts an operator approved: the first organization to register one owns it without a DNS
   * proof (an entry without port approves every port). `SEXTANT_ALLOW_DOMAINS` adds to them.
   */
  allowDomains?: readonly string[];
  /** DNS TXT lookup of domain claims; default node:dns/promises `resolveTxt`. */
  resolveTxt?: (name: string) => Promise<string[][]>;
}

/** What the rest of the server (the docs host, the CLI) uses of the registry. */
export interface RegistryService {
  /** The docs served at `url` (host plus optional path): definition, referenced APIs, owner; undefined when none. */
  loadDocsForUrl(url: string): Promise<LoadedDocs | undefined>;
  /** Hears docs invalidations (this replica's and, on PostgreSQL, every other's). Returns unsubscribe. */
  onDocsInvalidated(listener: (urls: InvalidatedUrls) => void): () => void;
  /** The bytes of a stored docs file; reach file ids only through a loaded site's `files`. */
  readDocsFile(fileId: string): Promise<Uint8Array | undefined>;
  /** Invalidates one docs URL (or all) on every replica. */
  invalidateDocs(url?: string): Promise<void>;
  /** Creates an organization with an admin user and token (operators, tests); OrganizationExistsError when taken. */
  createOrganization(orgId: string, userId?: string): Promise<MemberToken>;
  /**
   * Adds a member as an admin of the organization would (default role member): a new user gets a
   * first token; an existing user is invited (no token); an existing member gets the role.
   */
  addMember(userId: string, orgId: string, role?: 'admin' | 'member'): Promise<AddedMember>;
  /** Creates the platform operator (user `operator`) when missing and a new token for it: log it once. */
  createOperatorToken(): Promise<{ userId: string; tokenId: string; token: string }>;
  /** Resolves when the database is open and migrated; rejects with the reason it could not open. */
  ready(): Promise<void>;
  /** Local mode: the organization and admin token (made on first start, reused after): print them. */
  localAdmin(): Promise<LocalAdmin | undefined>;
  /** The open database (tests and tools). */
  database(): Promise<OpenDatabase>;
  /** Hosts of the environments of every registered API definition (the proxy's optional allowlist). */
  environmentHosts(): EnvironmentHosts;
}

declare module 'fastify' {
  interface FastifyInstance {
    registry: RegistryService;
  }
}

async function open(
  options: RegistryPluginOptions,
  metrics: ServerMetrics | undefined,
  log: FastifyBaseLogger,
  closing: AbortSignal,
): Promise<{ ctx: RegistryContext; database: OpenDatabase; localAdmin: LocalAdmin | undefined }> {
  // A server closed while the gate is shut (a dev server whose port is taken) never opens the database.
  const closed = new Promise<void>((resolve) => closing.addEventListener('abort', () => resolve()));
  await Promise.race([options.openRegistryAfter?.catch(() => undefined), closed]);
  if (closing.aborted) fail('UnavailableError', 'the server closed before its registry opened');
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const database = await openDatabase({
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(options.dataDir ? { dataDir: join(options.dataDir, 'pgdata') } : {}),
    ...(options.databasePool ? { poolSize: options.databasePool } : {}),
    ...(options.databaseListenUrl ? { listenUrl: options.databaseListenUrl } : {}),
    onConnectionError: (error, connection) =>
      log.warn(
        { err: error },
        connection === 'pool'
          ? 'registry: a database connection was lost (it is replaced on the next query)'
          : 'registry: the LISTEN connection dropped or could not reconnect (retrying with backoff)',
      ),
  });
  try {
    const blobs = await openBlobStores(
      {
        ...(options.blobStore ? { blobStore: options.blobStore } : {}),
        ...(options.blobDir ? { blobDir: options.blobDir } : {}),
        ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      },
      database,
    );
    // Query times and pool figures go to the metrics when they are on.
    const db = metrics ? database.db.withPlugin(queryTimer(metrics)) : database.db;
    metrics?.setPoolSource(database.poolStats);
    const budgets = cacheBudgets(options.memoryMiB);
    const evictions: CacheObserver | undefined = metrics && {
      evicted: (name) => metrics.cacheEvicted(name),
    };
    const definitions = createDefinitionCache(db, budgets.definitions, evictions);
    const ctx: RegistryContext = {
      db,
      blobs: blobs.primary,
      ...(blobs.previous ? { previousBlobs: blobs.previous } : {}),
      definitions,
      docsCache: createDocsCache(
        db,
        definitions,
        database.notifier,
        metrics && {
          hit: metrics.docsCacheHit,
          miss: metrics.docsCacheMiss,
          invalidated: metrics.docsCacheInvalidation,
        },
        process.env.SEXTANT_PURGE_WEBHOOK
          ? createPurgeWebhook({ url: process.env.SEXTANT_PURGE_WEBHOOK, log })
          : undefined,
        {
          maxBytes: budgets['registry-sites'],
          addressBytes: budgets.addresses,
          ...(evictions ? { observer: evictions } : {}),
        },
      ),
      previewDomain: options.previewDomain ?? 'preview.localhost',
      domains: {
        mode: options.mode,
        allowDomains: approvedHosts([
          ...(options.registry?.allowDomains ?? []),
          ...(process.env.SEXTANT_ALLOW_DOMAINS ? [process.env.SEXTANT_ALLOW_DOMAINS] : []),
        ]),
        resolveTxt: options.registry?.resolveTxt ?? resolveTxt,
        reservedHosts: new Set(options.consoleHost ? [hostName(options.consoleHost)] : []),
      },
    };
    metrics?.watchCache('registry-sites', () => ctx.docsCache.bytes());
    metrics?.watchCache('addresses', () => ctx.docsCache.addressBytes());
    metrics?.watchCache('definitions', () => definitions.bytes());
    const localAdmin =
      options.mode === 'local' ? await bootstrapLocal(database.db, options.dataDir) : undefined;
    return { ctx, database, localAdmin };
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function registry(app: FastifyInstance, options: RegistryPluginOptions): Promise<void> {
  // PGlite takes seconds to start (more on a busy machine): open in the background so the
  // server listens at once; registry requests and service calls wait for it.
  const closing = new AbortController();
  const opening = open(options, app.metrics, app.log, closing.signal);
  opening.then(
    ({ localAdmin }) => {
      if (localAdmin)
        app.log.info(
          { orgId: localAdmin.orgId, created: localAdmin.created },
          'registry: local organization ready',
        );
    },
    (error: unknown) => {
      if (!closing.signal.aborted) app.log.error({ err: error }, 'registry: the database failed to open');
    },
  );
  app.addHook('onClose', async () => {
    closing.abort();
    const opened = await opening.catch(() => undefined);
    await opened?.database.close();
  });
  const ctx = async () => (await opening).ctx;

  let environmentHosts: EnvironmentHosts | undefined;
  const service: RegistryService = {
    environmentHosts() {
      environmentHosts ??= createEnvironmentHosts(async () => (await ctx()).db);
      return environmentHosts;
    },
    async ready() {
      await opening;
    },
    async localAdmin() {
      return (await opening).localAdmin;
    },
    async database() {
      return (await opening).database;
    },
    async loadDocsForUrl(url) {
      const address = parseDocsAddress(url);
      return address ? (await ctx()).docsCache.load(address) : undefined;
    },
    onDocsInvalidated(listener) {
      let unsubscribe: (() => void) | undefined;
      let cancelled = false;
      void ctx().then(
        (opened) => {
          if (!cancelled) unsubscribe = opened.docsCache.onInvalidated(listener);
        },
        () => undefined,
      );
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
    async invalidateDocs(url) {
      const { docsCache } = await ctx();
      const address = url === undefined ? undefined : parseDocsAddress(url);
      if (!address) return docsCache.invalidate('all');
      return docsCache.invalidate([(await docsCache.resolve(address)) ?? address.url]);
    },
    readDocsFile: async (fileId) => readDocsFile(await ctx(), fileId),
    createOrganization: async (orgId, userId) => createOrganization((await ctx()).db, orgId, userId),
    addMember: async (userId, orgId, role = 'member') =>
      addMember((await ctx()).db, userId, orgId, role, 'operator'),
    createOperatorToken: async () => createOperatorToken((await ctx()).db),
  };
  app.decorate('registry', service);
  await app.register(
    async (scope) => registerRoutes(scope, ctx),
    options.prefix ? { prefix: options.prefix } : {},
  );
}

/** The registry plugin (shares `app.registry` with the root instance). */
export const registryPlugin = fp(registry, { name: 'sextant-registry', fastify: '5.x' });
