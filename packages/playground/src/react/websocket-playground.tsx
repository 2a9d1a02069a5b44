/**
 * `WebSocketPlayground`: the channel playground. Connect / Connecting... / Disconnect button,
 * forms for headers, path and query, one send form per client message type with Send message,
 * and the Messages panel (type, display name, origin, time, data; binary as size + hex + base64)
 * with Clear and the Connected / Not connected badge. Abnormal closes show their reason in an
 * alert. Logic lives in the headless `ChannelController` and `WebSocketSession`.
 */

import type { ApiDefinition, Parameter } from '@sextant/definition';
import { Dialog, TabList, TabPanel } from '@sextant/ui';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PlaygroundFeatures } from '../core/endpoint/endpoint-controller.js';
import { withoutExplorerParams } from '../core/endpoint/url-params.js';
import type { ChannelParameterSection } from '../core/form/form-state.js';
import { type AnalyticsSink, consoleAnalyticsSink, noopAnalyticsSink } from '../core/shared/analytics.js';
import { escapeClosesExplorer } from '../core/view/editable-focus.js';
import { MediaQueryStore, NARROW_QUERY } from '../core/view/media-query.js';
import { ChannelController } from '../core/websocket/channel-controller.js';
import { expectedReplies, repliesTo } from '../core/websocket/channel-replies.js';
import type { SessionMessage } from '../core/websocket/websocket-session.js';
import { InlineMarkdown } from './inline-markdown.js';
import { JsonView } from './json-view.js';
import { useStore } from './use-store.js';
import { StandaloneValueInput } from './value-input/value-input.js';

/** Props of {@link WebSocketPlayground}; see packages/playground/README.md. */
export interface WebSocketPlaygroundProps {
  /** The definition slice holding the channel (from `sliceDefinition`). */
  definition: ApiDefinition;
  channelId: string;
  mode: 'local' | 'hosted';
  /** Origin of the proxy (`/proxy/ws`); '' for the page's own origin. */
  proxyBaseUrl: string;
  apiReferenceId?: string;
  slug?: string;
  onClose?: () => void;
  features?: PlaygroundFeatures;
  analytics?: AnalyticsSink;
}

const SECTIONS: {
  section: ChannelParameterSection;
  title: string;
  key: 'requestHeaders' | 'pathParameters' | 'queryParameters';
}[] = [
  { section: 'headers', title: 'Headers', key: 'requestHeaders' },
  { section: 'pathParameters', title: 'Path Parameters', key: 'pathParameters' },
  { section: 'queryParameters', title: 'Query Parameters', key: 'queryParameters' },
];

