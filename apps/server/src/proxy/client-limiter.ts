/**
 * Per-client caps of the proxy: requests in flight and requests per minute (a token bucket
 * refilled continuously), keyed by the client address. Buckets of idle clients are swept so
 * the map cannot grow without bound.
 */
import { ProxyError } from './errors.js';

interface ClientState {
  inFlight: number;
  tokens: number;
  refilledAt: number;
}

/** Admits or refuses a client's request; `release` must be called once per admitted request. */
export class ClientLimiter {
  readonly #clients = new Map<string, ClientState>();
  readonly #concurrency: number;
  readonly #perMinute: number;
  readonly #now: () => number;

  constructor(concurrency: number, perMinute: number, now: () => number = Date.now) {
    this.#concurrency = concurrency;
    this.#perMinute = perMinute;
    this.#now = now;
  }

  /** True when neither cap is finite (local mode): the limiter does nothing. */
  get unlimited(): boolean {
    return this.#concurrency === Number.POSITIVE_INFINITY && this.#perMinute === Number.POSITIVE_INFINITY;
  }

  /** Takes a slot for `client` or throws PROXY_TOO_MANY_CONCURRENT / PROXY_TOO_MANY_REQUESTS. */
  acquire(client: string): void {
    if (this.unlimited) return;
    const now = this.#now();
    let state = this.#clients.get(client);
    if (!state) {
      if (this.#clients.size > 10_000) this.#sweep(now);
      state = { inFlight: 0, tokens: this.#perMinute, refilledAt: now };
      this.#clients.set(client, state);
    }
    state.tokens = Math.min(
      this.#perMinute,
      state.tokens + ((now - state.refilledAt) / 60_000) * this.#perMinute,
    );
    state.refilledAt = now;
    if (state.inFlight >= this.#concurrency) throw new ProxyError('PROXY_TOO_MANY_CONCURRENT');
    if (state.tokens < 1) throw new ProxyError('PROXY_TOO_MANY_REQUESTS');
    state.tokens -= 1;
    state.inFlight += 1;
  }

  /** Gives back the in-flight slot taken by `acquire`. */
  release(client: string): void {
    if (this.unlimited) return;
    const state = this.#clients.get(client);
    if (state && state.inFlight > 0) state.inFlight -= 1;
  }

  #sweep(now: number): void {
    for (const [client, state] of this.#clients) {
      if (state.inFlight === 0 && now - state.refilledAt > 60_000) this.#clients.delete(client);
    }
  }
}
