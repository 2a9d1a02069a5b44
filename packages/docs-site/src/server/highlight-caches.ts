/**
 * The process-wide caches of highlighted code (`highlight.ts`: a code block's lines by language;
 * `line-tokens.ts`: a line's tokens by grammar state) and of field descriptions' elements
 * (`description-memo.ts`), bounded by bytes together: each takes its
 * share of one budget, least recently used entries first. Every site shares them (Shiki's output
 * depends on the code alone). The server sizes the budget from `--memory` and hears evictions
 * (`configureHighlightCaches`); this package knows nothing of metrics.
 */
import { LRUCache } from 'lru-cache';

/** The budget of all highlight caches together when the host sets none. */
export const DEFAULT_HIGHLIGHT_CACHE_BYTES = 16 * 1024 * 1024;

export interface HighlightCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

interface Registered {
  share: number;
  size: (value: never, key: string) => number;
  cache?: LRUCache<string, {}>;
}

const registered: Registered[] = [];
let budgetBytes = DEFAULT_HIGHLIGHT_CACHE_BYTES;
let onEvicted: (() => void) | undefined;

function cacheOf(entry: Registered): LRUCache<string, {}> {
  entry.cache ??= new LRUCache<string, {}>({
    maxSize: Math.max(1, Math.floor(budgetBytes * entry.share)),
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(entry.size(value as never, key))),
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') onEvicted?.();
    },
  });
  return entry.cache;
}

/**
 * A highlight cache taking `share` of the budget, each entry weighing `size(value, key)` bytes.
 * @example const lines = highlightCache<string[]>(0.5, (v, k) => 2 * (k.length + v.join('').length));
 */
export function highlightCache<V extends {}>(
  share: number,
  size: (value: V, key: string) => number,
): HighlightCache<V> {
  const entry: Registered = { share, size: size as Registered['size'] };
  registered.push(entry);
  return {
    get: (key) => cacheOf(entry).get(key) as V | undefined,
    set: (key, value) => {
      cacheOf(entry).set(key, value);
    },
  };
}

/**
 * Sets the budget of every highlight cache (entries kept so far are dropped) and who hears evictions.
 * @example configureHighlightCaches({ maxBytes: budgets.highlights, onEvicted: () => metrics.cacheEvicted('highlights') })
 */
export function configureHighlightCaches(options: { maxBytes: number; onEvicted?: () => void }): void {
  budgetBytes = options.maxBytes;
  onEvicted = options.onEvicted;
  for (const entry of registered) entry.cache = undefined;
}

/** Bytes the highlight caches hold now. */
export function highlightCacheBytes(): number {
  return registered.reduce((sum, entry) => sum + (entry.cache?.calculatedSize ?? 0), 0);
}
