/**
 * The search dialog (a lazy chunk). A small site's index is fetched once at the first query and
 * searched in the browser (`@sextant/search`, a chunk of its own loaded only then); a large
 * site's search box asks the server (`/_sextant/search?q=`) per query, so the first search
 * moves a few KB instead of the whole index. Arrow keys and Enter navigate. A versioned site's
 * results carry their version (its index is the version's own).
 */
import { UnexpectedStatusError } from '@sextant/definition/errors';
import type { SearchIndex } from '@sextant/search';
import { Dialog } from '@sextant/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_LIMIT, type SearchResult, searchesServer, searchResult } from '../shared/search.js';

let indexPromise: Promise<SearchIndex> | undefined;

function loadIndex(url: string): Promise<SearchIndex> {
  indexPromise ??= Promise.all([
    import('@sextant/search'),
    fetch(url).then((response) => {
      if (!response.ok) throw new UnexpectedStatusError('search index', response.status);
      return response.text();
    }),
  ]).then(([search, json]) => search.loadSearchIndex(json));
  indexPromise.catch(() => {
    indexPromise = undefined;
  });
  return indexPromise;
}

/** What a query finds: from the server (large sites) or the downloaded index. */
async function find(url: string, query: string, signal: AbortSignal): Promise<SearchResult[]> {
  if (searchesServer(url)) {
    const response = await fetch(`${url}?q=${encodeURIComponent(query)}&limit=${SEARCH_LIMIT}`, {
      signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new UnexpectedStatusError('search', response.status);
    return ((await response.json()) as { hits: SearchResult[] }).hits;
  }
  const index = await loadIndex(url);
  return index.search(query, { limit: SEARCH_LIMIT }).map(searchResult);
}

/** Typing pauses this long before a server query: every keystroke would be a request. */
const SERVER_DEBOUNCE_MS = 80;

export default function SearchDialog({
  indexUrl,
  basePath,
  onClose,
}: {
  indexUrl: string;
  basePath: string;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchResult[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  useEffect(() => {
    const controller = new AbortController();
    if (!query.trim()) {
      setHits([]);
      return;
    }
    const timer = setTimeout(
      () => {
        find(indexUrl, query, controller.signal)
          .then((found) => {
            if (controller.signal.aborted) return;
            setHits(found);
            setActive(0);
            setError(undefined);
          })
          .catch((e: unknown) => {
            if (!controller.signal.aborted) setError(e instanceof Error ? e.message : String(e));
          });
      },
      searchesServer(indexUrl) ? SERVER_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, indexUrl]);
  const go = (hit: SearchResult | undefined) => {
    if (hit) window.location.assign(`${basePath}/${hit.url}`);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((a) => Math.min(a + 1, hits.length - 1));
    else if (event.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (event.key === 'Enter') go(hits[active]);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog
      className="sx-search-dialog"
      aria-label="Search the docs"
      onClose={onClose}
      closeOnBackdrop
      initialFocus={input}
    >
      <div className="sx-search-box">
        <input
          ref={input}
          type="search"
          className="sx-search-input"
          placeholder="Search pages and endpoints"
          aria-label="Search pages and endpoints"
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={hits[active] ? `${listId}-${active}` : undefined}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {error ? <p role="alert">Search is unavailable: {error}</p> : null}
        <div id={listId} role="listbox" className="sx-search-results" aria-label="Results">
          {hits.map((hit, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (arrows, Enter)
            <div
              key={hit.url}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className="sx-search-hit"
              onClick={() => go(hit)}
            >
              {hit.method ? (
                <span className={`sx-method sx-method-${hit.method.toLowerCase()}`}>{hit.method}</span>
              ) : (
                <span className="sx-badge">{hit.kind}</span>
              )}
              <span className="sx-search-title">{hit.page ? `${hit.page} › ${hit.title}` : hit.title}</span>
              {hit.path ? <code className="sx-search-path">{hit.path}</code> : null}
              {hit.docsVersion ? (
                <span className="sx-badge sx-search-version" title={`Version ${hit.docsVersion}`}>
                  {hit.docsVersion}
                </span>
              ) : null}
            </div>
          ))}
        </div>
        {query.trim() && hits.length === 0 && !error ? (
          <p className="sx-muted">No results for “{query}”.</p>
        ) : null}
      </div>
    </Dialog>
  );
}
