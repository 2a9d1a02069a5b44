/**
 * The render caches of every site this server holds (hosted sites, the local project): one byte
 * budget (`renders`, from `--memory`) shared by all of them, least recently used entries first,
 * evictions counted in `/metrics` like every cache's. Each site reads and writes only under its
 * own prefix (a number no other site gets), so sites never share an entry. A site a publish
 * replaced or dropped has its entries deleted (`dropRenders`), here and on every replica that
 * hears the invalidation; entries of sites merely evicted from the sites cache too.
 *
 * A site's keys are prefixed once each (`SitePrefixedKeys`): the renderer's keys are long and
 * stable strings (a kept property row's key holds its description), and a key concatenated anew
 * for every lookup is a new string to flatten and hash whole (~0.9 µs a lookup against ~0.08 µs
 * for the same string object, whose hash V8 keeps; a GitHub page looks up ~100 rows).
 */
import { flatString } from '@sextant/definition';
import type { RenderCache, RenderCacheFactory } from '@sextant/docs-site';
import { type CacheObserver, createByteCache } from './byte-cache.js';

/** Characters of prefixed keys a site keeps (~4 MB of UTF-16 at most); past it they are made again. */
export const PREFIXED_KEY_CHARACTERS = 2 * 1024 * 1024;

/** `prefix + key`, the same string object for the same key while the table holds it. */
export function sitePrefixedKeys(prefix: string, maxCharacters = PREFIXED_KEY_CHARACTERS) {
  const prefixed = new Map<string, string>();
  let characters = 0;
  return (key: string): string => {
    let full = prefixed.get(flatString(key));
    if (full === undefined) {
      // The key and its prefixed copy.
      const cost = 2 * key.length + prefix.length;
      if (characters + cost > maxCharacters) {
        prefixed.clear();
        characters = 0;
      }
      full = flatString(prefix + key);
      prefixed.set(key, full);
      characters += cost;
    }
    return full;
  };
}

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
      const keyOf = sitePrefixedKeys(prefix);
      let dropped = false;
      return {
        get: (key) => entries.get(keyOf(key))?.entry,
        set: (key, entry, bytes) => {
          if (!dropped) entries.set(keyOf(key), { entry, bytes });
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
