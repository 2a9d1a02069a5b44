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
export type CacheName = 'pages' | 'sites' | 'responses' | 'definitions' | 'registry-sites';

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
}

/**
 * @example const pages = createByteCache<string, Buffer>({ name: 'responses', maxBytes: 8 << 20, size: (b) => b.length });
 */
export function createByteCache<K extends {}, V extends {}>(
  options: ByteCacheOptions<K, V>,
): ByteCache<K, V> {
  const observer = options.observer;
  const cache = new LRUCache<K, V>({
    maxSize: Math.max(1, Math.floor(options.maxBytes)),
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(options.size(value, key))),
    ...(options.ttlMs ? { ttl: options.ttlMs } : {}),
    ...(observer
      ? {
          dispose: (_value: V, _key: K, reason: LRUCache.DisposeReason) => {
            if (reason === 'evict') observer.evicted(options.name);
          },
        }
      : {}),
  });
  return Object.assign(cache, { cacheName: options.name });
}

/** What a parsed JSON value holds in the heap per byte of its JSON text: a round estimate. */
export const HEAP_BYTES_PER_JSON_BYTE = 3;

/**
 * The estimated heap bytes of parsed JSON values (a site's definition and APIs).
 * @example jsonHeapBytes(loaded.definition, loaded.apis)
 */
export function jsonHeapBytes(...values: unknown[]): number {
  let bytes = 0;
  for (const value of values) bytes += JSON.stringify(value)?.length ?? 0;
  return bytes * HEAP_BYTES_PER_JSON_BYTE;
}
