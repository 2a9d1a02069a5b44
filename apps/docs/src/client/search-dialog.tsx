/**
 * The search dialog (a lazy chunk): fetches the site's MiniSearch index once, searches as the
 * reader types (prefix and fuzzy), and navigates with the arrow keys and Enter.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_OPTIONS, type SearchDocument } from '../shared/search.js';

let indexPromise: Promise<MiniSearch<SearchDocument>> | undefined;

function loadIndex(url: string): Promise<MiniSearch<SearchDocument>> {
  indexPromise ??= fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
      return response.text();
    })
    .then((json) => MiniSearch.loadJSON<SearchDocument>(json, SEARCH_OPTIONS));
  indexPromise.catch(() => {
    indexPromise = undefined;
  });
  return indexPromise;
}

type Hit = SearchResult & Partial<SearchDocument>;

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
  const [hits, setHits] = useState<Hit[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    input.current?.focus();
    return () => element?.close();
  }, []);
  useEffect(() => {
    let cancelled = false;
    if (!query.trim()) {
      setHits([]);
      return;
    }
    loadIndex(indexUrl)
      .then((index) => {
        if (!cancelled) {
          setHits(index.search(query).slice(0, 20) as Hit[]);
          setActive(0);
        }
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    return () => {
      cancelled = true;
    };
  }, [query, indexUrl]);
  const go = (hit: Hit | undefined) => {
    if (hit?.slug !== undefined) window.location.assign(`${basePath}/${hit.slug}`);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((a) => Math.min(a + 1, hits.length - 1));
    else if (event.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (event.key === 'Enter') go(hits[active]);
    else return;
    event.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the native dialog; the click closes on the backdrop only
    <dialog
      ref={dialog}
      className="sx-search-dialog"
      aria-label="Search the docs"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
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
              key={hit.id}
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
              <span className="sx-search-title">{hit.title}</span>
              {hit.path ? <code className="sx-search-path">{hit.path}</code> : null}
            </div>
          ))}
        </div>
        {query.trim() && hits.length === 0 && !error ? (
          <p className="sx-muted">No results for “{query}”.</p>
        ) : null}
      </div>
    </dialog>
  );
}
