/**
 * The page's full view in a view: `useFullPage(url)` reads the shared store (see
 * `shared/full-page-store.ts`). The server and a hydrating island see it not loaded.
 */
import { useSyncExternalStore } from 'react';
import { type FullPageState, fullPageStore, NOT_LOADED } from '../shared/full-page-store.js';
import type { PageView } from '../shared/page-data.js';

export interface FullPage extends FullPageState {
  /** Loads the full view (once; later calls share the first). */
  load: () => Promise<PageView>;
}

export function useFullPage(url: string): FullPage {
  const store = fullPageStore(url);
  // Not `useStore`: a hydrating island must see what the server rendered (nothing loaded) even
  // when another island of the page has loaded the store already.
  const state = useSyncExternalStore(store.subscribe, store.getState, () => NOT_LOADED);
  return { ...state, load: () => store.load() };
}
