/**
 * "Try it": opens the playground through the URL parameter `explorer=<endpoint or channel id>`
 * (SPEC §2). The playground module is a separate chunk, loaded only when the explorer opens;
 * closing it (button or Escape, handled by the playground) removes the parameter again.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState } from 'react';
import { EXPLORER_PARAM, type PageView, type SiteView } from '../shared/page-data.js';
import { useFullPage } from './full-page.js';

const PlaygroundView = lazy(() => import('../client/playground-view.js'));

type ExplorerPage = Extract<PageView, { kind: 'endpoint' | 'channel' }>;

const ExplorerContext = createContext<(id: string) => void>(() => {});

function explorerFromUrl(): string | undefined {
  return new URLSearchParams(window.location.search).get(EXPLORER_PARAM) ?? undefined;
}

/** Holds the open explorer, follows the URL (back/forward) and renders the lazy playground. */
export function ExplorerHost({
  page,
  site,
  children,
}: {
  page: PageView;
  site: SiteView;
  children: React.ReactNode;
}) {
  const [explorerId, setExplorerId] = useState<string | undefined>();
  useEffect(() => {
    const sync = () => setExplorerId(explorerFromUrl());
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);
  const open = useCallback((id: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set(EXPLORER_PARAM, id);
    window.history.pushState(null, '', url);
    setExplorerId(id);
  }, []);
  const close = useCallback(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has(EXPLORER_PARAM)) {
      url.searchParams.delete(EXPLORER_PARAM);
      window.history.pushState(null, '', url);
    }
    setExplorerId(undefined);
    document.getElementById('sx-try-it')?.focus();
  }, []);
  const { full, error, load } = useFullPage();
  const wanted = explorerId !== undefined && isExplorable(page, explorerId);
  // The playground needs the whole definition slice (examples, nested types): the full view.
  useEffect(() => {
    if (wanted && !full) load().catch(() => undefined);
  }, [wanted, full, load]);
  const target = wanted && full && isExplorable(full, explorerId) ? full : undefined;
  return (
    <ExplorerContext.Provider value={open}>
      {children}
      {wanted && !target ? (
        <div className="sx-explorer-loading" role="status">
          {error ? `Could not load the playground: ${error}` : 'Loading playground…'}
        </div>
      ) : null}
      {target && explorerId ? (
        <Suspense
          fallback={
            <div className="sx-explorer-loading" role="status">
              Loading playground…
            </div>
          }
        >
          <PlaygroundView page={target} site={site} explorerId={explorerId} onClose={close} />
        </Suspense>
      ) : null}
    </ExplorerContext.Provider>
  );
}

function isExplorable(page: PageView, id: string): page is ExplorerPage {
  return (
    (page.kind === 'endpoint' && page.endpointId === id) || (page.kind === 'channel' && page.channelId === id)
  );
}

/** The "Try it" button of an endpoint or channel page. */
export function TryItButton({ id }: { id: string }) {
  const open = useContext(ExplorerContext);
  return (
    <button id="sx-try-it" type="button" className="sx-button sx-button-primary" onClick={() => open(id)}>
      Try it
    </button>
  );
}
