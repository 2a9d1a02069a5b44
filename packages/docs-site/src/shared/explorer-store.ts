/**
 * The open explorer ("Try it"): the URL parameter `explorer=<endpoint or channel id>` (SPEC §2) as
 * a framework-free store. Opening pushes the parameter, closing removes it, back and forward are
 * followed. `subscribe` / `getSnapshot` for `useSyncExternalStore`.
 */
import { EXPLORER_PARAM } from './page-data.js';

export interface ExplorerStore {
  subscribe(listener: () => void): () => void;
  /** The id of the open explorer, if any. */
  getSnapshot(): string | undefined;
  open(id: string): void;
  close(): void;
}

type UrlWindow = Pick<Window, 'location' | 'history' | 'addEventListener' | 'removeEventListener'>;

/** A store over `win`'s URL. */
export function createExplorerStore(win: UrlWindow): ExplorerStore {
  const fromUrl = () => new URL(win.location.href).searchParams.get(EXPLORER_PARAM) ?? undefined;
  let current = fromUrl();
  const listeners = new Set<() => void>();
  const set = (next: string | undefined) => {
    if (next === current) return;
    current = next;
    for (const listener of [...listeners]) listener();
  };
  const onPopState = () => set(fromUrl());
  const push = (id: string | undefined) => {
    const url = new URL(win.location.href);
    if (id === undefined) url.searchParams.delete(EXPLORER_PARAM);
    else url.searchParams.set(EXPLORER_PARAM, id);
    if (url.href !== win.location.href) win.history.pushState(null, '', url);
    set(id);
  };
  return {
    subscribe(listener) {
      if (listeners.size === 0) {
        current = fromUrl();
        win.addEventListener('popstate', onPopState);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) win.removeEventListener('popstate', onPopState);
      };
    },
    getSnapshot: () => current,
    open: (id) => push(id),
    close: () => push(undefined),
  };
}

let shared: ExplorerStore | undefined;

/** The page's explorer store (browser only). */
export function explorerStore(): ExplorerStore {
  shared ??= createExplorerStore(window);
  return shared;
}
