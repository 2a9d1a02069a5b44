/**
 * The browser's island table: each name once, every name (loaded with the hydration chunk or from
 * a lazy chunk) resolving to the island its chunk defines under that name, no other name known.
 */
import { describe, expect, it } from 'vitest';
import { ISLAND_NAMES, isIslandName, islandComponent, loadIslandComponent } from './island-table.js';

describe('island table', () => {
  it('names each island once', () => {
    expect(new Set(ISLAND_NAMES).size).toBe(ISLAND_NAMES.length);
    expect(ISLAND_NAMES).toEqual(
      expect.arrayContaining(['try-it', 'header-tools', 'page-feedback', 'code-copy']),
    );
  });

  it('loads every island by the name its chunk defines it under', async () => {
    for (const name of ISLAND_NAMES) {
      expect(isIslandName(name), name).toBe(true);
      expect(await loadIslandComponent(name), name).toBeTypeOf('function');
    }
  });

  it('leaves the site furniture to its lazy chunk', () => {
    expect(islandComponent('try-it')).toBeTypeOf('function');
    expect(islandComponent('header-tools')).toBeUndefined();
    expect(islandComponent('page-feedback')).toBeUndefined();
  });

  it('knows no other name, inherited object keys included', async () => {
    for (const name of ['', 'no-such-island', '__proto__', 'constructor', 'toString', 'HEADER-TOOLS']) {
      expect(isIslandName(name), name).toBe(false);
      expect(islandComponent(name), name).toBeUndefined();
      expect(await loadIslandComponent(name), name).toBeUndefined();
    }
  });
});
