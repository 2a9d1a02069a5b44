/**
 * The process-wide module caches are bounded by bytes (issue #30 item 4): compiled spec patterns
 * (spec-pattern.ts, unbounded before) and type names (naming.ts, a Map cleared at 50,000 entries
 * before) stay within the `compiled` group's budget whatever a spec holds, evict the least
 * recently used and say so, and answer the same as with room to spare.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { matchesSpecPattern, specPattern } from './examples/spec-pattern.js';
import {
  COMPILED_CACHES,
  configureModuleCaches,
  DEFAULT_MODULE_CACHE_BYTES,
  moduleCache,
  moduleCacheBytes,
} from './module-caches.js';
import { pascalCase } from './schema/naming.js';

afterAll(() => configureModuleCaches(COMPILED_CACHES, { maxBytes: DEFAULT_MODULE_CACHE_BYTES }));

describe('module caches', () => {
  it('keep compiled patterns and type names within the group budget, counting evictions', () => {
    const budget = 256 * 1024;
    let evictions = 0;
    configureModuleCaches(COMPILED_CACHES, { maxBytes: budget, onEvicted: () => evictions++ });
    expect(moduleCacheBytes(COMPILED_CACHES)).toBe(0);
    for (let i = 0; i < 2000; i++) {
      // A hostile spec: thousands of distinct patterns and property names.
      expect(matchesSpecPattern(`^item-${i}-[a-z]{1,${(i % 40) + 1}}$`, `item-${i}-a`, false)).toBe(true);
      expect(pascalCase(`property_${i}_${'x'.repeat(i % 100)}`)).toMatch(/^Property\d+(Xx*)?$/);
      expect(moduleCacheBytes(COMPILED_CACHES)).toBeLessThanOrEqual(budget);
    }
    expect(moduleCacheBytes(COMPILED_CACHES)).toBeGreaterThan(budget / 2);
    expect(evictions).toBeGreaterThan(0);
    // Evicted entries come back the same.
    expect(specPattern('^item-0-[a-z]{1,1}$')?.test('item-0-a')).toBe(true);
    expect(pascalCase('property_0_')).toBe('Property0');
  });

  it('give each cache its share of the group, and start empty on a new budget', () => {
    const group = 'module-caches-test';
    const small = moduleCache<string>(group, 0.25, (value) => value.length);
    const large = moduleCache<string>(group, 0.75, (value) => value.length);
    configureModuleCaches(group, { maxBytes: 4000 });
    for (let i = 0; i < 100; i++) {
      small.set(`s${i}`, 'x'.repeat(100));
      large.set(`l${i}`, 'x'.repeat(100));
    }
    expect(moduleCacheBytes(group)).toBe(1000 + 3000);
    expect(small.get('s99')).toBeDefined();
    expect(small.get('s0')).toBeUndefined();
    configureModuleCaches(group, { maxBytes: 8000 });
    expect(moduleCacheBytes(group)).toBe(0);
    expect(large.get('l99')).toBeUndefined();
  });
});
