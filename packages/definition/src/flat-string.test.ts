/**
 * flatString (issue #30): strings a cache keeps or looks up by are flat, so a kept line of
 * highlighted HTML holds its characters, not a tree of every piece it was joined from. Measured
 * in a child process with V8's collector exposed: the heap 2,000 joined strings hold, kept
 * as they are and kept flattened.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { flatString } from './flat-string.js';
import { moduleCache } from './module-caches.js';

/** Joins `pieces` one by one, as a renderer writing HTML with `+=` does. */
function joined(pieces: number, tag: string): string {
  let html = '';
  for (let i = 0; i < pieces; i++) html += `<span class="c${i % 7}">${tag}-${i}</span>`;
  return html;
}

/** The heap (bytes) `count` strings joined from 40 pieces each hold, flattened or not, in a fresh process. */
function keptHeap(flatten: boolean): number {
  const script = `
    const { flatString } = await import(${JSON.stringify(new URL('./flat-string.ts', import.meta.url).href)});
    ${joined.toString()}
    gc(); gc();
    const before = process.memoryUsage().heapUsed;
    const kept = [];
    for (let i = 0; i < 2000; i++) { const html = joined(40, 'k' + i); kept.push(${flatten} ? flatString(html) : html); }
    gc(); gc();
    console.log(process.memoryUsage().heapUsed - before, kept.length);
  `;
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  const [bytes, count] = out.trim().split(' ').map(Number);
  expect(count).toBe(2000);
  return bytes as number;
}

describe('flatString', () => {
  it('gives back the same text, whatever it holds', () => {
    for (const text of ['', 'a', joined(50, 'x'), joined(20, '\u{1FAB2} and ü'), 'x'.repeat(100_000)])
      expect(flatString(text)).toBe(text);
  });

  it('lets the pieces of a joined string go: kept flat, it holds under half the heap', () => {
    const asJoined = keptHeap(false);
    const flat = keptHeap(true);
    // 2,000 strings of ~1,000 characters: ~2 MB flat.
    expect(flat).toBeLessThan(4_000_000);
    expect(flat).toBeLessThan(asJoined / 2);
  });

  it('module caches find an entry by an equal key however it was built', () => {
    const cache = moduleCache<string>('flat-string-test', 1, (value, key) => value.length + key.length);
    const key = joined(30, 'key');
    cache.set(key, 'kept');
    expect(cache.get(joined(30, 'key'))).toBe('kept');
    expect(cache.get(key.split('').join(''))).toBe('kept');
    expect(cache.get(`${joined(30, 'key')} `)).toBeUndefined();
  });
});
