/**
 * The highlight caches (code blocks' lines, lines' tokens) stay within the one budget their host
 * sets, evict the least recently used and say so; highlighting past the budget still gives the
 * same HTML as with room to spare.
 */
import type { HighlighterCore } from 'shiki/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highlight, loadHighlighter, withLanguages } from './highlight.js';
import {
  configureHighlightCaches,
  DEFAULT_HIGHLIGHT_CACHE_BYTES,
  highlightCacheBytes,
} from './highlight-caches.js';

let instance: HighlighterCore;
const blocks = Array.from(
  { length: 60 },
  (_, i) =>
    `const value${i} = await fetch('https://api.example.com/v1/items/${i}');\nconsole.log(value${i}, "${'x'.repeat(i)}");`,
);

beforeAll(async () => {
  instance = await loadHighlighter();
  await withLanguages(instance, () => highlight(instance, 'x', 'typescript'));
}, 60_000);
afterAll(() => configureHighlightCaches({ maxBytes: DEFAULT_HIGHLIGHT_CACHE_BYTES }));

describe('highlight caches', () => {
  it('stay within their byte budget, evicting and telling the host', () => {
    const roomy = blocks.map((code) => highlight(instance, code, 'typescript'));
    const budget = 16 * 1024;
    let evictions = 0;
    configureHighlightCaches({ maxBytes: budget, onEvicted: () => evictions++ });
    expect(highlightCacheBytes()).toBe(0);
    for (let round = 0; round < 2; round++)
      blocks.forEach((code, i) => {
        expect(highlight(instance, code, 'typescript')).toBe(roomy[i]);
        expect(highlightCacheBytes()).toBeLessThanOrEqual(budget);
      });
    expect(highlightCacheBytes()).toBeGreaterThan(0);
    expect(evictions).toBeGreaterThan(0);
  });
});
