/**
 * The React side of {@link Store}: reads a store with `useSyncExternalStore`, so a component
 * re-renders on change and server rendering sees the same snapshot.
 */
import { useSyncExternalStore } from 'react';
import type { Store } from './store.js';

/**
 * Reads a store's current state and re-renders when it changes.
 *
 * @example
 * const state = useStore(controller.request);
 */
export function useStore<S>(store: Store<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
