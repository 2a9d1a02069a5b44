/**
 * The page's full view (`/_sextant/page.json`, see `fullPageUrl`), shared by every island of the
 * page: fetched once, when a reader first needs it (to expand a nested type, show or copy a whole
 * example, or open the playground). A framework-free store: `subscribe` / `getSnapshot` for
 * `useSyncExternalStore`, `load` to start (or share) the fetch.
 */
import type { PageView } from './page-data.js';

export interface FullPageState {
  /** The full view once loaded. */
  page?: PageView;
  /** Set when loading it failed (a later `load` tries again). */
  error?: string;
}

export interface FullPageStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FullPageState;
  /** Loads the full view (once; later calls share the first, or retry after a failure). */
  load(): Promise<PageView>;
}

/** The state before anything is loaded (also what the server renders with). */
export const NOT_LOADED: FullPageState = Object.freeze({});

/** A store for the full view at `url`. */
export function createFullPageStore(
  url: string,
  fetchImpl: typeof fetch = (...a) => fetch(...a),
): FullPageStore {
  let state: FullPageState = NOT_LOADED;
  let pending: Promise<PageView> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: FullPageState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    load() {
      pending ??= (async () => {
        const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(`the docs host answered ${response.status}`);
        return (await response.json()) as PageView;
      })().then(
        (page) => {
          set({ page });
          return page;
        },
        (reason: unknown) => {
          pending = undefined;
          set({ ...state, error: reason instanceof Error ? reason.message : String(reason) });
          throw reason;
        },
      );
      return pending;
    },
  };
}

const stores = new Map<string, FullPageStore>();

/** The page's one store for `url`: every island of the page shares it. */
export function fullPageStore(url: string): FullPageStore {
  // The server renders every page with nothing loaded: keep nothing between its renders.
  if (typeof window === 'undefined') return createFullPageStore(url);
  let store = stores.get(url);
  if (!store) {
    store = createFullPageStore(url);
    stores.set(url, store);
  }
  return store;
}
