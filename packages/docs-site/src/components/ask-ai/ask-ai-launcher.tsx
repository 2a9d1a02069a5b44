/**
 * The header's Ask AI button (sites whose docs.yml enables Ask AI in the `docs` location). The
 * panel is a lazy chunk (`client/ask-ai-panel.tsx`), loaded on first use, so the page's first
 * load does not grow. The `askAi` page action opens it too, with the current page as context
 * (`ask-ai-events.ts`).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { ASK_AI_EVENT, pageSlug } from './ask-ai-events.js';

const AskAiPanel = lazy(() => import('../../client/ask-ai-panel.js'));

interface PanelRequest {
  /** The page the reader asks about (the page action), undefined from the header button. */
  page?: { slug: string; title: string };
  /** Changes on every request, so a second "ask about this page" re-applies the context. */
  serial: number;
}

function currentPage(basePath: string): PanelRequest['page'] {
  const slug = pageSlug(window.location.pathname, basePath);
  if (slug === undefined) return undefined;
  const title = document.querySelector('main h1')?.textContent?.trim() || document.title;
  return { slug, title };
}

export function AskAiLauncher({ basePath }: { basePath: string }) {
  const [request, setRequest] = useState<PanelRequest | undefined>(undefined);
  useEffect(() => {
    const onAsk = (event: Event) => {
      event.preventDefault();
      setRequest((previous) => ({ page: currentPage(basePath), serial: (previous?.serial ?? 0) + 1 }));
    };
    window.addEventListener(ASK_AI_EVENT, onAsk);
    return () => window.removeEventListener(ASK_AI_EVENT, onAsk);
  }, [basePath]);
  return (
    <>
      <button
        type="button"
        className="sx-button sx-button-small sx-ask-ai-button"
        aria-haspopup="dialog"
        onClick={() => setRequest((previous) => ({ serial: (previous?.serial ?? 0) + 1 }))}
      >
        Ask AI
      </button>
      {request ? (
        <Suspense fallback={null}>
          <AskAiPanel
            basePath={basePath}
            page={request.page}
            serial={request.serial}
            onClose={() => setRequest(undefined)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
