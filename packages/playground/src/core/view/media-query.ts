/**
 * A media query as a store (true while it matches), so the layout switch to tabs on small
 * screens is state a test can drive and React reads through `useSyncExternalStore`.
 */
import { Store } from '../shared/store.js';

/** The width below which the playground shows Request / Response tabs. */
export const NARROW_QUERY = '(max-width: 767px)';

type MatchMedia = (
  query: string,
) => Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;

export class MediaQueryStore extends Store<boolean> {
  readonly #list: ReturnType<MatchMedia> | undefined;
  readonly #onChange = () => this.setState(this.#list?.matches ?? false);

  constructor(query: string, matchMedia: MatchMedia | undefined = globalThis.matchMedia?.bind(globalThis)) {
    const list = matchMedia?.(query);
    super(list?.matches ?? false);
    this.#list = list;
  }

  protected override onFirstSubscriber(): void {
    this.#list?.addEventListener('change', this.#onChange);
    this.#onChange();
  }

  protected override onLastUnsubscribe(): void {
    this.#list?.removeEventListener('change', this.#onChange);
  }
}
