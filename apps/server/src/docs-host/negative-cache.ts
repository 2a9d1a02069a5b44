/**
 * Addresses where no site is published, remembered for a few seconds: a scanner walking unknown
 * hosts and paths costs one registry lookup per address per TTL instead of one per request. Bounded
 * (the oldest entry goes first), and an invalidation naming a site drops every address on its host
 * (a publish there may have created what was missing), so a new site is served at once when the
 * registry's changes arrive; while they cannot arrive (the event stream down), an address may stay
 * unknown for up to the TTL.
 */
import { hostNameOf } from './cache-policy.js';

export interface NegativeCache {
  /** Whether `address` (`host/path`) was found to have no site within the TTL. */
  has(address: string): boolean;
  /** The generation to hand `add` after the lookup (taken before it). */
  generation(): number;
  /** Remembers `address` as siteless, unless an invalidation came since `generation`. */
  add(address: string, generation: number): void;
  /** Drops the addresses on the hosts of `urls` (stored docs URLs), or all. */
  forget(urls: string[] | 'all'): void;
  readonly size: number;
}

export interface NegativeCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * @example const misses = createNegativeCache(); if (!misses.has(address)) { const g = misses.generation(); if (!(await load(address))) misses.add(address, g); }
 */
export function createNegativeCache(options: NegativeCacheOptions = {}): NegativeCache {
  const ttlMs = options.ttlMs ?? 5000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const expiries = new Map<string, number>();
  let generation = 0;
  return {
    has(address) {
      const expiry = expiries.get(address);
      if (expiry === undefined) return false;
      if (expiry > now()) return true;
      expiries.delete(address);
      return false;
    },
    generation: () => generation,
    add(address, since) {
      if (since !== generation) return;
      expiries.delete(address);
      expiries.set(address, now() + ttlMs);
      if (expiries.size > maxEntries) expiries.delete(expiries.keys().next().value as string);
    },
    forget(urls) {
      generation += 1;
      if (urls === 'all') return expiries.clear();
      const hosts = new Set(urls.map(hostNameOf));
      for (const address of expiries.keys()) if (hosts.has(hostNameOf(address))) expiries.delete(address);
    },
    get size() {
      return expiries.size;
    },
  };
}
