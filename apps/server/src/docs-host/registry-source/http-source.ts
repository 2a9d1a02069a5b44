/**
 * The site source of a docs host running alone (`sextant serve --no-registry --registry-url …`):
 * the registry read over HTTP with the typed client (retries, timeouts), cached here.
 *
 * - A request address (`host/path`) resolves to its stored docs URL and version through the
 *   small `metadata-for-url` call (cached per address); the site itself (`load-with-url`,
 *   definition and APIs, possibly megabytes) is fetched once per stored URL and version.
 * - Files come from `GET /v2/registry/docs/file` by sha256, scoped to the site's URL; they are
 *   content-addressed, so the cache never holds a stale one.
 * - Every cache here is bounded by bytes (byte-cache.ts): sites under `registry-sites`, files
 *   under `files`, address resolutions under `addresses` (budgets from `--memory`).
 * - Changes arrive within a second: with `databaseUrl`, through PostgreSQL LISTEN/NOTIFY (the
 *   registry's own channel); otherwise through the registry's `/docs-cache/events` stream. While
 *   that stream is down, resolutions are not cached (every request asks the registry), so a
 *   lost stream costs requests, never staleness. When the registry itself does not answer, the
 *   last version seen at an address is served (stale beats an error page).
 */

import { createHash } from 'node:crypto';
import { UnexpectedStatusError } from '@sextant/definition/errors';
import { createRegistryClient, type LoadedDocs, RegistryNamedError } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CacheBudgets, cacheBudgets } from '../../memory-budget.js';
import { withRequestId } from '../../request-id.js';
import { createPgPool, createPostgresNotifier } from '../../storage/index.js';
import { type CacheObserver, createByteCache, loadedDocsHeapBytes } from '../byte-cache.js';
import { subscribeToInvalidations } from './invalidation-stream.js';
import { type InvalidatedSites, SITE_SOURCE_PLUGIN, type SiteSource } from './site-source.js';

export interface HttpSiteSourceOptions {
  /** Base URL of the registry (`https://registry.internal`). */
  registryUrl: string;
  /** The registry's PostgreSQL: invalidations through LISTEN/NOTIFY instead of the event stream. */
  databaseUrl?: string;
  /** Per-call timeout in seconds (default 5). */
  timeoutInSeconds?: number;
  /** Retries of a call on 408, 429 and 5xx (default 2, 100 ms backoff doubling to 1 s). */
  maxRetries?: number;
  /** Byte budgets of its caches (default `cacheBudgets()`'s, from the machine's memory). */
  budgets?: Partial<Pick<CacheBudgets, HttpSourceCache>>;
  /** Hears the caches' evictions (`/metrics`). */
  observer?: CacheObserver;
  fetch?: typeof fetch;
}

interface Resolution {
  url: string;
  version: string;
}

/** Names the registry answers for "no docs here": the site is simply absent. */
const ABSENT = new Set(['DomainNotRegisteredError', 'DocsNotFoundError', 'InvalidURLError']);
/** The caches of the source over HTTP, by their `/metrics` name. */
export type HttpSourceCache = 'registry-sites' | 'files' | 'addresses';
/** What a site weighs while it loads (its real weight is set once loaded). */
const LOADING_SITE_BYTES = 1024;
/** What an address's resolution weighs besides its key: the URL, the version, the promise. */
const RESOLUTION_BYTES = 256;

const absentOn = async <T>(call: Promise<T>): Promise<T | undefined> => {
  try {
    return await call;
  } catch (error) {
    if (error instanceof RegistryNamedError && ABSENT.has(error.errorName)) return undefined;
    throw error;
  }
};

/**
 * The source over HTTP, its caches and its invalidation feed (started by `start`).
 * @example const source = createHttpSiteSource({ registryUrl: 'http://127.0.0.1:4000' }); source.start();
 */
