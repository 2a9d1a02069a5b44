/**
 * "Try it" (an island): opens the playground through the explorer store (the URL parameter
 * `explorer=<endpoint or channel id>`, SPEC §2). The playground itself opens into a root of its
 * own, created in the browser when first needed (`client/explorer-root.tsx`).
 */
import { useEffect } from 'react';
import { explorerStore } from '../shared/explorer-store.js';
import type { SiteView } from '../shared/page-data.js';
import { defineIsland } from './island.js';

export interface TryItProps {
  /** The endpoint or channel id. */
  id: string;
  site: SiteView;
  /** URL of the page's full view (the playground needs the whole definition slice). */
  fullPageUrl: string;
}

/**
 * Follows the explorer store for this page's "Try it": the playground's root (a lazy chunk) is
 * loaded and shown when the explorer opens (a click, an `?explorer=` link, back or forward), and
 * focus returns to "Try it" when it closes. Returns the way to stop following.
 */
function followExplorer(target: TryItProps): () => void {
  const store = explorerStore();
  let wasOpen = false;
  const follow = () => {
    const open = store.getSnapshot() === target.id;
    if (open && !wasOpen)
      void import('../client/explorer-root.js').then(({ showExplorer }) => showExplorer(target));
    if (wasOpen && !open) document.getElementById('sx-try-it')?.focus();
    wasOpen = open;
  };
  const stop = store.subscribe(follow);
  follow();
  return stop;
}

function TryItButton(props: TryItProps) {
  useEffect(() => followExplorer(props), [props]);
  return (
    <button
      id="sx-try-it"
      type="button"
      className="sx-button sx-button-primary"
      onClick={() => explorerStore().open(props.id)}
    >
      Try it
    </button>
  );
}

export const TryIt = defineIsland('try-it', TryItButton);
