/**
 * The Request card: language switcher, copy button, and the snippet of the request exactly as
 * Send would build it, updated live as the form and auth change, coloured by the snippet
 * tokenizer; long lines scroll sideways (a visible scrollbar) or wrap with the Wrap toggle; plus
 * the endpoint's history below the snippet (its own component: an answer recorded re-renders the
 * list, not the snippet).
 */

import { CopyButton, Select } from '@sextant/ui';
import { useState } from 'react';
import type { EndpointController } from '../core/endpoint/endpoint-controller.js';
import { historyEntryText } from '../core/endpoint/request-history.js';
import { tokenizeSnippet } from '../core/view/snippet-tokens.js';
import { TokenSpans } from './token-spans.js';
import { useStore } from './use-store.js';

export function RequestCard({ controller }: { controller: EndpointController }) {
  useStore(controller.form);
  useStore(controller.auth);
  const view = useStore(controller.view);
  const snippet = controller.snippet(view.language);
  const [wrap, setWrap] = useState(false);
  return (
    <section className="sx-pg-card sx-pg-request" aria-label="Request">
      <header className="sx-pg-card-head">
        <h2 className="sx-pg-card-title">Request</h2>
        <div className="sx-pg-card-meta">
          <Select
            className="sx-pg-input sx-pg-small"
            aria-label="Snippet language"
            value={view.language}
            options={controller
              .languages()
              .map((language) => ({ value: language.id, label: language.label }))}
            onChange={(event) => controller.view.set({ language: event.target.value })}
          />
          <label className="sx-pg-inline sx-pg-small-text">
            <input type="checkbox" checked={wrap} onChange={(event) => setWrap(event.target.checked)} />
            <span>Wrap</span>
          </label>
          <CopyButton
            className="sx-pg-button sx-pg-small"
            label="Copy snippet"
            text={() => controller.snippet()}
          />
        </div>
      </header>
      <div className="sx-pg-card-body">
        {view.sdkError && (
          <p className="sx-pg-alert sx-pg-warning" role="status">
            {view.sdkError}
          </p>
        )}
        {controller.hasRequestPreview() ? (
          <pre
            className={`sx-pg-code sx-pg-snippet${wrap ? ' sx-pg-wrap' : ''}`}
            data-testid="snippet"
            data-wrap={wrap}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard (axe)
            tabIndex={0}
          >
            <TokenSpans tokens={tokenizeSnippet(snippet, view.language)} />
          </pre>
        ) : (
          <p className="sx-pg-muted">No request preview for HEAD endpoints.</p>
        )}
        <HistoryList controller={controller} />
      </div>
    </section>
  );
}

/**
 * The history, closed at first; its entries render once opened (their local time needs the time
 * zone data, a first-use cost that would land in the task showing the answer).
 */
function HistoryList({ controller }: { controller: EndpointController }) {
  const history = useStore(controller.history);
  const [open, setOpen] = useState(false);
  if (history.length === 0) return null;
  return (
    <details className="sx-pg-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>History ({history.length})</summary>
      {open && (
        <>
          <ul>
            {history.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  className="sx-pg-link-button"
                  onClick={() => controller.form.replace(entry.form)}
                >
                  {historyEntryText(entry)}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="sx-pg-link-button" onClick={() => controller.history.clear()}>
            Clear history
          </button>
        </>
      )}
    </details>
  );
}
