/** ManualClock: time moves only on `advance`, timers run in due order, cancelled ones never. */
import { describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { ManualClock } from './manual-clock.js';

describe('ManualClock', () => {
  it('runs due timers in order at their own time, including ones set while advancing', () => {
    const clock = new ManualClock(1000);
    const ran: string[] = [];
    clock.setTimeout(() => ran.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => {
      ran.push(`a@${clock.now()}`);
      clock.setTimeout(() => ran.push(`c@${clock.now()}`), 50);
    }, 100);
    clock.setTimeout(() => ran.push('late'), 1000);
    clock.advance(199);
    expect(ran).toEqual(['a@1100', 'c@1150']);
    expect(clock.now()).toBe(1199);
    clock.advance(1);
    expect(ran).toEqual(['a@1100', 'c@1150', 'b@1200']);
    expect(clock.pending).toBe(1);
  });

  it('never runs a cancelled timer, and runs equal times in the order they were set', () => {
    const clock = new ManualClock();
    const ran: number[] = [];
    const cancel = clock.setTimeout(() => ran.push(0), 10);
    clock.setTimeout(() => ran.push(1), 10);
    clock.setTimeout(() => ran.push(2), 10);
    cancel();
    cancel();
    clock.advance(10);
    expect(ran).toEqual([1, 2]);
    expect(clock.pending).toBe(0);
  });

  it('refuses to go backwards or by a non-number', () => {
    const clock = new ManualClock();
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  });
});

describe('systemClock', () => {
  it('reads Date.now and cancels a real timer', async () => {
    expect(Math.abs(systemClock.now() - Date.now())).toBeLessThan(1000);
    let ran = false;
    systemClock.setTimeout(() => {
      ran = true;
    }, 0)();
    await new Promise<void>((resolve) => systemClock.setTimeout(resolve, 5));
    expect(ran).toBe(false);
  });
});
