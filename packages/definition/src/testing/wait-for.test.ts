import { describe, expect, it } from 'vitest';
import { WaitForTimeoutError, waitFor } from './wait-for.js';

describe('waitFor', () => {
  it('resolves with the first truthy value, checking again until then', async () => {
    let calls = 0;
    const value = await waitFor(() => (++calls >= 3 ? { calls } : undefined), { interval: 1 });
    expect(value).toEqual({ calls: 3 });
  });

  it('awaits an async check', async () => {
    let n = 0;
    await expect(waitFor(async () => ++n === 2 && 'done', { interval: 1 })).resolves.toBe('done');
  });

  it('rejects with a coded error naming what never happened', async () => {
    const started = Date.now();
    const error = await waitFor(() => false, { timeout: 50, interval: 5, message: () => 'the reply' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WaitForTimeoutError);
    expect((error as WaitForTimeoutError).code).toBe('WaitForTimeoutError');
    expect((error as Error).message).toContain('Waited 50 ms for the reply');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('stops at once when the check throws', async () => {
    let calls = 0;
    const failing = () => {
      calls++;
      throw new RangeError('the child exited');
    };
    await expect(waitFor(failing, { timeout: 10_000 })).rejects.toThrow('the child exited');
    expect(calls).toBe(1);
  });

  it('treats 0 and the empty string as not yet', async () => {
    const values = [0, '', 7];
    await expect(waitFor(() => values.shift(), { interval: 1 })).resolves.toBe(7);
  });
});
