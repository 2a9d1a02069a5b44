/**
 * The render caches of every site this server holds (hosted sites, the local project): one byte
 * budget (`renders`, from `--memory`) shared by all of them, least recently used entries first,
 * evictions counted in `/metrics` like every cache's. Each site reads and writes only under its
 * own prefix (a number no other site gets), so sites never share an entry. A site a publish
 * replaced or dropped has its entries deleted (`dropRenders`), here and on every replica that
 * hears the invalidation; entries of sites merely evicted from the sites cache too.
 */
import type { RenderCache, RenderCacheFactory } from '@sextant/docs-site';
import { type CacheObserver, createByteCache } from './byte-cache.js';

export interface RenderCaches {
  /** Gives `createDocsSite` a render cache per site (`renderCache` option). */
  forSite: RenderCacheFactory;
  /** Bytes held by every site's entries (`sextant_cache_bytes{cache="renders"}`). */
  bytes(): number;
}

/**
 * @example const renders = createRenderCaches({ maxBytes: budgets.renders }); createDocsSite(docs, apis, v, { renderCache: renders.forSite });
 */
export function createRenderCaches(options: { maxBytes: number; observer?: CacheObserver }): RenderCaches {
  const entries = createByteCache<string, { entry: { value: unknown }; bytes: number }>({
    name: 'renders',
    maxBytes: options.maxBytes,
    size: (kept) => kept.bytes,
    ...(options.observer ? { observer: options.observer } : {}),
  });
  let sites = 0;
  return {
    forSite(): RenderCache {
      const prefix = `${(++sites).toString(36)}\0`;
      let dropped = false;
      return {
        get: (key) => entries.get(prefix + key)?.entry,
        set: (key, entry, bytes) => {
          if (!dropped) entries.set(prefix + key, { entry, bytes });
        },
        clear() {
          dropped = true;
          // Collected first: the cache's key walk must not see its own deletions.
          const keys = [...entries.keys()].filter((key) => key.startsWith(prefix));
          for (const key of keys) entries.delete(key);
        },
      };
    },
    bytes: () => entries.calculatedSize,
  };
}
