/**
 * The one shape of every in-memory cache of the docs host and the registry (issue #30 item 4):
 * least recently used entries go first once the entries' bytes pass `maxBytes`, the budget
 * `memory-budget.ts` derives from `--memory`. Each entry's bytes come from `size` (a body's
 * length, a site's stored size): an estimate of what it holds, never below 1. Evictions (by
 * bytes, not by expiry or invalidation) go to the observer, `/metrics`'
 * `sextant_cache_evictions_total{cache}`; `calculatedSize` is `sextant_cache_bytes{cache}`.
 */
import { LRUCache } from 'lru-cache';

/** The cache names `/metrics` labels (a fixed set: the series stay bounded). */
export type CacheName =
  | 'pages'
  | 'renders'
  | 'sites'
  | 'responses'
  | 'definitions'
  | 'registry-sites'
  | 'files'
  | 'highlights'
  | 'addresses'
  | 'compiled';

/** Hears a cache's evictions. */
export interface CacheObserver {
  evicted(cache: CacheName): void;
}

export type ByteCache<K extends {}, V extends {}> = LRUCache<K, V> & { readonly cacheName: CacheName };

export interface ByteCacheOptions<K, V> {
  name: CacheName;
  maxBytes: number;
  /** The bytes `value` holds (rounded up to a whole number, at least 1). */
  size(value: V, key: K): number;
  /** Entries older than this are not served (ms); default none. */
  ttlMs?: number;
  observer?: CacheObserver;
  /** Hears every entry that leaves: evicted, deleted, cleared, or replaced by a `set` of its key. */
  onRemoved?(value: V, key: K): void;
}

/**
 * @example const pages = createByteCache<string, Buffer>({ name: 'responses', maxBytes: 8 << 20, size: (b) => b.length });
 */
export function createByteCache<K extends {}, V extends {}>(
  options: ByteCacheOptions<K, V>,
): ByteCache<K, V> {
  const { observer, onRemoved } = options;
  const cache = new LRUCache<K, V>({
    maxSize: Math.max(1, Math.floor(options.maxBytes)),
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(options.size(value, key))),
    ...(options.ttlMs ? { ttl: options.ttlMs } : {}),
    ...(observer || onRemoved
      ? {
          dispose: (value: V, key: K, reason: LRUCache.DisposeReason) => {
            if (reason === 'evict') observer?.evicted(options.name);
            onRemoved?.(value, key);
          },
        }
      : {}),
  });
  return Object.assign(cache, { cacheName: options.name });
}

/** What a parsed JSON value holds in the heap per byte of its JSON text: a round estimate. */
export const HEAP_BYTES_PER_JSON_BYTE = 3;

/**
 * The JSON text lengths of values parsed from stored bytes, by value: the loader knows them for
 * free, while measuring them again (`JSON.stringify` of a large API's definition) cost seconds
 * of CPU on the first request after a restart (issue #30).
 */
const knownJsonBytes = new WeakMap<object, number>();

/**
 * Records that `value` was parsed from `jsonBytes` bytes of JSON ({@link jsonHeapBytes} uses it).
 * @example rememberJsonBytes(JSON.parse(text), Buffer.byteLength(text))
 */
export function rememberJsonBytes<T>(value: T, jsonBytes: number): T {
  if (typeof value === 'object' && value !== null) knownJsonBytes.set(value, jsonBytes);
  return value;
}

/**
 * The estimated heap bytes of parsed JSON values (a site's definition and APIs): from the
 * length each was parsed from when known, else from its serialisation.
 * @example jsonHeapBytes(loaded.definition, ...Object.values(loaded.apis))
 */
export function jsonHeapBytes(...values: unknown[]): number {
  let bytes = 0;
  for (const value of values) {
    const known = typeof value === 'object' && value !== null ? knownJsonBytes.get(value) : undefined;
    bytes += known ?? JSON.stringify(value)?.length ?? 0;
  }
  return bytes * HEAP_BYTES_PER_JSON_BYTE;
}

/**
 * The estimated heap bytes of a loaded site: its definition, each API definition (shared
 * between sites, counted in each) and the rest.
 * @example sites.set(url, { docs, bytes: loadedDocsHeapBytes(docs) })
 */
export function loadedDocsHeapBytes(docs: {
  definition: unknown;
  apis: Record<string, unknown>;
  [other: string]: unknown;
}): number {
  const { definition, apis, ...rest } = docs;
  return jsonHeapBytes(definition, ...Object.values(apis), rest);
}
