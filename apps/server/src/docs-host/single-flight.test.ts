import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight.js';

describe('createSingleFlight', () => {
  it('joins concurrent calls for a key into one computation', async () => {
    const once = createSingleFlight<number>();
    let runs = 0;
    let release: (value: number) => void = () => {};
    const compute = () => {
      runs += 1;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const waiting = Array.from({ length: 20 }, () => once('page', compute));
    release(7);
    expect(await Promise.all(waiting)).toEqual(Array(20).fill(7));
    expect(runs).toBe(1);
  });

  it('runs again once settled, and keeps keys apart', async () => {
    const once = createSingleFlight<string>();
    let runs = 0;
    const compute = async () => `run ${++runs}`;
    expect(await Promise.all([once('a', compute), once('b', compute)])).toEqual(['run 1', 'run 2']);
    expect(await once('a', compute)).toBe('run 3');
  });

  it('hands a failure to every waiter, and forgets it', async () => {
    const once = createSingleFlight<string>();
    const failing = () => Promise.reject(new Error('render failed'));
    const results = await Promise.allSettled([once('a', failing), once('a', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await once('a', async () => 'ok')).toBe('ok');
  });
});
