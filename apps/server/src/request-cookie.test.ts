import { describe, expect, it } from 'vitest';
import { readCookie } from './request-cookie.js';

describe('readCookie', () => {
  it('finds a cookie among others, trimmed and percent-decoded', () => {
    expect(readCookie('theme=dark;  sid = a%20b ; x=1', 'sid')).toBe('a b');
    expect(readCookie('theme=dark', 'sid')).toBeUndefined();
    expect(readCookie('', 'sid')).toBeUndefined();
    expect(readCookie(undefined, 'sid')).toBeUndefined();
  });

  it('takes the first of two same-named cookies (a planted second one does not win)', () => {
    expect(readCookie('sid=first; sid=second', 'sid')).toBe('first');
  });

  it('keeps bad percent-encoding as sent instead of throwing', () => {
    expect(readCookie('sid=%E0%A4%A; ok=1', 'sid')).toBe('%E0%A4%A');
    expect(readCookie('sid=%E0%A4%A; ok=1', 'ok')).toBe('1');
  });

  it('ignores parts without a name or value and never reads the prototype', () => {
    expect(readCookie('=orphan; flag; sid=v', 'sid')).toBe('v');
    expect(readCookie('a=1', 'constructor')).toBeUndefined();
    expect(readCookie('a=1', '__proto__')).toBeUndefined();
    expect(readCookie('__proto__=x', '__proto__')).toBe('x');
  });

  it('reads a header given as several lines', () => {
    expect(readCookie(['a=1', 'sid=two'], 'sid')).toBe('two');
  });
});
