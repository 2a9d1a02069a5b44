import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseDurationMs, parseHttpUrl, parseList, parsePort, parsePositiveInt } from './flags.js';

describe('flag parsers', () => {
  it('ports: 0-65535 only', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('4000')).toBe(4000);
    for (const bad of ['65536', '-1', 'abc', '40.5', ''])
      expect(() => parsePort(bad)).toThrow(InvalidArgumentError);
  });

  it('durations: milliseconds or seconds with s, zero allowed, junk refused', () => {
    expect(parseDurationMs('5000')).toBe(5000);
    expect(parseDurationMs('5s')).toBe(5000);
    expect(parseDurationMs('250ms')).toBe(250);
    expect(parseDurationMs('0')).toBe(0);
    for (const bad of ['-1', '1.5s', '5m', 'soon', '', '99999999999999999999'])
      expect(() => parseDurationMs(bad)).toThrow(InvalidArgumentError);
  });

  it('sizes accept k/m/g suffixes and refuse zero, negatives and junk', () => {
    expect(parsePositiveInt('64m')).toBe(64 * 1024 * 1024);
    expect(parsePositiveInt('2K')).toBe(2048);
    expect(parsePositiveInt('15')).toBe(15);
    for (const bad of ['0', '-5', '1.5', 'lots', '9999999999999999g']) {
      expect(() => parsePositiveInt(bad)).toThrow(InvalidArgumentError);
    }
  });

  it('lists split on commas and accumulate across repeats', () => {
    expect(parseList(' a.com, *.b.com ,,')).toEqual(['a.com', '*.b.com']);
    expect(parseList('c:1', ['a:1'])).toEqual(['a:1', 'c:1']);
  });

  it('URLs must be http(s); a trailing slash is dropped', () => {
    expect(parseHttpUrl('http://127.0.0.1:4000/')).toBe('http://127.0.0.1:4000');
    for (const bad of ['ftp://x', 'registry', 'javascript:alert(1)'])
      expect(() => parseHttpUrl(bad)).toThrow(InvalidArgumentError);
  });
});
