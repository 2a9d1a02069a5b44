/**
 * `ManualClock`: a `Clock` that moves only when a test says so. Timers set on it run, in the
 * order they fall due, during `advance`; nothing happens between calls, so a test of a timeout,
 * a cache's lifetime or a refill states the time it means instead of sleeping past it.
 */
import type { CancelTimer, Clock } from '../clock.js';

interface Timer {
  at: number;
  order: number;
  callback: () => void;
}

export class ManualClock implements Clock {
  #now: number;
  #order = 0;
  #timers: Timer[] = [];

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): CancelTimer {
    const timer = { at: this.#now + Math.max(0, ms), order: this.#order++, callback };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((other) => other !== timer);
    };
  }

  /** Timers set and not yet run or cancelled. */
  get pending(): number {
    return this.#timers.length;
  }

  /**
   * Moves the time forward by `ms`, running each timer that falls due on the way (at its own
   * time, so a timer it sets is run too when it falls due within the same advance).
   */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`advance takes a duration of 0 or more ms, got ${ms}`);
    const until = this.#now + ms;
    for (;;) {
      const next = this.#timers
        .filter((timer) => timer.at <= until)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!next) break;
      this.#timers = this.#timers.filter((timer) => timer !== next);
      this.#now = next.at;
      next.callback();
    }
    this.#now = until;
  }
}
