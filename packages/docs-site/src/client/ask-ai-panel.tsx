/**
 * The Ask AI panel (a lazy chunk): a modal `Dialog` (`@sextant/ui`: focus stays inside, Escape
 * closes, focus returns to what opened it) holding the conversation. Enter sends, Shift+Enter is
 * a new line; the answer streams in (`aria-live`, busy while streaming), renders as safe markdown
 * with copy buttons on code, lists its sources as links to this site's pages, and takes a thumbs
 * up or down. Full screen on small screens. The conversation lives in `ChatStore`.
 */
import { Dialog, useStore } from '@sextant/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { AnswerMarkdown, type SiteAddress } from '../components/ask-ai/answer-markdown.js';
import { sessionChatStorage } from '../components/ask-ai/chat-memory.js';
import { ChatStore, type ChatTurn, MAX_QUESTION_CHARS } from '../components/ask-ai/chat-store.js';
import { siteLink } from '../components/ask-ai/citation-url.js';
import '../components/ask-ai/ask-ai.css';

/**
 * One store per page load: closing and reopening the panel keeps the conversation, and the tab's
 * session storage keeps it across the site's pages (a cited link, then a follow-up).
 */
let store: ChatStore | undefined;
function chatStore(basePath: string): ChatStore {
  if (!store) {
    const created = new ChatStore(basePath, undefined, sessionChatStorage());
    // Leaving the page mid-answer (a cited link) keeps the question and the answer so far.
    window.addEventListener('pagehide', () => created.keep());
    store = created;
  }
  return store;
}

export interface AskAiPanelProps {
  basePath: string;
  page?: { slug: string; title: string };
  serial: number;
  onClose: () => void;
}

