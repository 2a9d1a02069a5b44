/**
 * The page's full view (see `fullPageUrl`), fetched once when a reader first needs it: to expand a
 * nested type, show or copy a whole example, or open the playground. Until then the views render
 * from the embedded page data, which holds exactly what the first render reads.
 */
import type { ApiDefinition } from '@sextant/definition';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { fullPageUrl, type PageView, type SiteView, type TypeSummary } from '../shared/page-data.js';

export interface FullPage {
  /** The full view once loaded. */
  full?: PageView;
  /** Set when loading it failed. */
  error?: string;
  /** Loads the full view (once; later calls share the first). */
  load: () => Promise<PageView>;
}

const FullPageContext = createContext<FullPage>({
  load: () => Promise.reject(new Error('the full page loads in the browser only')),
});

export function FullPageProvider({
  site,
  slug,
  children,
}: {
  site: SiteView;
  slug: string;
  children: React.ReactNode;
}) {
  const [full, setFull] = useState<PageView>();
  const [error, setError] = useState<string>();
  const pending = useRef<Promise<PageView> | undefined>(undefined);
  const load = useCallback(() => {
    pending.current ??= (async () => {
      const response = await fetch(fullPageUrl(site, slug), { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`the docs host answered ${response.status}`);
      return (await response.json()) as PageView;
    })().then(
      (page) => {
        setFull(page);
        return page;
      },
      (reason: unknown) => {
        pending.current = undefined;
        setError(reason instanceof Error ? reason.message : String(reason));
        throw reason;
      },
    );
    return pending.current;
  }, [site, slug]);
  const value = useMemo(() => ({ full, error, load }), [full, error, load]);
  return <FullPageContext.Provider value={value}>{children}</FullPageContext.Provider>;
}

export const useFullPage = (): FullPage => useContext(FullPageContext);

/** The definition slice views read: the full one once loaded (`complete`), else the embedded one. */
export function useDefinition(page: { definition: ApiDefinition; summaries?: Record<string, TypeSummary> }): {
  definition: ApiDefinition;
  complete: boolean;
  summaries?: Record<string, TypeSummary>;
} {
  const { full } = useFullPage();
  const definition = full && 'definition' in full ? full.definition : undefined;
  return definition
    ? { definition, complete: true }
    : { definition: page.definition, complete: false, summaries: page.summaries };
}
