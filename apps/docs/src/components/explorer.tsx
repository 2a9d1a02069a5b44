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

function TryItButton(props: TryItProps) {
  useEffect(() => {
    // Follows the URL (an `?explorer=` link, back and forward) from now on.
    void import('../client/explorer-root.js').then(({ startExplorer }) => startExplorer(props));
  }, [props]);
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
