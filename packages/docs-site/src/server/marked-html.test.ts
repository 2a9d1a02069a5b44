import { describe, expect, it } from 'vitest';
import { filledHtml, markedHtml } from './marked-html.js';

const MARKER = /<M(\d)>/g;
const slotOf = (match: RegExpExecArray) => Number(match[1]);

describe('kept HTML split at its markers', () => {
  it('is the HTML itself when it holds no marker', () => {
    const marked = markedHtml('<p>plain</p>', MARKER, slotOf);
    expect(marked).toEqual({ texts: ['<p>plain</p>'], slots: [] });
    expect(filledHtml(marked, ['x'])).toBe('<p>plain</p>');
  });

  it('puts each slot value in place of its markers, at the ends, side by side and repeated', () => {
    const marked = markedHtml('<M1>a<M0><M0>b<M1>', MARKER, slotOf);
    expect(marked.slots).toEqual([1, 0, 0, 1]);
    expect(filledHtml(marked, ['x', 'y'])).toBe('yaxxby');
  });

  it('puts values in as they are: no replacement patterns, no marker read again', () => {
    const marked = markedHtml('a<M0>b<M1>', MARKER, slotOf);
    expect(filledHtml(marked, ['$&<M1>$1', '$$'])).toBe('a$&<M1>$1b$$');
  });

  it('reads a slot without a value as empty', () => {
    expect(filledHtml(markedHtml('a<M3>b', MARKER, slotOf), ['x'])).toBe('ab');
  });

  it('splits the same HTML the same way however the expression was used before', () => {
    MARKER.lastIndex = 5;
    expect(markedHtml('<M0>a', MARKER, slotOf)).toEqual({ texts: ['', 'a'], slots: [0] });
  });
});
