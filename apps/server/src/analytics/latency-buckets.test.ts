import { describe, expect, it } from 'vitest';
import {
  addBuckets,
  emptyBuckets,
  LATENCY_BOUNDS_MS,
  LATENCY_BUCKET_COUNT,
  latencyBucket,
  latencyPercentile,
} from './latency-buckets.js';

describe('latency buckets', () => {
  it('puts a latency in the first bucket whose bound holds it; bounds are inclusive', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(5)).toBe(0);
    expect(latencyBucket(5.01)).toBe(1);
    expect(latencyBucket(120)).toBe(LATENCY_BOUNDS_MS.indexOf(150));
    expect(latencyBucket(60_000)).toBe(LATENCY_BOUNDS_MS.length - 1);
    expect(latencyBucket(61_000)).toBe(LATENCY_BUCKET_COUNT - 1);
  });

  it('treats hostile numbers as 0 instead of throwing or overflowing', () => {
    for (const value of [-1, Number.NaN, Number.NEGATIVE_INFINITY]) expect(latencyBucket(value)).toBe(0);
    expect(latencyBucket(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('interpolates percentiles inside the bucket and is null with no data', () => {
    expect(latencyPercentile(emptyBuckets(), 0.5)).toBeNull();
    const buckets = emptyBuckets();
    buckets[latencyBucket(7)] = 4; // 5–10 ms
    expect(latencyPercentile(buckets, 0.5)).toBe(7.5);
    expect(latencyPercentile(buckets, 1)).toBe(10);
    buckets[latencyBucket(900)] = 4; // 800–1000 ms
    expect(latencyPercentile(buckets, 0.5)).toBe(10);
    expect(latencyPercentile(buckets, 0.75)).toBe(900);
  });

  it('reports the lower bound of the open last bucket', () => {
    const buckets = emptyBuckets();
    buckets[LATENCY_BUCKET_COUNT - 1] = 3;
    expect(latencyPercentile(buckets, 0.99)).toBe(60_000);
  });

  it('adds counts element-wise', () => {
    const a = emptyBuckets();
    a[0] = 1;
    const b = emptyBuckets();
    b[0] = 2;
    b[3] = 5;
    expect(addBuckets(a, b).slice(0, 4)).toEqual([3, 0, 0, 5]);
  });
});
