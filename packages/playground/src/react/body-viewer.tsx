/**
 * The response body viewer: Pretty / Raw, search in the body (Enter and Shift+Enter step through
 * the matching lines), and the lines themselves. Up to `FULL_RENDER_LINES` lines render whole;
 * a longer body renders only the rows in view (fixed row height, a spacer for the rest), so a
 * 10 MB answer costs the DOM a screenful. Layout and search are the headless `BodyView`'s.
 */
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BodyView } from '../core/response/body-view/body-view.js';
import { tokenizeJson } from '../core/view/json-tokens.js';
import { useStore } from './use-store.js';

/** Bodies of at most this many lines render every line (no virtual window). */
export const FULL_RENDER_LINES = 400;
/** Row height in px of a virtualised body; `.sx-pg-line` in playground.css matches it. */
const ROW_HEIGHT = 20;
/** Rows rendered above and below the visible ones. */
const OVERSCAN = 20;

export function BodyViewer({
  text,
  contentType,
  label,
}: {
  text: string;
  contentType: string;
  label: string;
}) {
  // A new answer is a new view (its layout and search start over).
  const view = useMemo(() => new BodyView(text, { contentType }), [text, contentType]);
  useEffect(() => {
    view.start();
    return () => view.dispose();
  }, [view]);
  const state = useStore(view);
  const [query, setQuery] = useState('');
  const { search } = state;
  const matchLine = search.matches[search.current];
  const virtual = state.rowCount > FULL_RENDER_LINES || !state.complete;
  // The current match's row, once rendered, is brought into view in the card too (not only in the rows' own scroller).
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (matchLine === undefined) return;
    const frame = requestAnimationFrame(() =>
      root.current?.querySelector('.sx-pg-line[data-current]')?.scrollIntoView({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [matchLine]);

  return (
    <div ref={root} className="sx-pg-body-viewer" data-mode={state.mode} data-complete={state.complete}>
      <div className="sx-pg-body-tools">
        <fieldset className="sx-pg-segmented">
          <legend className="sx-ui-sr-only">Body layout</legend>
          {(['pretty', 'raw'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              className="sx-pg-button sx-pg-small"
              aria-pressed={state.mode === mode}
              disabled={mode === 'pretty' && !state.canPretty}
              onClick={() => view.setMode(mode)}
              data-testid={`body-${mode}`}
            >
              {mode === 'pretty' ? 'Pretty' : 'Raw'}
            </button>
          ))}
        </fieldset>
        <input
          type="search"
          className="sx-pg-input sx-pg-small sx-pg-body-search"
          placeholder="Search the body"
          aria-label="Search the body"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            view.search(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            view.step(event.shiftKey ? -1 : 1);
          }}
          data-testid="body-search"
        />
        {search.query !== '' && (
          <span className="sx-pg-meta" role="status" data-testid="body-search-count">
            {search.matches.length === 0
              ? search.complete
                ? 'No match'
                : 'Searching…'
              : `${search.current + 1} of ${search.matches.length}${search.complete ? '' : '+'}`}
          </span>
        )}
        {search.matches.length > 1 && (
          <>
            <button
              type="button"
              className="sx-pg-button sx-pg-small"
              onClick={() => view.step(-1)}
              aria-label="Previous match"
            >
              ↑
            </button>
            <button
              type="button"
              className="sx-pg-button sx-pg-small"
              onClick={() => view.step(1)}
              aria-label="Next match"
            >
              ↓
            </button>
          </>
        )}
      </div>
      {state.notice && (
        <p className="sx-pg-muted" role="note" data-testid="body-notice">
          {state.notice}
        </p>
      )}
      {virtual ? (
        <VirtualLines view={view} label={label} lineCount={state.rowCount} focusLine={matchLine} />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a region of lines; a section would add a landmark per response
        <div
          className="sx-pg-code sx-pg-lines"
          role="region"
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard (axe)
          tabIndex={0}
          data-testid="body-lines"
        >
          {Array.from({ length: state.rowCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <div key={index} className="sx-pg-line" data-current={index === matchLine || undefined}>
              {renderLine(view.row(index), view.needle, state.mode)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function VirtualLines({
  view,
  label,
  lineCount,
  focusLine,
}: {
  view: BodyView;
  label: string;
  lineCount: number;
  focusLine: number | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    setHeight(element.clientHeight || 600);
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || 600));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // A new current match scrolls its line into the middle of the view.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || focusLine === undefined) return;
    const top = focusLine * ROW_HEIGHT;
    if (top < element.scrollTop || top > element.scrollTop + element.clientHeight - ROW_HEIGHT)
      element.scrollTop = Math.max(0, top - element.clientHeight / 2);
    setScrollTop(element.scrollTop);
  }, [focusLine]);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(lineCount, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const mode = view.getState().mode;
  const needle = view.needle;
  // The rows in view do not change while the layout goes on below them: no re-render for those.
  const rows = useMemo(() => {
    const shown: ReactNode[] = [];
    for (let index = first; index < last; index++)
      shown.push(
        <div key={index} className="sx-pg-line" data-current={index === focusLine || undefined}>
          {renderLine(view.row(index), needle, mode)}
        </div>,
      );
    return shown;
  }, [view, first, last, focusLine, needle, mode]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a region of lines; a section would add a landmark per response
    <div
      ref={scroller}
      className="sx-pg-code sx-pg-lines sx-pg-lines-virtual"
      role="region"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard (axe)
      tabIndex={0}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid="body-lines"
      data-line-count={lineCount}
    >
      <div className="sx-pg-lines-spacer" style={{ height: lineCount * ROW_HEIGHT }}>
        <div className="sx-pg-lines-window" style={{ transform: `translateY(${first * ROW_HEIGHT}px)` }}>
          {rows}
        </div>
      </div>
    </div>
  );
}

/** A line: its matches marked when searching, else JSON tokens coloured (pretty) or plain (raw). */
function renderLine(line: string, needle: string, mode: 'pretty' | 'raw'): ReactNode {
  if (needle !== '' && line.toLowerCase().includes(needle)) return markMatches(line, needle);
  if (mode === 'raw') return line;
  return tokenizeJson(line).map((token, index) =>
    token.kind === 'plain' ? (
      token.text
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional
      <span key={index} className={`sx-pg-tok-${token.kind}`}>
        {token.text}
      </span>
    ),
  );
}

function markMatches(line: string, needle: string): ReactNode[] {
  const lower = line.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(line.slice(from, at));
    parts.push(<mark key={at}>{line.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (from < line.length) parts.push(line.slice(from));
  return parts;
}
