/**
 * The process-wide caches of highlighted code (`highlight.ts`: a code block's lines by language;
 * `line-tokens.ts`: a line's tokens by grammar state) and of field descriptions' elements
 * (`description-memo.ts`), bounded by bytes together: the module
 * caches' `highlights` group (`@sextant/definition`'s module-caches.ts), each taking its share of
 * one budget, least recently used entries first. Every site shares them (Shiki's output depends
 * on the code alone). The server sizes the budget from `--memory` and hears evictions
 * (`configureHighlightCaches`); this package knows nothing of metrics.
 */
import {
  configureModuleCaches,
  DEFAULT_MODULE_CACHE_BYTES,
  type ModuleCache,
  moduleCache,
  moduleCacheBytes,
} from '@sextant/definition';

const GROUP = 'highlights';

/** The budget of all highlight caches together when the host sets none. */
export const DEFAULT_HIGHLIGHT_CACHE_BYTES = DEFAULT_MODULE_CACHE_BYTES;

export type HighlightCache<V> = ModuleCache<V>;

/**
 * A highlight cache taking `share` of the budget, each entry weighing `size(value, key)` bytes.
 * @example const lines = highlightCache<string[]>(0.5, (v, k) => 2 * (k.length + v.join('').length));
 */
export function highlightCache<V extends {}>(
  share: number,
  size: (value: V, key: string) => number,
): HighlightCache<V> {
  return moduleCache(GROUP, share, size);
}

/**
 * Sets the budget of every highlight cache (entries kept so far are dropped) and who hears evictions.
 * @example configureHighlightCaches({ maxBytes: budgets.highlights, onEvicted: () => metrics.cacheEvicted('highlights') })
 */
export function configureHighlightCaches(options: { maxBytes: number; onEvicted?: () => void }): void {
  configureModuleCaches(GROUP, options);
}

/** Bytes the highlight caches hold now. */
export function highlightCacheBytes(): number {
  return moduleCacheBytes(GROUP);
}
