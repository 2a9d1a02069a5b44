/**
 * `Clock`: where code that waits or measures time reads it, so a test can pass a manual clock
 * (`ManualClock` in `@sextant/definition/testing`) and advance it instead of sleeping.
 */

/** Cancels a timer set with `Clock.setTimeout` (a no-op once it ran or was cancelled). */
export type CancelTimer = () => void;

export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number;
  /** Calls `callback` once after `ms`; the returned function cancels it. */
  setTimeout(callback: () => void, ms: number): CancelTimer;
}

/** The real clock: `Date.now` and the runtime's timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
};
