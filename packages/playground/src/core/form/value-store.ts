/**
 * A store of a plain record with a `set(partial)` method: the small view state of a playground
 * (selected environment, snippet language, mobile tab) that needs no further rules.
 */
import { Store } from '../shared/store.js';

/**
 * @example
 * const ui = new ValueStore({ tab: 'request' }); ui.set({ tab: 'response' });
 */
export class ValueStore<S extends object> extends Store<S> {
  /** Merges `partial` into the state. */
  set(partial: Partial<S>): void {
    this.setState((s) => ({ ...s, ...partial }));
  }
}
