/**
 * Per-client caps of the proxy: requests in flight and requests per minute, keyed by the client
 * address. The rate is the server's one token bucket (`rate-limit/token-buckets.ts`); the
 * in-flight count of a client is dropped when it returns to zero, so neither map grows without
 * bound.
 */
import { type Clock, systemClock } from '@sextant/definition';
import { TokenBuckets } from '../rate-limit/index.js';
import { ProxyError } from './errors.js';

/** Admits or refuses a client's request; `release` must be called once per admitted request. */
export class ClientLimiter {
  readonly #inFlight = new Map<string, number>();
  readonly #concurrency: number;
  readonly #rate: TokenBuckets | undefined;

  constructor(concurrency: number, perMinute: number, clock: Pick<Clock, 'now'> = systemClock) {
    this.#concurrency = concurrency;
    this.#rate = Number.isFinite(perMinute) ? new TokenBuckets(perMinute, { clock }) : undefined;
  }

  /** True when neither cap is finite (local mode): the limiter does nothing. */
  get unlimited(): boolean {
    return this.#concurrency === Number.POSITIVE_INFINITY && this.#rate === undefined;
  }

  /** Takes a slot for `client` or throws ProxyTooManyConcurrentError / ProxyTooManyRequestsError. */
  acquire(client: string): void {
    if (this.unlimited) return;
    const inFlight = this.#inFlight.get(client) ?? 0;
    // The concurrency check comes first so a refused request does not spend a token.
    if (inFlight >= this.#concurrency) throw new ProxyError('ProxyTooManyConcurrentError');
    if (this.#rate && !this.#rate.take(client)) throw new ProxyError('ProxyTooManyRequestsError');
    this.#inFlight.set(client, inFlight + 1);
  }

  /** Gives back the in-flight slot taken by `acquire`. */
  release(client: string): void {
    if (this.unlimited) return;
    const inFlight = this.#inFlight.get(client) ?? 0;
    if (inFlight > 1) this.#inFlight.set(client, inFlight - 1);
    else this.#inFlight.delete(client);
  }

  /** Clients with a request in flight (for tests and metrics). */
  get clientsInFlight(): number {
    return this.#inFlight.size;
  }
}
