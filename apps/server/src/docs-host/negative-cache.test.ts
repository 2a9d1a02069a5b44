import { describe, expect, it } from 'vitest';
import { createNegativeCache } from './negative-cache.js';

describe('createNegativeCache', () => {
  it('remembers a siteless address for the TTL only', () => {
    let time = 0;
    const misses = createNegativeCache({ ttlMs: 5000, now: () => time });
    misses.add('scan.test/wp-admin', misses.generation());
    expect(misses.has('scan.test/wp-admin')).toBe(true);
    expect(misses.has('scan.test/other')).toBe(false);
    time = 5001;
    expect(misses.has('scan.test/wp-admin')).toBe(false);
    expect(misses.size).toBe(0);
  });

  it('holds at most maxEntries, the oldest going first', () => {
    const misses = createNegativeCache({ maxEntries: 3 });
    for (const path of ['a', 'b', 'c', 'd']) misses.add(`scan.test/${path}`, misses.generation());
    expect(misses.size).toBe(3);
    expect(misses.has('scan.test/a')).toBe(false);
    expect(misses.has('scan.test/d')).toBe(true);
  });

  it("forgets every address on a published site's host (any port), and everything on 'all'", () => {
    const misses = createNegativeCache();
    for (const address of ['docs.acme.test/x', 'docs.acme.test:8080/y', 'other.test/z'])
      misses.add(address, misses.generation());
    misses.forget(['docs.acme.test/api']);
    expect(misses.has('docs.acme.test/x')).toBe(false);
    expect(misses.has('docs.acme.test:8080/y')).toBe(false);
    expect(misses.has('other.test/z')).toBe(true);
    misses.forget('all');
    expect(misses.size).toBe(0);
  });

  it('does not remember a lookup that an invalidation overtook', () => {
    const misses = createNegativeCache();
    const before = misses.generation();
    misses.forget(['docs.acme.test']);
    misses.add('docs.acme.test/new', before);
    expect(misses.has('docs.acme.test/new')).toBe(false);
  });
});
