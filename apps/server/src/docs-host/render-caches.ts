/**
 * The render caches of every site this server holds (hosted sites, the local project): one byte
 * budget (`renders`, from `--memory`) shared by all of them, least recently used entries first,
 * evictions counted in `/metrics` like every cache's. Each site reads and writes only under its
 * own prefix (a number no other site gets), so sites never share an entry; the entries of a site
 * dropped or replaced by a publish are never read again and go first as the budget fills.
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
      return {
        get: (key) => entries.get(prefix + key)?.entry,
        set: (key, entry, bytes) => {
          entries.set(prefix + key, { entry, bytes });
        },
      };
    },
    bytes: () => entries.calculatedSize,
  };
}
