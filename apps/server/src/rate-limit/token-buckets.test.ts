import { ManualClock } from '@sextant/definition/testing';
import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-buckets.js';

describe('TokenBuckets', () => {
  it('allows perMinute at once, then refills continuously', () => {
    const clock = new ManualClock();
    const buckets = new TokenBuckets(6, { clock });
    for (let i = 0; i < 6; i++) expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
    expect(buckets.retryAfterSeconds('a')).toBe(10);
    expect(buckets.take('b')).toBe(true);
    clock.advance(10_000);
    expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
  });

  it('takes a cost at once or nothing', () => {
    const buckets = new TokenBuckets(10, { clock: new ManualClock() });
    expect(buckets.take('a', 8)).toBe(true);
    expect(buckets.take('a', 3)).toBe(false);
    expect(buckets.take('a', 2)).toBe(true);
  });

  it('stays bounded under a flood of keys', () => {
    const buckets = new TokenBuckets(1, { clock: new ManualClock(), maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) buckets.take(`k${i}`);
    // The newest keys are still limited; the map did not grow past its bound.
    expect(buckets.take('k9999')).toBe(false);
  });

  it('refuses a nonsensical rate', () => {
    expect(() => new TokenBuckets(0)).toThrow(RangeError);
  });
});
