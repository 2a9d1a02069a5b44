/**
 * The docs cache: the docs site served at a URL (definition, referenced API definitions, owner),
 * kept in memory per replica. Invalidation drops entries here, tells local listeners (the docs
 * host) and, through the notifier, every other replica on the same PostgreSQL.
 */
import type { ApiDefinition } from '@sextant/definition';
import type { DocsDefinitionJson, LoadedDocs } from '@sextant/registry-client';
import type { Kysely } from 'kysely';
import {
  type CacheObserver,
  createByteCache,
  createSingleFlight,
  loadedDocsHeapBytes,
} from '../docs-host/index.js';
import type { Database, Notifier } from '../storage/index.js';
import { apiChangelogOf } from './api-changelog.js';
import { unpackJson } from './compression.js';
import { iso } from './context.js';
import type { DefinitionCache } from './definition-cache.js';
import { linkedFiles } from './docs-files.js';
import { hostOwner } from './host-ownership.js';
import { type DocsAddress, lookupKeys } from './urls.js';

/** Which sites changed: their stored URLs (`host/base`), or all. */
export type InvalidatedUrls = string[] | 'all';

/** Cached docs loading with cross-replica invalidation. */
export interface DocsCache {
  /** The stored docs URL row that serves `address` (longest base path wins), or undefined. */
  resolve(address: DocsAddress): Promise<string | undefined>;
  /** The live docs at `address`, or undefined (unknown, archived or never registered). */
  load(address: DocsAddress): Promise<LoadedDocs | undefined>;
  /** Drops cached sites here and, when `broadcast`, on every replica. */
  invalidate(urls: InvalidatedUrls, broadcast?: boolean): Promise<void>;
  /** Hears invalidations, local and remote. */
  onInvalidated(listener: (urls: InvalidatedUrls) => void): () => void;
  /** The estimated bytes of the loaded sites kept (`sextant_cache_bytes{cache="registry-sites"}`). */
  bytes(): number;
  /** The estimated bytes of the hosts' stored URLs kept (`sextant_cache_bytes{cache="addresses"}`). */
  addressBytes(): number;
}

/** Bytes the hosts' stored URLs may hold without a budget (the server gives `addresses`'). */
const DEFAULT_ADDRESS_BYTES = 4 * 1024 * 1024;

/** Hears the cache's hits, misses and invalidations (metrics). */
export interface DocsCacheObserver {
  hit(): void;
  miss(): void;
  invalidated(scope: 'urls' | 'all'): void;
}

/**
 * What a host's stored URLs hold: the strings (UTF-16) and a round figure of bookkeeping each.
 * @example hostEntryBytes('docs.acme.com', new Set(['docs.acme.com', 'docs.acme.com/v2'])) // 276
 */
export const hostEntryBytes = (domain: string, urls: ReadonlySet<string>): number => {
  let bytes = 2 * domain.length + 64;
  for (const url of urls) bytes += 2 * url.length + 64;
  return bytes;
};

/** The host name of a stored docs URL or an address (`host[:port]/path`): what a publish can change the resolution of. */
const hostOfUrl = (url: string) => (url.split('/')[0] ?? '').replace(/:\d+$/, '');

/**
 * Creates the cache and subscribes it to the notifier. `onWrite` hears the invalidations this
 * replica makes (its own writes), not those it hears from others: the purge webhook.
 */
