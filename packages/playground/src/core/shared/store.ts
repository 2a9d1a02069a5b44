/** The playground's stores are the primitives layer's one `Store` (kept here so core modules import it locally). */
export { type Listener, Store } from '@sextant/ui/store';
