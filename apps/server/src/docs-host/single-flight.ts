/**
 * One computation per key at a time: callers that ask for a key while it is being computed get
 * the same promise, so N concurrent requests for an uncached page cost one render, not N (a
 * stampede on an evicted hot page). Nothing is kept once the promise settles: caching is the
 * caller's (the render cache), this only joins the callers in flight.
 */

/** Runs `compute` for `key` unless a run for `key` is in flight, whose promise is returned instead. */
export type SingleFlight<T> = (key: string, compute: () => Promise<T>) => Promise<T>;

/**
 * @example const render = createSingleFlight<RenderedPage>(); await render(pageKey, () => renderDocsPage(...));
 */
export function createSingleFlight<T>(): SingleFlight<T> {
  const inFlight = new Map<string, Promise<T>>();
  return function singleFlight(key, compute) {
    const running = inFlight.get(key);
    if (running) return running;
    const started = compute().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
