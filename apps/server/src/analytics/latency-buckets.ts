/**
 * Latency of Try-it responses kept as counts per fixed bucket, so hourly rows add up and
 * percentiles over any range come from the summed counts. A percentile is interpolated inside
 * its bucket (linear between the bucket's bounds); the last bucket (over 60 s) reports its
 * lower bound. With ~25 % wide buckets the error stays within the bucket's width.
 */

/** Upper bounds (ms) of every bucket but the last, which holds everything slower. */
export const LATENCY_BOUNDS_MS: readonly number[] = [
  5, 10, 20, 35, 50, 75, 100, 150, 200, 250, 300, 400, 500, 650, 800, 1000, 1300, 1600, 2000, 2500, 3000,
  4000, 5000, 7500, 10_000, 15_000, 20_000, 30_000, 45_000, 60_000,
];

export const LATENCY_BUCKET_COUNT = LATENCY_BOUNDS_MS.length + 1;

/** Index of the bucket holding `ms` (negative or NaN counts as 0). */
export function latencyBucket(ms: number): number {
  const value = Number.isFinite(ms) && ms > 0 ? ms : 0;
  let low = 0;
  let high = LATENCY_BOUNDS_MS.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (value <= (LATENCY_BOUNDS_MS[mid] as number)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Empty bucket counts. */
export function emptyBuckets(): number[] {
  return new Array<number>(LATENCY_BUCKET_COUNT).fill(0);
}

/** Adds `counts` into `into` element-wise (arrays of any length up to the bucket count). */
export function addBuckets(into: number[], counts: readonly number[]): number[] {
  for (let i = 0; i < Math.min(into.length, counts.length); i++) into[i] = (into[i] ?? 0) + (counts[i] ?? 0);
  return into;
}

/**
 * The `q`-quantile (0 < q ≤ 1) of the latencies counted in `buckets`, in ms rounded to 2
 * decimals; null when nothing was counted.
 * @example latencyPercentile([0, 4, 0, …], 0.5) // 7.5: the middle of the 5–10 ms bucket
 */
export function latencyPercentile(buckets: readonly number[], q: number): number | null {
  const total = buckets.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    const inBucket = buckets[i] ?? 0;
    if (inBucket === 0) continue;
    if (seen + inBucket >= rank) {
      const lower = i === 0 ? 0 : (LATENCY_BOUNDS_MS[i - 1] as number);
      const upper = LATENCY_BOUNDS_MS[i];
      if (upper === undefined) return lower;
      const within = (rank - seen) / inBucket;
      return Math.round((lower + (upper - lower) * within) * 100) / 100;
    }
    seen += inBucket;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1] as number;
}
