/**
 * The playground's own root (a lazy chunk): created in the browser the first time the explorer
 * opens on this page. It shows the loading state, then the lazy playground chunk with the full
 * view, and nothing once the explorer is closed.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { TryItProps } from '../components/explorer.js';
import { useFullPage } from '../components/full-page.js';
import { explorerStore } from '../shared/explorer-store.js';
import type { PageView } from '../shared/page-data.js';

const PlaygroundView = lazy(() => import('./playground-view.js'));

type ExplorerPage = Extract<PageView, { kind: 'endpoint' | 'channel' }>;

function isExplorable(page: PageView, id: string): page is ExplorerPage {
  return (
    (page.kind === 'endpoint' && page.endpointId === id) || (page.kind === 'channel' && page.channelId === id)
  );
}

function Loading({ error }: { error?: string }) {
  return (
    <div className="sx-explorer-loading" role="status">
      {error ? `Could not load the playground: ${error}` : 'Loading playground…'}
    </div>
  );
}

function ExplorerView({ target }: { target: TryItProps }) {
  const store = explorerStore();
  const open = useSyncExternalStore(store.subscribe, store.getSnapshot) === target.id;
  const { page, error, load } = useFullPage(target.fullPageUrl);
  useEffect(() => {
    if (open && !page) load().catch(() => undefined);
  }, [open, page, load]);
  if (!open) return null;
  if (!page || !isExplorable(page, target.id)) return <Loading error={error} />;
  return (
    <Suspense fallback={<Loading />}>
      <PlaygroundView page={page} site={target.site} explorerId={target.id} onClose={() => store.close()} />
    </Suspense>
  );
}

let root: Root | undefined;

/**
 * Shows the explorer for this page's "Try it": creates the playground's root the first time
 * (after the page's content; it is not part of the server's HTML). The view follows the store
 * from then on, so opening it again needs nothing more.
 */
export function showExplorer(target: TryItProps): void {
  if (root) return;
  const host = document.createElement('div');
  host.className = 'sx-explorer-root';
  document.body.append(host);
  root = createRoot(host, { identifierPrefix: 'sx-explorer-' });
  root.render(<ExplorerView target={target} />);
}
