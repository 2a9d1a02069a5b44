/** Readiness: checks run together with a timeout, results are kept a second, draining wins. */
import { describe, expect, it } from 'vitest';
import { createLifecycle } from './readiness.js';

describe('createLifecycle', () => {
  it('names the failing and hanging checks, keeps a result for 1 s, and reports draining', async () => {
    let now = 0;
    const lifecycle = createLifecycle(() => now);
    let calls = 0;
    let databaseUp = false;
    lifecycle.addCheck('database', async () => {
      calls++;
      if (!databaseUp) throw new Error('down');
    });
    lifecycle.addCheck('registry', async () => undefined);
    expect(await lifecycle.failing()).toEqual(['database']);
    databaseUp = true;
    now = 500;
    expect(await lifecycle.failing()).toEqual(['database']);
    expect(calls).toBe(1);
    now = 1500;
    expect(await lifecycle.failing()).toEqual([]);
    lifecycle.addCheck('hangs', () => new Promise(() => undefined));
    const started = Date.now();
    expect(await lifecycle.failing()).toEqual(['hangs']);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(lifecycle.draining).toBe(false);
    lifecycle.drain();
    expect(lifecycle.draining).toBe(true);
  });
});
