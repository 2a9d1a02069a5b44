/** Loads data for a view: loading, the value or the error, and a reload; stale answers are dropped. */
import { useCallback, useEffect, useRef, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error'; error: unknown };

export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> & { reload(): void } {
  const [value, setValue] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on.
  useEffect(() => {
    const call = ++latest.current;
    setValue({ state: 'loading' });
    load().then(
      (data) => call === latest.current && setValue({ state: 'ok', data }),
      (error: unknown) => call === latest.current && setValue({ state: 'error', error }),
    );
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...value, reload };
}
