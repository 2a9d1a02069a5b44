import { describe, expect, it } from 'vitest';
import { nextIndexForKey } from './roving-index.js';

describe('nextIndexForKey', () => {
  it('moves along its orientation and wraps at both ends', () => {
    expect(nextIndexForKey('ArrowRight', 0, 3, 'horizontal')).toBe(1);
    expect(nextIndexForKey('ArrowRight', 2, 3, 'horizontal')).toBe(0);
    expect(nextIndexForKey('ArrowLeft', 0, 3, 'horizontal')).toBe(2);
    expect(nextIndexForKey('ArrowDown', 2, 3, 'vertical')).toBe(0);
    expect(nextIndexForKey('ArrowUp', 1, 3, 'vertical')).toBe(0);
  });

  it('jumps to the ends with Home and End', () => {
    expect(nextIndexForKey('Home', 2, 3, 'horizontal')).toBe(0);
    expect(nextIndexForKey('End', 0, 3, 'vertical')).toBe(2);
  });

  it('ignores keys across its orientation, other keys, and empty lists', () => {
    expect(nextIndexForKey('ArrowDown', 0, 3, 'horizontal')).toBeUndefined();
    expect(nextIndexForKey('ArrowRight', 0, 3, 'vertical')).toBeUndefined();
    expect(nextIndexForKey('Enter', 0, 3, 'horizontal')).toBeUndefined();
    expect(nextIndexForKey('ArrowRight', 0, 0, 'horizontal')).toBeUndefined();
  });

  it('treats an out-of-range current index (nothing selected) as the nearest end', () => {
    expect(nextIndexForKey('ArrowRight', -1, 3, 'horizontal')).toBe(1);
    expect(nextIndexForKey('ArrowLeft', 9, 3, 'horizontal')).toBe(1);
  });
});