export function createDocsCache(
  db: Kysely<Database>,
  definitions: DefinitionCache,
  notifier: Notifier,
  observer?: DocsCacheObserver,
  onWrite?: (urls: InvalidatedUrls) => unknown,
  budget: { maxBytes: number; addressBytes?: number; observer?: CacheObserver } = {
    maxBytes: 64 * 1024 * 1024,
  },
): DocsCache {
  /** Loads in flight, one per URL; what they load is kept in `sites`, bounded by bytes. */
  const loading = new Map<string, Promise<LoadedDocs | undefined>>();
  const sites = createByteCache<string, { docs: LoadedDocs; bytes: number }>({
    name: 'registry-sites',
    maxBytes: budget.maxBytes,
    size: (entry) => entry.bytes,
    ...(budget.observer ? { observer: budget.observer } : {}),
  });
  /**
   * Every stored URL of a host (its `domain`, port included), bounded by bytes like every cache:
   * any address on the host resolves from them, so a site's pages cost one query per host, not
   * one per page (issue #30: every cold page of a loaded site asked the database before).
   */
  const hosts = createByteCache<string, ReadonlySet<string>>({
    name: 'addresses',
    maxBytes: budget.addressBytes ?? DEFAULT_ADDRESS_BYTES,
    size: (urls, domain) => hostEntryBytes(domain, urls),
    ...(budget.observer ? { observer: budget.observer } : {}),
  });
  const listeners = new Set<(urls: InvalidatedUrls) => void>();
  let generation = 0;

  const drop = (urls: InvalidatedUrls): void => {
    generation++;
    observer?.invalidated(urls === 'all' ? 'all' : 'urls');
    if (urls === 'all') {
      hosts.clear();
      sites.clear();
      loading.clear();
    } else {
      // Only the addresses on the published sites' hosts may now resolve elsewhere (a new base
      // path under them, a URL gone); every other host's URLs stay. Every port of a host name goes.
      const names = new Set(urls.map(hostOfUrl));
      for (const domain of [...hosts.keys()]) if (names.has(hostOfUrl(domain))) hosts.delete(domain);
      for (const url of urls) {
        sites.delete(url);
        loading.delete(url);
      }
    }
    for (const listener of listeners) listener(urls);
  };
  notifier.subscribe((message) => {
    try {
      const parsed = JSON.parse(message) as { urls?: InvalidatedUrls };
      if (parsed.urls === 'all' || Array.isArray(parsed.urls)) drop(parsed.urls);
    } catch {
      drop('all');
    }
  });

  /** One lookup per host at a time: a restart's first requests all ask for the same host. */
  const listing = createSingleFlight<ReadonlySet<string>>();
  const urlsOn = async (domain: string): Promise<ReadonlySet<string>> => {
    const known = hosts.get(domain);
    if (known) return known;
    const before = generation;
    return listing(`${before}\0${domain}`, async () => {
      const rows = await db.selectFrom('docs_urls').select('url').where('domain', '=', domain).execute();
      const urls = new Set(rows.map((row) => row.url));
      // A host without URLs is kept too: the registration that adds one invalidates its URL, and so its host.
      if (before === generation) hosts.set(domain, urls);
      return urls;
    });
  };
  const resolve = async (address: DocsAddress): Promise<string | undefined> => {
    const urls = await urlsOn(address.domain);
    return lookupKeys(address).find((key) => urls.has(key));
  };

  const fetchSite = async (url: string): Promise<LoadedDocs | undefined> => {
    const row = await db.selectFrom('docs_urls').selectAll().where('url', '=', url).executeTakeFirst();
    if (!row || row.is_archived || !row.docs_definition_id) return undefined;
    // Only the owner of the host name is served there, on any port (a row of another
    // organization, left from before ownership was by name, is never served).
    if ((await hostOwner(db, row.domain)) !== row.org_id) return undefined;
    const docs = await db
      .selectFrom('docs_definitions')
      .selectAll()
      .where('id', '=', row.docs_definition_id)
      .executeTakeFirst();
    if (!docs) return undefined;
    const apis: Record<string, ApiDefinition> = {};
    for (const [key, id] of Object.entries(docs.api_definition_ids)) {
      const definition = await definitions.parsed(id);
      if (definition) apis[key] = definition;
    }
    // Each linked API's changelog: what every publish of it changed (a site's changelogs show them).
    const apiChangelog = await apiChangelogOf(db, docs.api_definition_ids);
    return {
      baseUrl: { domain: row.domain, basePath: row.base_path },
      url: row.url,
      orgId: row.org_id,
      docsConfigId: docs.id,
      isPreview: row.is_preview,
      updatedAt: iso(row.updated_at),
      definition: await unpackJson<DocsDefinitionJson>(docs.definition_gz),
      apis,
      files: await linkedFiles(db, docs.id),
      ...(Object.keys(apiChangelog).length > 0 ? { apiChangelog } : {}),
    };
  };

  return {
    resolve,
    async load(address) {
      const url = await resolve(address);
      if (!url) return undefined;
      const cached = sites.get(url)?.docs ?? loading.get(url);
      if (cached) {
        observer?.hit();
        return cached;
      }
      observer?.miss();
      const before = generation;
      const pending = fetchSite(url);
      loading.set(url, pending);
      const settle = (site: LoadedDocs | undefined) => {
        if (loading.get(url) === pending) loading.delete(url);
        if (site && before === generation) sites.set(url, { docs: site, bytes: loadedDocsHeapBytes(site) });
      };
      pending.then(settle, () => settle(undefined));
      return pending;
    },
    async invalidate(urls, broadcast = true) {
      drop(urls);
      if (broadcast) await notifier.publish(JSON.stringify({ urls }));
      // After the write and without waiting: a CDN's purge must not slow or fail a publish.
      if (broadcast) void onWrite?.(urls);
    },
    onInvalidated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    bytes: () => sites.calculatedSize,
    addressBytes: () => hosts.calculatedSize,
  };
}
