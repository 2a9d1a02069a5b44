import { describe, expect, it } from 'vitest';
import { createRenderCaches } from './render-caches.js';

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
