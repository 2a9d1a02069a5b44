import { describe, expect, it } from 'vitest';
import { formatSize, formatTime, statusStyle, tokenizeJson } from './json-tokens.js';

describe('response card formatting', () => {
  it('styles 200–299 as success and above 300 as error, times with 2 decimals', () => {
    expect(statusStyle(200)).toBe('success');
    expect(statusStyle(299)).toBe('success');
    expect(statusStyle(300)).toBe('neutral');
    expect(statusStyle(301)).toBe('error');
    expect(statusStyle(500)).toBe('error');
    expect(formatTime(12.3456)).toBe('12.35 ms');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
  });

  it('tokenizes JSON into keys, strings, numbers, booleans and null', () => {
    const tokens = tokenizeJson('{"a": "x", "b": -1.5e3, "c": true, "d": null}');
    expect(tokens.filter((t) => t.kind !== 'plain').map((t) => `${t.kind}:${t.text}`)).toEqual([
      'key:"a"',
      'string:"x"',
      'key:"b"',
      'number:-1.5e3',
      'key:"c"',
      'boolean:true',
      'key:"d"',
      'null:null',
    ]);
    expect(tokens.map((t) => t.text).join('')).toBe('{"a": "x", "b": -1.5e3, "c": true, "d": null}');
  });
});