export function createHttpSiteSource(options: HttpSiteSourceOptions): SiteSource & {
  start(log: (message: string) => void): Promise<void>;
  stop(): Promise<void>;
  /** Bytes each cache holds (`sextant_cache_bytes{cache}`). */
  bytes(cache: HttpSourceCache): number;
} {
  const registryUrl = options.registryUrl.replace(/\/+$/, '');
  // A registry call made for a request carries its X-Request-Id.
  const fetchFn = withRequestId(options.fetch ?? globalThis.fetch.bind(globalThis));
  const client = createRegistryClient({
    baseUrl: registryUrl,
    timeoutInSeconds: options.timeoutInSeconds ?? 5,
    maxRetries: options.maxRetries ?? 2,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    fetch: fetchFn,
  });
  const budgets = { ...cacheBudgets(), ...options.budgets };
  const observed = options.observer ? { observer: options.observer } : {};
  // The addresses' budget is shared by the live resolutions and the last ones seen.
  const resolutions = createByteCache<string, Promise<Resolution | undefined>>({
    name: 'addresses',
    maxBytes: budgets.addresses / 2,
    size: (_, address) => 2 * address.length + RESOLUTION_BYTES,
    ...observed,
  });
  const sites = createByteCache<
    string,
    { version: string; docs: Promise<LoadedDocs | undefined>; bytes: number }
  >({
    name: 'registry-sites',
    maxBytes: budgets['registry-sites'],
    size: (entry) => entry.bytes,
    ...observed,
  });
  const files = createByteCache<string, Uint8Array>({
    name: 'files',
    maxBytes: budgets.files,
    size: (bytes) => bytes.byteLength,
    ...observed,
  });
  const listeners = new Set<(urls: InvalidatedSites) => void>();
  /** Whether invalidations reach this replica now: caches are used only then. */
  let hearing = false;
  let generation = 0;
  let stopFeed: (() => Promise<void>) | undefined;

  /** The last answer per address, whatever the feed: served only while the registry cannot answer. */
  const lastKnown = createByteCache<string, { found?: Resolution }>({
    name: 'addresses',
    maxBytes: budgets.addresses / 2,
    size: (_, address) => 2 * address.length + RESOLUTION_BYTES,
    ...observed,
  });

  // Sites are kept by URL and version: a resolution names the version, so an invalidation only
  // needs to drop resolutions (a new, longer base path may now serve another URL's addresses).
  const invalidate = (urls: InvalidatedSites): void => {
    generation++;
    resolutions.clear();
    for (const listener of listeners) listener(urls);
  };

  const resolve = (address: string): Promise<Resolution | undefined> => {
    const cached = hearing ? resolutions.get(address) : undefined;
    if (cached) return cached;
    const before = generation;
    const pending = absentOn(client.getMetadataForUrl({ body: { url: address } })).then((meta) => {
      const found =
        meta && !meta.isArchived && meta.docsConfigId
          ? { url: meta.url, version: `${meta.docsConfigId}@${meta.updatedAt}` }
          : undefined;
      lastKnown.set(address, found ? { found } : {});
      return found;
    });
    if (hearing) {
      // Absent sites are cached too (a publish invalidates); a failed or overtaken call is not.
      resolutions.set(address, pending);
      const forget = () => {
        if (resolutions.peek(address) === pending) resolutions.delete(address);
      };
      pending.then(() => {
        if (before !== generation) forget();
      }, forget);
    }
    return pending;
  };

  const source: SiteSource = {
    kind: 'http',
    async loadDocsForUrl(address) {
      let found: Resolution | undefined;
      try {
        found = await resolve(address);
      } catch (error) {
        // The registry does not answer (after retries): serve the last version seen, if any.
        const stale = lastKnown.get(address)?.found;
        const kept = stale && sites.get(stale.url);
        if (kept && kept.version === stale.version) return kept.docs;
        throw error;
      }
      if (!found) return undefined;
      const cached = sites.get(found.url);
      if (cached && cached.version === found.version) return cached.docs;
      const before = generation;
      const docs = absentOn(client.loadDocsForUrl({ body: { url: found.url } }));
      const entry = { version: found.version, docs, bytes: LOADING_SITE_BYTES };
      sites.set(found.url, entry);
      const forget = () => {
        if (sites.peek(found.url) === entry) sites.delete(found.url);
      };
      docs.then((loaded) => {
        if (!loaded || before !== generation) forget();
        // Loaded: weighed now (one entry per site and version, joined by every request meanwhile).
        else if (sites.peek(found.url) === entry)
          sites.set(found.url, { ...entry, bytes: loadedDocsHeapBytes(loaded) });
      }, forget);
      return docs;
    },
    onDocsInvalidated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async readDocsFile(siteUrl, file) {
      const cached = files.get(file.sha256);
      if (cached) return cached;
      const content = await absentOn(
        client.readDocsFileForUrl({ query: { url: siteUrl, sha256: file.sha256 } }),
      );
      if (!content) return undefined;
      const bytes = Buffer.from(content.base64, 'base64');
      // The address is the hash: bytes that do not match it are never served or kept.
      if (createHash('sha256').update(bytes).digest('hex') !== file.sha256) return undefined;
      const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      files.set(file.sha256, view);
      return view;
    },
    client: () => client,
    async check() {
      const response = await fetchFn(`${registryUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (!response.ok)
        throw new UnexpectedStatusError(
          `the registry at ${registryUrl}`,
          response.status,
          `the registry at ${registryUrl} answered ${response.status}`,
        );
    },
  };

  const held = { addresses: resolutions, 'registry-sites': sites, files } as const;
  return {
    ...source,
    bytes: (cache) => held[cache].calculatedSize + (cache === 'addresses' ? lastKnown.calculatedSize : 0),
    async start(log) {
      if (options.databaseUrl) {
        // Only LISTENs: the pool is there for the notifier's publish, which this replica never calls.
        const pool = createPgPool({ connectionString: options.databaseUrl, max: 1 });
        try {
          const notifier = await createPostgresNotifier(options.databaseUrl, pool, {
            onDisconnected: () => {
              hearing = false;
              log('docs host: the LISTEN connection dropped; not caching until it is back');
            },
            onReconnected: () => {
              // Messages sent while away are lost: forget what they might have changed.
              invalidate('all');
              hearing = true;
            },
          });
          const unsubscribe = notifier.subscribe((message) => {
            try {
              const parsed = JSON.parse(message) as { urls?: InvalidatedSites };
              invalidate(parsed.urls === 'all' || Array.isArray(parsed.urls) ? parsed.urls : 'all');
            } catch {
              invalidate('all');
            }
          });
          hearing = true;
          stopFeed = async () => {
            unsubscribe();
            await notifier.close();
            await pool.end();
          };
          log('docs host: invalidations by PostgreSQL LISTEN/NOTIFY');
          return;
        } catch (error) {
          await pool.end().catch(() => undefined);
          log(
            // The code only: database error text may quote what it was sent.
            `docs host: LISTEN on DATABASE_URL failed (${(error as { code?: string }).code ?? 'error'}); using the registry event stream`,
          );
        }
      }
      const stop = subscribeToInvalidations({
        registryUrl,
        fetch: fetchFn,
        onInvalidated: invalidate,
        onConnected: () => {
          invalidate('all');
          hearing = true;
          log('docs host: invalidations by the registry event stream');
        },
        onDisconnected: (reason) => {
          if (hearing)
            log(`docs host: the registry event stream dropped (${reason}); not caching until it is back`);
          hearing = false;
        },
      });
      stopFeed = async () => stop();
    },
    async stop() {
      hearing = false;
      await stopFeed?.();
    },
  };
}

async function httpSource(app: FastifyInstance, options: HttpSiteSourceOptions): Promise<void> {
  const metrics = app.hasDecorator('metrics') ? app.metrics : undefined;
  const source = createHttpSiteSource({
    ...options,
    ...(metrics ? { observer: { evicted: (name) => metrics.cacheEvicted(name) } } : {}),
  });
  for (const cache of ['registry-sites', 'files', 'addresses'] as const)
    metrics?.watchCache(cache, () => source.bytes(cache));
  app.decorate('docsSiteSource', source);
  app.addHook('onReady', async () => {
    await source.start((message) => app.log.info(message));
  });
  app.addHook('onClose', async () => source.stop());
}

/** `app.docsSiteSource` over HTTP (a docs host running alone). */
export const httpSiteSource = fp(httpSource, { name: SITE_SOURCE_PLUGIN, fastify: '5.x' });
