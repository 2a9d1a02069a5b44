import { ManualClock } from '@sextant/definition/testing';
import { describe, expect, it } from 'vitest';
import { ClientLimiter } from './client-limiter.js';

const codeOf = (fn: () => void): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('ClientLimiter', () => {
  it('caps requests per minute per client and refills continuously', () => {
    const clock = new ManualClock();
    const limiter = new ClientLimiter(Number.POSITIVE_INFINITY, 3, clock);
    for (let i = 0; i < 3; i++) {
      limiter.acquire('a');
      limiter.release('a');
    }
    expect(codeOf(() => limiter.acquire('a'))).toBe('ProxyTooManyRequestsError');
    expect(codeOf(() => limiter.acquire('b'))).toBeUndefined();
    clock.advance(20_000); // one token back at 3 per minute
    expect(codeOf(() => limiter.acquire('a'))).toBeUndefined();
    expect(codeOf(() => limiter.acquire('a'))).toBe('ProxyTooManyRequestsError');
  });

  it('caps requests in flight, and a refused request spends no token', () => {
    const limiter = new ClientLimiter(1, 2, new ManualClock());
    limiter.acquire('a');
    expect(codeOf(() => limiter.acquire('a'))).toBe('ProxyTooManyConcurrentError');
    expect(codeOf(() => limiter.acquire('a'))).toBe('ProxyTooManyConcurrentError');
    limiter.release('a');
    // Two refusals above took nothing: the second token is still there.
    expect(codeOf(() => limiter.acquire('a'))).toBeUndefined();
    limiter.release('a');
    expect(codeOf(() => limiter.acquire('a'))).toBe('ProxyTooManyRequestsError');
  });

  it('forgets a client once it has nothing in flight, and tolerates extra releases', () => {
    const limiter = new ClientLimiter(5, Number.POSITIVE_INFINITY);
    limiter.acquire('a');
    limiter.acquire('a');
    limiter.release('a');
    expect(limiter.clientsInFlight).toBe(1);
    limiter.release('a');
    limiter.release('a');
    expect(limiter.clientsInFlight).toBe(0);
    for (let i = 0; i < 5; i++) limiter.acquire('a');
    expect(codeOf(() => limiter.acquire('a'))).toBe('ProxyTooManyConcurrentError');
  });

  it('does nothing when both caps are infinite', () => {
    const limiter = new ClientLimiter(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
    expect(limiter.unlimited).toBe(true);
    for (let i = 0; i < 1000; i++) limiter.acquire('a');
    expect(limiter.clientsInFlight).toBe(0);
  });
});
