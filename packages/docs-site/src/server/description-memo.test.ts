/**
 * The description memo keeps the elements of every description it renders, the fast path's too,
 * within the highlight caches' budget; text the fast path refuses is left to the parser.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { keptDescription } from './description-memo.js';
import {
  configureHighlightCaches,
  DEFAULT_HIGHLIGHT_CACHE_BYTES,
  highlightCacheBytes,
} from './highlight-caches.js';

afterEach(() => configureHighlightCaches({ maxBytes: DEFAULT_HIGHLIGHT_CACHE_BYTES }));

describe('keptDescription', () => {
  it("keeps the fast path's elements: a recurring description is read once", () => {
    configureHighlightCaches({ maxBytes: DEFAULT_HIGHLIGHT_CACHE_BYTES });
    const first = keptDescription('The account owner of the `repository`. See [owners](/owners).');
    expect(first).toBeDefined();
    expect(highlightCacheBytes()).toBeGreaterThan(0);
    expect(keptDescription('The account owner of the `repository`. See [owners](/owners).')).toBe(first);
  });

  it('leaves what the fast path refuses to the parser, keeping nothing', () => {
    configureHighlightCaches({ maxBytes: DEFAULT_HIGHLIGHT_CACHE_BYTES });
    for (const text of ['<b>bold</b>', 'a <script>alert(1)</script>', '[a](javascript:alert(1))', '&amp;'])
      expect(keptDescription(text), text).toBeUndefined();
    expect(highlightCacheBytes()).toBe(0);
  });

  it('stays within the budget, renders the same once evicted', () => {
    const texts = Array.from({ length: 200 }, (_, i) => `Description number ${i} of the *field*.`);
    const roomy = texts.map((text) => keptDescription(text));
    configureHighlightCaches({ maxBytes: 16 * 1024 });
    for (const [i, text] of texts.entries()) {
      expect(keptDescription(text)).toEqual(roomy[i]);
      expect(highlightCacheBytes()).toBeLessThanOrEqual(16 * 1024);
    }
  });
});
