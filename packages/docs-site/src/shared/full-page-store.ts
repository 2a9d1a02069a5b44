/**
 * The page's full view (`/_sextant/page.json`, see `fullPageUrl`), shared by every island of the
 * page: fetched once, when a reader first needs it (to expand a nested type, show or copy a whole
 * example, or open the playground). A headless `Store` (read with `useStore`), `load` to start
 * (or share) the fetch.
 */
import { UnexpectedStatusError } from '@sextant/definition/errors';
import { Store } from '@sextant/ui/store';
import type { PageView } from './page-data.js';

export interface FullPageState {
  /** The full view once loaded. */
  page?: PageView;
  /** Set when loading it failed (a later `load` tries again). */
  error?: string;
}

/** The state before anything is loaded (also what the server renders with). */
export const NOT_LOADED: FullPageState = Object.freeze({});

/** The full view at one URL: loaded once, shared by every island of the page. */
export class FullPageStore extends Store<FullPageState> {
  #pending: Promise<PageView> | undefined;

  constructor(
    private readonly url: string,
    private readonly fetchImpl: typeof fetch = (...a) => fetch(...a),
  ) {
    super(NOT_LOADED);
  }

  /** Loads the full view (once; later calls share the first, or retry after a failure). */
  load(): Promise<PageView> {
    this.#pending ??= (async () => {
      const response = await this.fetchImpl(this.url, { headers: { accept: 'application/json' } });
      if (!response.ok)
        throw new UnexpectedStatusError(
          'the page',
          response.status,
          `the docs host answered ${response.status}`,
        );
      return (await response.json()) as PageView;
    })().then(
      (page) => {
        this.setState({ page });
        return page;
      },
      (reason: unknown) => {
        this.#pending = undefined;
        this.setState((state) => ({
          ...state,
          error: reason instanceof Error ? reason.message : String(reason),
        }));
        throw reason;
      },
    );
    return this.#pending;
  }
}

/** A store for the full view at `url`. */
export function createFullPageStore(url: string, fetchImpl?: typeof fetch): FullPageStore {
  return new FullPageStore(url, fetchImpl);
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