function Sources({ turn, site }: { turn: ChatTurn; site: SiteAddress }) {
  if (turn.sources.length === 0) return null;
  // Which API a source documents, when the answer draws on more than one.
  const severalApis = new Set(turn.sources.map((source) => source.api).filter(Boolean)).size > 1;
  return (
    <div className="sx-ai-sources">
      <span className="sx-muted">Sources</span>
      <ul>
        {turn.sources.map((source) => {
          const href = siteLink(source.url, site);
          return (
            <li key={`${source.url} ${source.title}`}>
              {href ? (
                <a href={href} className="sx-ai-citation">
                  {source.title}
                </a>
              ) : (
                <span>{source.title}</span>
              )}
              {source.api && severalApis ? <span className="sx-muted"> · {source.api}</span> : null}
              {source.docsVersion ? <span className="sx-muted"> · {source.docsVersion}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A thumb outline (drawn, as the machine's fonts may lack emoji); `down` turns it over with CSS. */
function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      className={down ? 'sx-ai-thumb sx-ai-thumb-down' : 'sx-ai-thumb'}
    >
      <path d="M7 11l4-9a3 3 0 0 1 3 3v4h5.7a2 2 0 0 1 2 2.3l-1.4 9a2 2 0 0 1-2 1.7H7zM7 11H4a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h3" />
    </svg>
  );
}

const RATINGS = [
  { rating: 'up', label: 'Good answer' },
  { rating: 'down', label: 'Bad answer' },
] as const;

function Feedback({ turn, chat }: { turn: ChatTurn; chat: ChatStore }) {
  if (turn.state !== 'done' || !turn.questionId) return null;
  return (
    <div className="sx-ai-feedback">
      {RATINGS.map(({ rating, label }) => (
        <button
          key={rating}
          type="button"
          className="sx-icon-button"
          aria-label={label}
          aria-pressed={turn.rating === rating}
          onClick={() => void chat.rate(turn.id, rating)}
        >
          <ThumbIcon down={rating === 'down'} />
        </button>
      ))}
      {turn.rating ? <span className="sx-muted">Thanks for the feedback.</span> : null}
    </div>
  );
}

export default function AskAiPanel({ basePath, page, serial, onClose }: AskAiPanelProps) {
  const chat = chatStore(basePath);
  const state = useStore(chat);
  const [draft, setDraft] = useState('');
  const [context, setContext] = useState(page);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const inputId = useId();
  const site: SiteAddress = { origin: window.location.origin, basePath };

  useEffect(() => {
    if (chat.getState().availability !== 'ready') void chat.checkStatus();
  }, [chat]);
  // A new "ask about this page" while open sets the page again.
  useEffect(() => {
    void serial;
    setContext(page);
    input.current?.focus();
  }, [page, serial]);
  // Keep the newest text in view while it streams.
  const { turns } = state;
  useEffect(() => {
    const element = log.current;
    if (element && turns.length > 0) element.scrollTop = element.scrollHeight;
  }, [turns]);

  const send = () => {
    if (!draft.trim() || state.busy) return;
    void chat.send(draft, context?.slug);
    setDraft('');
  };
  const unavailable = state.availability === 'unavailable';

  return (
    <Dialog
      className="sx-ai-panel"
      aria-labelledby={titleId}
      onClose={onClose}
      closeOnBackdrop
      initialFocus={input}
    >
      <div className="sx-ai-frame">
        <div className="sx-ai-head">
          <h2 id={titleId} className="sx-ai-title">
            Ask AI
          </h2>
          {state.turns.length > 0 ? (
            <button type="button" className="sx-button sx-button-small" onClick={() => chat.clear()}>
              New chat
            </button>
          ) : null}
          <button type="button" className="sx-icon-button" aria-label="Close Ask AI" onClick={onClose}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        <div ref={log} className="sx-ai-log" aria-live="polite" aria-busy={state.busy}>
          {state.turns.length === 0 && !unavailable ? (
            <p className="sx-muted sx-ai-intro">
              Ask a question about these docs. Answers come from the docs and link to the pages they use.
            </p>
          ) : null}
          {state.turns.map((turn) => (
            <article key={turn.id} className="sx-ai-turn" aria-label={`Answer to: ${turn.question}`}>
              <p className="sx-ai-question">{turn.question}</p>
              <div className="sx-ai-answer">
                {turn.answer ? <AnswerMarkdown markdown={turn.answer} site={site} /> : null}
                {turn.state === 'streaming' && !turn.answer ? <p className="sx-muted">Thinking…</p> : null}
                {turn.state === 'stopped' ? <p className="sx-muted">Stopped.</p> : null}
                {turn.state === 'error' ? (
                  <p className="sx-ai-error" role="alert">
                    {turn.error}
                  </p>
                ) : null}
                <Sources turn={turn} site={site} />
                <Feedback turn={turn} chat={chat} />
              </div>
            </article>
          ))}
        </div>
        {unavailable ? (
          <p className="sx-ai-notice" role="status">
            {state.notice}
          </p>
        ) : null}
        <form
          className="sx-ai-form"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          {context ? (
            <p className="sx-ai-context">
              <span>
                About this page: <strong>{context.title}</strong>
              </span>
              <button
                type="button"
                className="sx-button sx-button-small"
                aria-label={`Stop asking about ${context.title}`}
                onClick={() => setContext(undefined)}
              >
                Remove
              </button>
            </p>
          ) : null}
          <label htmlFor={inputId} className="sx-ui-sr-only">
            Your question
          </label>
          <textarea
            ref={input}
            id={inputId}
            className="sx-ai-input"
            rows={2}
            maxLength={MAX_QUESTION_CHARS}
            placeholder={
              unavailable ? 'Ask AI is unavailable' : 'Ask a question (Enter sends, Shift+Enter: new line)'
            }
            disabled={unavailable}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                send();
              }
            }}
          />
          {state.busy ? (
            <button type="button" className="sx-button" onClick={() => chat.stop()}>
              Stop
            </button>
          ) : (
            <button
              type="submit"
              className="sx-button sx-button-primary"
              disabled={unavailable || !draft.trim()}
            >
              Send
            </button>
          )}
        </form>
      </div>
    </Dialog>
  );
}
