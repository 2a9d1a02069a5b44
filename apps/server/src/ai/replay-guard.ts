/**
 * Remembers keys (request signatures, event ids) for a while: a second sighting within `ttlMs`
 * is a replay or a retry. Bounded: the oldest keys go first when full.
 */

export interface ReplayGuard {
  /** True the first time `key` is seen within the window, false after. */
  first(key: string, now?: number): boolean;
}

export function createReplayGuard(options: { ttlMs: number; maxKeys?: number }): ReplayGuard {
  const seen = new Map<string, number>();
  const maxKeys = options.maxKeys ?? 50_000;
  return {
    first(key, now = Date.now()) {
      for (const [old, at] of seen) {
        if (now - at < options.ttlMs && seen.size < maxKeys) break;
        seen.delete(old);
      }
      const at = seen.get(key);
      if (at !== undefined && now - at < options.ttlMs) return false;
      seen.set(key, now);
      return true;
    },
  };
}
