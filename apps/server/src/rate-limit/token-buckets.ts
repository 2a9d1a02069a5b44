/**
 * Per-client rate: a token bucket per key (usually the client address), refilled continuously
 * at `perMinute`, holding at most `perMinute` tokens. Idle buckets are swept once the map grows,
 * so a flood of addresses cannot grow it without bound.
 */
import { type Clock, systemClock } from '@sextant/definition';

interface Bucket {
  tokens: number;
  refilledAt: number;
}

export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();
  readonly #perMinute: number;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #maxKeys: number;

  constructor(perMinute: number, options: { clock?: Pick<Clock, 'now'>; maxKeys?: number } = {}) {
    if (!(perMinute > 0)) throw new RangeError(`perMinute must be positive, got ${perMinute}`);
    this.#perMinute = perMinute;
    this.#clock = options.clock ?? systemClock;
    this.#maxKeys = options.maxKeys ?? 10_000;
  }

  /** Takes `cost` tokens for `key`; false (nothing taken) when it has fewer. */
  take(key: string, cost = 1): boolean {
    const now = this.#clock.now();
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      if (this.#buckets.size >= this.#maxKeys) this.#sweep(now);
      bucket = { tokens: this.#perMinute, refilledAt: now };
      this.#buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(
      this.#perMinute,
      bucket.tokens + ((now - bucket.refilledAt) / 60_000) * this.#perMinute,
    );
    bucket.refilledAt = now;
    if (bucket.tokens < cost) return false;
    bucket.tokens -= cost;
    return true;
  }

  /** Seconds until `key` has `cost` tokens again (0 when it has them now). */
  retryAfterSeconds(key: string, cost = 1): number {
    const bucket = this.#buckets.get(key);
    if (!bucket || bucket.tokens >= cost) return 0;
    return Math.ceil(((cost - bucket.tokens) / this.#perMinute) * 60);
  }

  #sweep(now: number): void {
    for (const [key, bucket] of this.#buckets)
      if (now - bucket.refilledAt > 60_000) this.#buckets.delete(key);
    // Still full of active keys: drop the oldest rather than grow.
    while (this.#buckets.size >= this.#maxKeys) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest === undefined) break;
      this.#buckets.delete(oldest);
    }
  }
}
