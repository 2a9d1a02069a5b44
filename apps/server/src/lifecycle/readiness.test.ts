/** Readiness: checks run together with a timeout, results are kept a second, draining wins. */
import { ManualClock } from '@sextant/definition/testing';
import { describe, expect, it } from 'vitest';
import { createLifecycle } from './readiness.js';

describe('createLifecycle', () => {
  it('names the failing and hanging checks, keeps a result for 1 s, and reports draining', async () => {
    const clock = new ManualClock();
    const lifecycle = createLifecycle(clock);
    let calls = 0;
    let databaseUp = false;
    lifecycle.addCheck('database', async () => {
      calls++;
      if (!databaseUp) throw new Error('down');
    });
    lifecycle.addCheck('registry', async () => undefined);
    expect(await lifecycle.failing()).toEqual(['database']);
    databaseUp = true;
    clock.advance(500);
    expect(await lifecycle.failing()).toEqual(['database']);
    expect(calls).toBe(1);
    clock.advance(1000);
    expect(await lifecycle.failing()).toEqual([]);
    lifecycle.addCheck('hangs', () => new Promise(() => undefined));
    const hanging = lifecycle.failing();
    let settled = false;
    void hanging.then(() => {
      settled = true;
    });
    // The hanging check is given 2 s of the clock, then named.
    clock.advance(1999);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    clock.advance(1);
    expect(await hanging).toEqual(['hangs']);
    expect(lifecycle.draining).toBe(false);
    lifecycle.drain();
    expect(lifecycle.draining).toBe(true);
  });
});
