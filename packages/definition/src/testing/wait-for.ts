/**
 * `waitFor`: the one poll loop of the tests. Something happens on another socket, process or
 * timer; a test waits until a check holds instead of sleeping a fixed time, so it is as fast as
 * the machine allows and fails with a message naming what never happened.
 */
import { SextantError } from '../sextant-error.js';

/** The condition never held within the timeout. */
export class WaitForTimeoutError extends SextantError<'WaitForTimeoutError'> {
  constructor(
    readonly timeoutMs: number,
    what: string,
  ) {
    super(
      'WaitForTimeoutError',
      `Waited ${timeoutMs} ms for ${what}: it never happened; check the condition or raise the timeout.`,
    );
  }
}

export interface WaitForOptions {
  /** Give up after this long (default 5,000 ms). */
  timeout?: number;
  /** Time between checks (default 10 ms). */
  interval?: number;
  /** What is awaited, for the timeout message (a function is called only on timeout). */
  message?: string | (() => string | Promise<string>);
}

/**
 * Calls `check` until it returns a truthy value (awaited when a promise) and resolves with that
 * value. An error thrown by `check` ends the wait at once; a check still false at `timeout`
 * rejects with `WaitForTimeoutError`.
 * @example
 * await waitFor(() => heard.length === 2, { message: 'two invalidations' });
 * const request = await waitFor(() => server.requests[0]);
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  options: WaitForOptions = {},
): Promise<Exclude<T, false | 0 | '' | null | undefined>> {
  const timeout = options.timeout ?? 5000;
  const interval = options.interval ?? 10;
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | 0 | '' | null | undefined>;
    if (Date.now() >= deadline) {
      const what = typeof options.message === 'function' ? await options.message() : options.message;
      throw new WaitForTimeoutError(timeout, what ?? 'the condition');
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(interval, Math.max(0, deadline - Date.now()))),
    );
  }
}
