/**
 * The Response card: nothing yet, a loading skeleton with the elapsed time counting up, the
 * Failed badge with the error, Cancelled (keeping what had arrived), or the answer: Body and
 * Headers tabs (the headers, cookies set, final URL and redirects; HEAD and 204 open on them), and the
 * response with its status badge, time (2 decimals) and size, a copy button, highlighted JSON,
 * stream events as they arrive, and files with download plus audio / PDF previews.
 */

import { CopyButton, TabList, TabPanel, type TabSpec } from '@sextant/ui';
import { memo, useEffect, useState } from 'react';
import type { RequestLifecycle } from '../core/request/request-lifecycle.js';
import {
  type AnswerDetails,
  type AnswerView,
  answerDetails,
  answerView,
  hasNoBody,
  statusLine,
} from '../core/response/answer-details.js';
import { proxyNotice } from '../core/response/proxy-notice.js';
import { filePreviewKind, type PlaygroundResponse } from '../core/response/response-reader.js';
import type { StreamEvent } from '../core/response/stream-framing.js';
import { formatElapsed, formatSize, formatTime, statusStyle } from '../core/view/json-tokens.js';
import { BodyViewer } from './body-viewer.js';
import { ErrorBoundary } from './error-boundary.js';
import { JsonView } from './json-view.js';
import { useElapsed } from './use-elapsed.js';
import { useStore } from './use-store.js';

export function ResponseCard({ request }: { request: RequestLifecycle }) {
  const state = useStore(request);
  const elapsed = useElapsed(request);
  const response =
    state.status === 'loaded' || state.status === 'failed' || state.status === 'cancelled'
      ? state.response
      : undefined;
  const notice = response && proxyNotice(response.response);
  return (
    <section
      className="sx-pg-card sx-pg-response"
      aria-label="Response"
      data-state={state.status}
      data-failure={state.status === 'failed' ? (state.failure ?? 'network') : undefined}
    >
      <header className="sx-pg-card-head">
        <h2 className="sx-pg-card-title">Response</h2>
        <div className="sx-pg-card-meta">
          {state.status === 'failed' && <span className="sx-pg-badge sx-pg-badge-error">Failed</span>}
          {state.status === 'cancelled' && (
            <span className="sx-pg-badge sx-pg-badge-muted" data-testid="response-cancelled">
              Cancelled
            </span>
          )}
          {state.status === 'loading' && (
            <span className="sx-pg-meta" data-testid="response-elapsed">
              {formatElapsed(elapsed ?? 0)}
            </span>
          )}
          {state.status === 'cancelled' && !response && (
            <span className="sx-pg-meta" data-testid="response-time">
              {formatTime(state.elapsed)}
            </span>
          )}
          {response && (
            <>
              <span
                className={`sx-pg-badge sx-pg-badge-${state.status === 'loaded' ? statusStyle(response.response.status) : 'muted'}`}
                data-testid="response-status"
              >
                {statusLine(response.response)}
              </span>
              <span className="sx-pg-meta" data-testid="response-time">
                {elapsed !== undefined
                  ? formatElapsed(elapsed)
                  : formatTime(state.status === 'cancelled' ? state.elapsed : response.time)}
              </span>
              <span className="sx-pg-meta" data-testid="response-size">
                {formatSize(response.size)}
              </span>
              {response.type !== 'file' && (
                <CopyButton
                  className="sx-pg-button sx-pg-small"
                  label="Copy response"
                  text={() => responseText(response)}
                />
              )}
            </>
          )}
        </div>
      </header>
      <div className="sx-pg-card-body" aria-live="polite">
        {state.status === 'not-started' && <p className="sx-pg-muted">Send a request to see the response.</p>}
        {state.status === 'loading' && (
          <div
            className="sx-pg-skeleton-group"
            role="status"
            aria-busy="true"
            aria-label="Loading response"
            data-testid="response-skeleton"
          >
            <div className="sx-pg-skeleton" />
            <div className="sx-pg-skeleton sx-pg-skeleton-short" />
            <div className="sx-pg-skeleton" />
          </div>
        )}
        {state.status === 'failed' && (
          <div className="sx-pg-alert sx-pg-error" role="alert" data-testid="response-error">
            {state.error}
          </div>
        )}
        {state.status === 'cancelled' && (
          <p className="sx-pg-muted" data-testid="response-cancelled-note">
            You cancelled the request{response ? '; what had arrived is kept below' : ''}.
          </p>
        )}
        {notice && (
          <div className="sx-pg-alert sx-pg-warning" role="note" data-testid="proxy-notice">
            <span>
              {notice.reason}
              {notice.location && (
                <>
                  {' '}
                  Location: <code>{notice.location}</code>
                </>
              )}
            </span>
          </div>
        )}
        {response && (
          <ErrorBoundary message="Failed to show the response">
            <AnswerTabs response={response} stopped={state.status !== 'loaded'} />
          </ErrorBoundary>
        )}
      </div>
    </section>
  );
}

