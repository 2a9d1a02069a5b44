import { describe, expect, it } from 'vitest';
import { createRenderCaches, sitePrefixedKeys } from './render-caches.js';

describe('createRenderCaches', () => {
  it("clears one site's entries only, and keeps nothing that site sets afterwards", () => {
    const renders = createRenderCaches({ maxBytes: 1 << 20 });
    const [old, other] = [renders.forSite(), renders.forSite()];
    old.set('html:a', { value: 'a' }, 1000);
    old.set('html:b', { value: 'b' }, 1000);
    other.set('html:a', { value: 'other a' }, 500);
    expect(renders.bytes()).toBe(2500);
    old.clear();
    expect(renders.bytes()).toBe(500);
    expect(old.get('html:a')).toBeUndefined();
    expect(other.get('html:a')).toEqual({ value: 'other a' });
    // A render of the dropped site finishing late is not kept.
    old.set('html:c', { value: 'c' }, 1000);
    expect(old.get('html:c')).toBeUndefined();
    expect(renders.bytes()).toBe(500);
  });
});

describe('sitePrefixedKeys', () => {
  it('prefixes every key, the same way before and after its table is full and made again', () => {
    const keyOf = sitePrefixedKeys('7\0', 64);
    const keys = Array.from({ length: 50 }, (_, i) => `prop-row\0key ${i}`);
    const first = keys.map(keyOf);
    expect(first).toEqual(keys.map((key) => `7\0${key}`));
    // 50 keys of ~16 characters are past 64 characters many times over: the table is made again.
    expect(keys.map(keyOf)).toEqual(first);
    expect(keyOf('')).toBe('7\0');
    expect(keyOf('x'.repeat(100))).toBe(`7\0${'x'.repeat(100)}`);
  });

  it("keeps sites apart when their keys are the same text, a site's long keys included", () => {
    const renders = createRenderCaches({ maxBytes: 1 << 20 });
    const [a, b] = [renders.forSite(), renders.forSite()];
    const long = `prop-row\0owner\0{"type":"string"}\0${'The account owner. '.repeat(40)}`;
    a.set(long, { value: 'a' }, 10);
    b.set(long, { value: 'b' }, 10);
    expect(a.get(long)).toEqual({ value: 'a' });
    expect(b.get(`${long}`)).toEqual({ value: 'b' });
    expect(a.get(long.slice(0, -1))).toBeUndefined();
  });
});
