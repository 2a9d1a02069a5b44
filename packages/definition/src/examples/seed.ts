/**
 * Deterministic "randomness" for example synthesis: a string hash (FNV-1a) seeds a tiny
 * PRNG (mulberry32), so the same definition always yields the same examples and no example
 * depends on `Math.random` or the clock.
 */

/** 32-bit FNV-1a hash of `text`. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A seeded pick: an integer in `[low, high]` chosen by `seed`.
 * @example seededInt('age', 1, 100) // always the same number for 'age'
 */
export function seededInt(seed: string, low: number, high: number): number {
  if (high <= low) return low;
  let t = (hashString(seed) + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return low + Math.floor(unit * (high - low + 1));
}
