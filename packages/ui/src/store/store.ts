/**
 * The smallest external store: a value, `getState`, `subscribe(listener) → unsubscribe`, and hooks
 * for work that should run only while someone listens (TanStack Query's pattern). Every stateful
 * headless object of the playground and the docs site (the page's full view, the Ask AI chat)
 * extends it; React reads it through `useStore`. No React here: headless code imports
 * `@sextant/ui/store`.
 */

/** A listener is called after every state change. */
export type Listener = () => void;

/**
 * Base class of the headless stores.
 *
 * @example
 * class Counter extends Store<number> { increment() { this.setState((n) => n + 1); } }
 * const c = new Counter(0); const stop = c.subscribe(() => console.log(c.getState())); c.increment(); // logs 1
 */
export class Store<S> {
  #state: S;
  readonly #listeners = new Set<Listener>();

  constructor(initial: S) {
    this.#state = initial;
  }

  /** The current state; a new object after every change, so identity comparison is enough. */
  readonly getState = (): S => this.#state;

  /** Calls `listener` after each change; returns the unsubscribe function. */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.onFirstSubscriber();
    return () => {
      if (!this.#listeners.delete(listener)) return;
      if (this.#listeners.size === 0) this.onLastUnsubscribe();
    };
  };

  /** Number of current listeners (for tests and for start/stop decisions). */
  get listenerCount(): number {
    return this.#listeners.size;
  }

  protected setState(next: S | ((previous: S) => S)): void {
    const value = typeof next === 'function' ? (next as (previous: S) => S)(this.#state) : next;
    if (Object.is(value, this.#state)) return;
    this.#state = value;
    for (const listener of [...this.#listeners]) listener();
  }

  /** Override to start work (timers, sockets) when the first listener arrives. */
  protected onFirstSubscriber(): void {}

  /** Override to stop work when the last listener leaves. */
  protected onLastUnsubscribe(): void {}
}
