/** The bounded LRU: evicts the least recently used past its entry count or its total weight. */
import { describe, expect, it } from 'vitest';
import { Lru } from './lru.js';

describe('Lru', () => {
  it('evicts the least recently used entry past its size; get refreshes', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
  });

  it('bounds the total weight, and never keeps one entry heavier than the bound', () => {
    const lru = new Lru<string, Uint8Array>(100, 10, (bytes) => bytes.byteLength);
    lru.set('a', new Uint8Array(6));
    lru.set('b', new Uint8Array(4));
    expect(lru.size).toBe(2);
    lru.set('c', new Uint8Array(3));
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(2);
    lru.set('huge', new Uint8Array(11));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.size).toBe(2);
    // Replacing an entry replaces its weight.
    lru.set('b', new Uint8Array(1));
    lru.set('d', new Uint8Array(6));
    expect([lru.get('b')?.byteLength, lru.get('c')?.byteLength, lru.get('d')?.byteLength]).toEqual([1, 3, 6]);
  });

  it('deletes selected entries and clears', () => {
    const lru = new Lru<string, number>(10);
    for (const [key, value] of Object.entries({ a: 1, b: 2, c: 3 })) lru.set(key, value);
    lru.deleteWhere((_key, value) => value % 2 === 1);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([undefined, 2, undefined]);
    lru.clear();
    expect(lru.size).toBe(0);
  });
});