/** Body and Headers side by side as two tabs; an answer with no body opens on its headers. */
function AnswerTabs({ response, stopped }: { response: PlaygroundResponse; stopped: boolean }) {
  const [chosen, setChosen] = useState<AnswerView | undefined>();
  const info = response.response;
  // A new answer opens on its own default view.
  const [seen, setSeen] = useState(info);
  if (seen !== info) {
    setSeen(info);
    setChosen(undefined);
  }
  const view = answerView(chosen, response);
  const details = answerDetails(info);
  const tabs = [
    { id: 'body', label: 'Body', testId: 'answer-tab-body' },
    { id: 'headers', label: `Headers (${details.headers.length})`, testId: 'answer-tab-headers' },
  ] as const satisfies readonly TabSpec<AnswerView>[];
  return (
    <div className="sx-pg-answer">
      <TabList
        idBase="sx-pg-answer"
        label="Response parts"
        className="sx-pg-answer-tabs"
        tabClassName="sx-pg-tab sx-pg-answer-tab"
        tabs={tabs}
        selected={view}
        onSelect={setChosen}
      />
      <TabPanel idBase="sx-pg-answer" id={view} active>
        {view === 'body' ? (
          hasNoBody(response) ? (
            <p className="sx-pg-muted" data-testid="no-body">
              No body.
            </p>
          ) : (
            <ResponseBodyView response={response} stopped={stopped} />
          )
        ) : (
          <HeadersView details={details} />
        )}
      </TabPanel>
    </div>
  );
}

function HeadersView({ details }: { details: AnswerDetails }) {
  return (
    <div className="sx-pg-headers-view" data-testid="response-headers">
      {details.finalUrl && (
        <p className="sx-pg-answer-url">
          <span className="sx-pg-muted">URL</span> <code data-testid="final-url">{details.finalUrl}</code>
        </p>
      )}
      {details.redirects.length > 0 && (
        <ol className="sx-pg-redirects" aria-label="Redirects followed" data-testid="redirects">
          {details.redirects.map((hop, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: hops are positional
            <li key={index}>
              <span className="sx-pg-badge sx-pg-badge-neutral">{hop.status}</span> <code>{hop.url}</code>
            </li>
          ))}
        </ol>
      )}
      <table className="sx-pg-header-table">
        <caption className="sx-ui-sr-only">Response headers</caption>
        <tbody>
          {details.headers.map(([name, value]) => (
            <tr key={name} data-testid="response-header">
              <th scope="row">{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {details.cookies.length > 0 && (
        <>
          <h3 className="sx-pg-subhead">Cookies set ({details.cookies.length})</h3>
          <ul className="sx-pg-cookies" data-testid="response-cookies">
            {details.cookies.map((cookie, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cookies are positional
              <li key={index}>
                <code>{cookie}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ResponseBodyView({ response, stopped }: { response: PlaygroundResponse; stopped: boolean }) {
  if (response.type === 'json')
    return (
      <BodyViewer
        text={
          response.text ?? (typeof response.body === 'string' ? response.body : JSON.stringify(response.body))
        }
        contentType={response.contentType}
        label="Response body"
      />
    );
  if (response.type === 'stream')
    return (
      <div className="sx-pg-stream" data-testid="response-stream" data-done={response.done}>
        {!response.done && !stopped && <span className="sx-pg-badge sx-pg-badge-muted">Streaming…</span>}
        <ol className="sx-pg-events">
          {response.events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: events only ever append
            <StreamEventItem key={index} event={event} index={index} />
          ))}
        </ol>
      </div>
    );
  return <FileView blob={response.blob} fileName={response.fileName} contentType={response.contentType} />;
}

/** One event of a stream; memoised, so a chunk arriving renders only the events it added. */
const StreamEventItem = memo(function StreamEventItem({
  event,
  index,
}: {
  event: StreamEvent;
  index: number;
}) {
  return (
    <li data-testid="stream-event">
      {event.event && <span className="sx-pg-event-name">{event.event}</span>}
      <JsonView value={event.data} label={`Event ${index + 1}`} />
    </li>
  );
});

function FileView({ blob, fileName, contentType }: { blob: Blob; fileName: string; contentType: string }) {
  // Created in an effect (not a memo) so StrictMode's re-run never leaves a revoked URL behind.
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  const preview = filePreviewKind(contentType);
  if (!url) return null;
  return (
    <div className="sx-pg-file" data-testid="response-file">
      <div className="sx-pg-file-row">
        <span className="sx-pg-file-name" data-testid="file-name">
          {fileName}
        </span>
        <a className="sx-pg-button sx-pg-small" href={url} download={fileName}>
          Download
        </a>
      </div>
      {preview === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: an API response has no captions to offer
        <audio controls src={url} aria-label={`Audio preview of ${fileName}`} data-testid="audio-preview" />
      )}
      {preview === 'pdf' && (
        <iframe
          className="sx-pg-pdf"
          src={url}
          title={`PDF preview of ${fileName}`}
          data-testid="pdf-preview"
        />
      )}
      {preview === 'image' && <img className="sx-pg-image" src={url} alt={`Preview of ${fileName}`} />}
      {preview === 'none' && (
        <p className="sx-pg-muted">File preview not supported for {contentType || 'this content type'}</p>
      )}
    </div>
  );
}

function responseText(response: PlaygroundResponse): string {
  if (response.type === 'json')
    return typeof response.body === 'string'
      ? (response.text ?? response.body)
      : JSON.stringify(response.body, null, 2);
  if (response.type === 'stream') return response.events.map((e) => JSON.stringify(e.data)).join('\n');
  return response.fileName;
}