/** The WebSocket playground. */
export function WebSocketPlayground(props: WebSocketPlaygroundProps) {
  const [controller] = useState(
    () =>
      new ChannelController({
        definition: props.definition,
        channelId: props.channelId,
        proxyBaseUrl: props.proxyBaseUrl,
        messageLimit: props.features?.websocketMessageLimit,
        analytics: props.analytics ?? (props.mode === 'local' ? consoleAnalyticsSink : noopAnalyticsSink),
      }),
  );
  useEffect(() => controller.selectChannel(props.channelId), [controller, props.channelId]);
  useEffect(() => () => controller.session.disconnect(), [controller]);
  const session = useStore(controller.session);
  const form = useStore(controller.form);
  const view = useStore(controller.view);
  const [narrowQuery] = useState(() => new MediaQueryStore(NARROW_QUERY));
  const narrow = useStore(narrowQuery);
  const [wsTab, setWsTab] = useState<'compose' | 'messages'>('compose');
  const auth = useStore(controller.auth);
  const channel = controller.channel;
  const types = props.definition.types;

  const close = () => {
    controller.session.disconnect();
    window.history.replaceState(window.history.state, '', withoutExplorerParams(window.location.href));
    props.onClose?.();
  };

  const { ref: followRef, onScroll: onListScroll } = useFollowNewest(session.messages.length);

  const connected = session.connection === 'opened';
  // Disconnect is always possible; Connect (and a send that would connect) says why it cannot.
  const disabledReason = connected ? undefined : controller.connectDisabledReason(props.mode);
  const buttonLabel =
    session.connection === 'opened'
      ? 'Disconnect'
      : session.connection === 'opening'
        ? 'Connecting...'
        : session.ended
          ? 'Reconnect'
          : 'Connect';
  const bearer = channel.auth
    .map((id) => props.definition.auths[id])
    .find((s) => s?.type === 'bearerAuth' || s?.type === 'header');

  const compose = (
    <div className="sx-pg-pane sx-pg-left">
      {bearer && (
        <section className="sx-pg-card sx-pg-auth" aria-label="Authorization">
          <div className="sx-pg-card-body">
            <label className="sx-pg-label">
              <span>
                {bearer.type === 'header'
                  ? (bearer.nameOverride ?? bearer.headerWireValue)
                  : (bearer.tokenName ?? 'Bearer token')}
              </span>
              <input
                className="sx-pg-input"
                type="password"
                autoComplete="off"
                value={bearer.type === 'header' ? (auth.headerValues[bearer.id] ?? '') : auth.bearerToken}
                onChange={(event) =>
                  bearer.type === 'header'
                    ? controller.auth.setHeaderValue(bearer.id, event.target.value)
                    : controller.auth.setBearerToken(event.target.value)
                }
              />
            </label>
          </div>
        </section>
      )}
      <div className="sx-pg-form-actions">
        <button type="button" className="sx-pg-button" onClick={() => controller.resetForm(true)}>
          Reset with example
        </button>
        <button type="button" className="sx-pg-button" onClick={() => controller.resetForm(false)}>
          Reset without example
        </button>
      </div>
      {SECTIONS.map(({ section, title, key }) => {
        const parameters: Parameter[] = channel[key];
        if (parameters.length === 0) return null;
        return (
          <section className="sx-pg-section" key={section} aria-label={title}>
            <header className="sx-pg-section-head">
              <h3>{title}</h3>
            </header>
            {parameters.map((parameter) => (
              <div className="sx-pg-field" key={parameter.key}>
                <div className="sx-pg-field-head">
                  <span className="sx-pg-field-name">{parameter.key}</span>
                </div>
                <StandaloneValueInput
                  shape={parameter.valueShape}
                  types={types}
                  value={form[section][parameter.key]}
                  onChange={(value) => controller.setParameter(section, parameter.key, value)}
                  label={parameter.key}
                />
              </div>
            ))}
          </section>
        );
      })}
      {channel.messages
        .filter((message) => message.origin === 'client')
        .map((message) => (
          <section
            className="sx-pg-section"
            key={message.type}
            aria-label={`Message ${message.displayName ?? message.type}`}
          >
            <header className="sx-pg-section-head">
              <h3>{message.displayName ?? message.type}</h3>
            </header>
            {message.description && (
              <div className="sx-pg-description">
                <InlineMarkdown text={message.description} />
              </div>
            )}
            {expectedReplies(channel, message.type).map((reply) => (
              <p className="sx-pg-muted sx-ws-expected-reply" key={reply.messages.join()}>
                Reply: {reply.messages.join(' or ')}
                {reply.channel ? ` (on ${reply.channel})` : ''}
              </p>
            ))}
            <StandaloneValueInput
              shape={message.body}
              types={types}
              value={form.messages[message.type]}
              onChange={(value) => controller.setMessage(message.type, value)}
              label={message.displayName ?? message.type}
            />
            <button
              type="button"
              className="sx-pg-button sx-pg-primary"
              disabled={disabledReason !== undefined}
              onClick={() => void controller.send(message.type, props.mode)}
              data-testid={`ws-send-${message.type}`}
              aria-label={`Send message ${message.displayName ?? message.type}`}
            >
              Send message
            </button>
          </section>
        ))}
    </div>
  );
  const messages = (
    <section className="sx-pg-card sx-ws-messages" aria-label="Messages">
      <header className="sx-pg-card-head">
        <h2 className="sx-pg-card-title">Messages</h2>
        <div className="sx-pg-card-meta">
          <span
            className={`sx-pg-badge ${connected ? 'sx-pg-badge-success' : 'sx-pg-badge-muted'}`}
            data-testid="ws-badge"
          >
            {connected ? 'Connected' : 'Not connected'}
          </span>
          <button
            type="button"
            className="sx-pg-button sx-pg-small"
            onClick={() => controller.session.clear()}
          >
            Clear
          </button>
        </div>
      </header>
      {session.error && (
        <div className="sx-pg-alert sx-pg-error" role="alert" data-testid="ws-error">
          {session.error}
          <button
            type="button"
            className="sx-pg-link-button"
            onClick={() => controller.session.dismissError()}
          >
            Dismiss
          </button>
        </div>
      )}
      {session.ended && (
        <div className="sx-pg-alert sx-pg-warning" role="status" data-testid="ws-ended">
          <span>
            {session.refusedAfterEnd ? 'Your message was not sent: the' : 'The'} sample session ended at its
            message limit. Reconnect to start a new session.
          </span>
          <button
            type="button"
            className="sx-pg-button sx-pg-small"
            onClick={() => void controller.toggle(props.mode).catch(() => {})}
          >
            Reconnect
          </button>
        </div>
      )}
      <ol
        className="sx-pg-card-body sx-ws-list"
        aria-live="polite"
        data-testid="ws-messages"
        ref={followRef}
        onScroll={onListScroll}
      >
        {session.messages.length === 0 && <li className="sx-pg-muted">No messages yet.</li>}
        {session.messages.map((message) => (
          <MessageRow
            key={message.id}
            message={message}
            answers={message.origin === 'server' ? repliesTo(channel, message.type) : []}
          />
        ))}
      </ol>
    </section>
  );

  return (
    <Dialog
      className="sx-playground sx-ws"
      aria-label={`WebSocket playground: ${channel.title}`}
      onClose={close}
      closeOnEscape={escapeClosesExplorer}
      initialFocus="dialog"
    >
      <header className={narrow ? 'sx-pg-topbar sx-pg-compact' : 'sx-pg-topbar'}>
        <span className="sx-pg-method sx-pg-method-ws">WSS</span>
        <div className="sx-pg-url">
          <input
            className="sx-pg-input sx-pg-base-url"
            aria-label="Base URL"
            value={view.baseUrl}
            onChange={(event) => controller.view.set({ baseUrl: event.target.value })}
          />
          <span className="sx-pg-path" data-testid="ws-url">
            {controller.target().url.slice(view.baseUrl.replace(/\/+$/, '').length)}
          </span>
        </div>
        <span className="sx-pg-send-wrap" title={disabledReason}>
          <button
            type="button"
            className={`sx-pg-button ${connected ? '' : 'sx-pg-primary'}`}
            disabled={disabledReason !== undefined || session.connection === 'opening'}
            onClick={() => void controller.toggle(props.mode).catch(() => {})}
            data-testid="ws-connect"
          >
            {buttonLabel}
          </button>
          {disabledReason && (
            <span role="tooltip" className="sx-pg-tooltip">
              {disabledReason}
            </span>
          )}
          <span className="sx-pg-invalid-count" role="status" data-testid="ws-connect-reason">
            {disabledReason ?? ''}
          </span>
        </span>
        <button type="button" className="sx-pg-icon-button" aria-label="Close explorer" onClick={close}>
          ×
        </button>
      </header>
      <div className="sx-pg-subbar">
        <h1 className="sx-pg-title">{channel.title}</h1>
        {props.slug !== undefined && (
          <a className="sx-pg-link" href={`/${props.slug.replace(/^\/+/, '')}`}>
            View in API Reference
          </a>
        )}
      </div>
      {narrow ? (
        <div className="sx-pg-tabs">
          <TabList
            idBase="sx-ws-explorer"
            label="WebSocket playground"
            className="sx-pg-tablist"
            tabClassName="sx-pg-tab"
            tabs={[
              { id: 'compose', label: 'Compose' },
              { id: 'messages', label: `Messages (${session.messages.length})` },
            ]}
            selected={wsTab}
            onSelect={setWsTab}
          />
          <TabPanel idBase="sx-ws-explorer" id={wsTab} active className="sx-pg-tabpanel sx-ws-tabpanel">
            {wsTab === 'compose' ? compose : messages}
          </TabPanel>
        </div>
      ) : (
        <div className="sx-ws-body">
          {compose}
          {messages}
        </div>
      )}
    </Dialog>
  );
}

