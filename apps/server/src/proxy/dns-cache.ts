/**
 * A short-lived cache in front of the proxy's resolver. The system resolver (getaddrinfo) runs
 * on libuv's small thread pool and reports no TTL, so without a cache every proxied request
 * would queue a lookup there. Answers are kept for a short bound, concurrent lookups of one name
 * share a single call, failures are never kept, and the map is bounded. The cache holds raw
 * answers: every use still classifies the addresses, and the connection goes to one of the
 * addresses that were checked (upstream-agent.ts reads the same cache at connect time).
 */
import type { LookupAddress } from 'node:dns';
import type { Resolver } from './options.js';

interface Entry {
  answer: Promise<LookupAddress[]>;
  expires: number;
}

/**
 * Wraps `resolver` so each name is looked up at most once per `ttlMs`; `ttlMs` 0 returns it as is.
 * @example const resolve = cachingResolver(systemResolver, 10_000);
 */
export function cachingResolver(
  resolver: Resolver,
  ttlMs: number,
  maxEntries = 1024,
  now: () => number = Date.now,
): Resolver {
  if (ttlMs <= 0) return resolver;
  const entries = new Map<string, Entry>();
  return (hostname) => {
    const at = now();
    const hit = entries.get(hostname);
    if (hit && hit.expires > at) return hit.answer;
    if (hit) entries.delete(hostname);
    const answer = resolver(hostname);
    const entry: Entry = { answer, expires: at + ttlMs };
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(hostname, entry);
    answer.catch(() => {
      if (entries.get(hostname) === entry) entries.delete(hostname);
    });
    return answer;
  };
}
