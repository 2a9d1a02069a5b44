import { describe, expect, it } from 'vitest';
import {
  looksLikeJson,
  MAX_LINE_CHARS,
  NotJsonError,
  prettyRows,
  RowIndex,
  type RowProducer,
  rawRows,
  rowText,
} from './body-lines.js';

/** Runs a producer to the end in small steps (as the viewer does across tasks); returns the rows' text. */
function drain(text: string, make: (text: string) => RowProducer, budget = 7): string[] {
  const rows = new RowIndex();
  const producer = make(text);
  for (let guard = 0; guard < 1_000_000; guard++)
    if (producer.step(rows, budget))
      return Array.from({ length: rows.count }, (_, row) => rowText(text, rows, row));
  throw new Error('the producer never finished');
}

describe('prettyRows', () => {
  it('lays out JSON exactly as JSON.stringify(value, null, 2), whatever the slice size or the input spacing', () => {
    const values = [
      { a: [1, 2, { b: null, c: true, d: false }], e: {}, f: [], g: 'x, y: [z] {}', h: -1.5e-3 },
      [[], [{}], [[1]]],
      'just a string',
      42,
      { 'quote "inside"': 'back\\\\slash\\"', unicode: 'é ✓', nested: { deep: { deeper: [null] } } },
    ];
    for (const value of values) {
      const expected = JSON.stringify(value, null, 2).split('\n');
      for (const budget of [1, 3, 64, 1e6]) {
        expect(drain(JSON.stringify(value), prettyRows, budget)).toEqual(expected);
        expect(drain(JSON.stringify(value, null, 4), prettyRows, budget)).toEqual(expected);
        expect(drain(JSON.stringify(value, null, '\t').replaceAll('\n', '\r\n'), prettyRows, budget)).toEqual(
          expected,
        );
      }
    }
    expect(drain('{ "a" : [ ] , "b" : { } }', prettyRows)).toEqual(['{', '  "a": [],', '  "b": {}', '}']);
  });

  it('refuses text that is not JSON with the offset, so the viewer can show it raw', () => {
    for (const text of [
      '<html></html>',
      '{"a": 1',
      '{"a": "open',
      '{"a": 1}}',
      '{"a": #}',
      '{"a": 1} trailing',
    ]) {
      expect(() => drain(text, prettyRows)).toThrow(NotJsonError);
    }
    try {
      drain('[1, <]', prettyRows);
      expect.unreachable();
    } catch (error) {
      expect((error as NotJsonError).offset).toBe(4);
      expect((error as NotJsonError).code).toBe('NotJsonError');
    }
  });

  it('cuts a very long value into rows of at most MAX_LINE_CHARS of the text, nothing lost', () => {
    const long = 'x'.repeat(MAX_LINE_CHARS * 2 + 5);
    const rows = drain(JSON.stringify({ long }), prettyRows, 1e6);
    expect(rows.length).toBe(5);
    expect(rows.slice(1, -1).join('')).toBe(`  "long":"${long}"`.replace('"long":', '"long": '));
    expect(rows.every((row) => row.length <= MAX_LINE_CHARS + 3)).toBe(true);
  });
});

describe('rawRows', () => {
  it('splits at line breaks (CRLF too), keeps empty lines, and cuts a minified body into rows', () => {
    expect(drain('a\r\nb\n\nc', rawRows, 1)).toEqual(['a', 'b', '', 'c']);
    expect(drain('a\n', rawRows)).toEqual(['a']);
    expect(drain('', rawRows)).toEqual(['']);
    const minified = JSON.stringify({ items: Array.from({ length: 2000 }, (_, i) => i) });
    const rows = drain(minified, rawRows, 100);
    expect(rows.join('')).toBe(minified);
    expect(rows.length).toBe(Math.ceil(minified.length / MAX_LINE_CHARS));
  });
});

describe('RowIndex', () => {
  it('finds the row holding a text offset', () => {
    const text = 'ab\ncd\n\nef';
    const rows = new RowIndex();
    rawRows(text).step(rows, 1e6);
    expect([0, 1, 3, 4, 6, 7, 8].map((offset) => rows.rowAt(offset))).toEqual([0, 0, 1, 1, 2, 3, 3]);
  });

  it('keeps every row of a body with hundreds of thousands of lines (across its blocks)', () => {
    const count = 200_003;
    const text = Array.from({ length: count }, (_, i) => String(i)).join('\n');
    const rows = new RowIndex();
    const producer = rawRows(text);
    while (!producer.step(rows, 4096));
    expect(rows.count).toBe(count);
    for (const row of [0, 65_535, 65_536, 131_072, count - 1]) {
      expect(rowText(text, rows, row)).toBe(String(row));
      expect(rows.rowAt(rows.start(row))).toBe(row);
    }
    expect(rows.depth(count)).toBe(-1);
  });
});

describe('looksLikeJson', () => {
  it('takes JSON content types (or none) whose text opens like JSON', () => {
    expect(looksLikeJson(' {"a":1}', 'application/json; charset=utf-8')).toBe(true);
    expect(looksLikeJson('[1]', 'application/problem+json')).toBe(true);
    expect(looksLikeJson('[1]', '')).toBe(true);
    expect(looksLikeJson('{"a":1}', 'text/plain')).toBe(false);
    expect(looksLikeJson('<p>hi</p>', '')).toBe(false);
  });
});