function MessageRow({ message, answers }: { message: SessionMessage; answers: string[] }) {
  if (message.origin === 'endSample')
    return (
      <li className="sx-ws-message sx-ws-end" data-origin="endSample" data-testid="ws-message">
        {message.type}
      </li>
    );
  return (
    <li
      className={`sx-ws-message sx-ws-${message.origin}`}
      data-origin={message.origin}
      data-type={message.type}
      data-testid="ws-message"
    >
      <div className="sx-ws-message-head">
        <span className="sx-pg-badge sx-pg-badge-muted">
          {message.origin === 'client' ? 'Sent' : 'Received'}
        </span>
        <span className="sx-ws-type">{message.displayName ?? message.type}</span>
        {answers.length > 0 && (
          <span className="sx-ws-reply-to" data-testid="ws-reply-to">
            reply to {answers.join(' or ')}
          </span>
        )}
        <time className="sx-pg-meta" dateTime={new Date(message.time).toISOString()}>
          {new Date(message.time).toLocaleTimeString()}
        </time>
      </div>
      {message.binary ? (
        <div className="sx-ws-binary" data-testid="ws-binary">
          <span>{message.binary.size} bytes</span>
          <code className="sx-pg-mono">hex: {message.binary.hex}</code>
          <code className="sx-pg-mono">base64: {message.binary.base64}</code>
        </div>
      ) : (
        <JsonView value={message.data} label={`${message.type} data`} />
      )}
    </li>
  );
}

/**
 * Keeps a scrolling list at its newest row as rows arrive, unless the reader scrolled up to read
 * older ones (then it stays put until they scroll back to the bottom).
 */
function useFollowNewest(count: number) {
  const ref = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const onScroll = useCallback(() => {
    const list = ref.current;
    if (list) following.current = list.scrollHeight - list.scrollTop - list.clientHeight < 32;
  }, []);
  useLayoutEffect(() => {
    const list = ref.current;
    if (list && following.current && count > 0) list.scrollTop = list.scrollHeight;
  }, [count]);
  return { ref, onScroll };
}
