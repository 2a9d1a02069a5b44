/**
 * The headless core of the WebSocket playground: the channel's form (headers, path, query and
 * one message form per client message type, SPEC §3), the target URL built from environment,
 * path and query, the auth headers for the handshake, and the WebSocket session. Selecting
 * another channel closes the socket and resets the form (SPEC §4).
 */

import type { ApiDefinition, WebSocketChannel } from '@sextant/definition';
import { type BuiltRequest, buildRequest, initialWebSocketFormState } from '@sextant/request';
import { ChannelNotInDefinitionError } from '../../errors.js';
import { AuthStore, toRequestAuth } from '../auth/auth-store.js';
import type { ChannelParameterSection } from '../form/form-state.js';
import type { TypeMap } from '../form/type-shapes.js';
import { ValueStore } from '../form/value-store.js';
import { sendDisabledReason } from '../request/localhost.js';
import { sendBlocker } from '../request/send-gate.js';
import type { AnalyticsSink } from '../shared/analytics.js';
import { type ConnectTarget, type SocketLike, WebSocketSession } from './websocket-session.js';

/** The channel form (SPEC §3: messages keyed by message type). */
export interface ChannelFormState {
  pathParameters: Record<string, unknown>;
  queryParameters: Record<string, unknown>;
  headers: Record<string, unknown>;
  messages: Record<string, unknown>;
}

export interface ChannelControllerOptions {
  definition: ApiDefinition;
  channelId: string;
  /** Origin of the proxy as http(s) or ws(s); '' means the page's own origin. */
  proxyBaseUrl: string;
  messageLimit?: number | undefined;
  analytics?: AnalyticsSink | undefined;
  createSocket?: (url: string) => SocketLike;
  /** The page origin used when `proxyBaseUrl` is ''. */
  pageOrigin?: string;
}

export { ChannelNotInDefinitionError };

/** The WebSocket proxy URL for a proxy origin: http→ws, https→wss, path `/proxy/ws`. */
export function wsProxyUrl(proxyBaseUrl: string, pageOrigin: string): string {
  const base = new URL(proxyBaseUrl || pageOrigin);
  const scheme = base.protocol === 'https:' || base.protocol === 'wss:' ? 'wss:' : 'ws:';
  return `${scheme}//${base.host}${base.pathname.replace(/\/+$/, '')}/proxy/ws`;
}

/** The example (or empty) form of a channel. */
/** The channel's initial form (`@sextant/request`'s rule), its example values copied so edits never reach the definition. */
export function channelFormState(
  channel: WebSocketChannel,
  types: TypeMap,
  withExample = true,
): ChannelFormState {
  const { pathParameters, queryParameters, headers, messages } = initialWebSocketFormState(channel, {
    types,
    withExample,
  });
  return structuredClone({ pathParameters, queryParameters, headers, messages });
}

export class ChannelController {
  readonly definition: ApiDefinition;
  readonly form: ValueStore<ChannelFormState>;
  readonly auth: AuthStore;
  readonly view: ValueStore<{ channelId: string; baseUrl: string }>;
  readonly session: WebSocketSession;
  #channel: WebSocketChannel;

  constructor(options: ChannelControllerOptions) {
    const channel = options.definition.websockets[options.channelId];
    if (!channel) throw new ChannelNotInDefinitionError(options.channelId);
    this.definition = options.definition;
    this.#channel = channel;
    this.form = new ValueStore(channelFormState(channel, options.definition.types));
    this.auth = new AuthStore({ selectedSchemeId: channel.auth[0] });
    this.view = new ValueStore({ channelId: channel.id, baseUrl: channel.environments[0]?.baseUrl ?? '' });
    const serverMessages = () => this.#channel.messages.filter((m) => m.origin === 'server');
    this.session = new WebSocketSession({
      proxyUrl: wsProxyUrl(
        options.proxyBaseUrl,
        options.pageOrigin ?? globalThis.location?.origin ?? 'http://localhost',
      ),
      messageLimit: options.messageLimit,
      createSocket: options.createSocket,
      channelId: channel.id,
      analytics: options.analytics,
      identify: (data) => identifyServerMessage(serverMessages(), data),
    });
  }

  get channel(): WebSocketChannel {
    return this.#channel;
  }

  /** Changing the channel closes the socket and resets the form (SPEC §4). */
  selectChannel(channelId: string): void {
    const channel = this.definition.websockets[channelId];
    if (!channel || channel.id === this.#channel.id) return;
    this.#channel = channel;
    this.session.reset();
    this.form.set(channelFormState(channel, this.definition.types));
    this.view.set({ channelId: channel.id, baseUrl: channel.environments[0]?.baseUrl ?? '' });
  }

  setParameter(section: ChannelParameterSection, key: string, value: unknown): void {
    const current = this.form.getState()[section];
    const next = { ...current };
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    this.form.set({ [section]: next });
  }

  setMessage(type: string, value: unknown): void {
    this.form.set({ messages: { ...this.form.getState().messages, [type]: value } });
  }

  /** Reset the channel form with or without its example. */
  resetForm(withExample: boolean): void {
    this.form.set(channelFormState(this.#channel, this.definition.types, withExample));
  }

  /**
   * Target URL and handshake headers from the form and auth: the channel read as a GET endpoint
   * by `@sextant/request`'s `buildRequest`, so path, query and auth follow the same rules.
   */
  target(): ConnectTarget {
    const built = this.#built();
    return { url: built.url, headers: built.headers };
  }

  /**
   * Why Connect is disabled, shown beside it: a localhost target outside local mode, or an
   * empty required path parameter (the socket never connects to `/live/:room`).
   * @example controller.connectDisabledReason('local') // 'Fill in the path parameter room'
   */
  connectDisabledReason(mode: 'local' | 'hosted'): string | undefined {
    const built = this.#built();
    return sendBlocker({
      targetReason: sendDisabledReason(mode, built.url.replace(/^ws/, 'http')),
      missingPathParameters: built.missingPathParameters,
    });
  }

  /** The channel read as a GET endpoint by `@sextant/request`'s `buildRequest`. */
  #built(): BuiltRequest {
    const channel = this.#channel;
    const form = this.form.getState();
    return buildRequest(
      {
        id: channel.id,
        method: 'GET',
        title: channel.title,
        path: channel.path,
        pathParameters: channel.pathParameters,
        queryParameters: channel.queryParameters,
        requestHeaders: channel.requestHeaders,
        requests: [],
        responses: [],
        errors: [],
        examples: [],
        auth: channel.auth,
        environments: channel.environments,
      },
      {
        type: 'endpoint',
        pathParameters: form.pathParameters,
        queryParameters: form.queryParameters,
        headers: form.headers,
        body: undefined,
      },
      toRequestAuth(this.auth.getState(), this.definition.auths),
      { baseUrl: this.view.getState().baseUrl },
      { auths: this.definition.auths, types: this.definition.types },
    );
  }

  /** The button: connect while closed, disconnect while opened; refused while a path parameter is empty. */
  toggle(mode: 'local' | 'hosted' = 'local'): Promise<void> {
    if (this.session.getState().connection !== 'opened' && this.connectDisabledReason(mode))
      return Promise.resolve();
    return this.session.toggle(this.target());
  }

  /** Send the form's message of `type` (opens the connection first when closed, unless it cannot). */
  send(type: string, mode: 'local' | 'hosted' = 'local'): Promise<boolean> {
    if (this.session.getState().connection !== 'opened' && this.connectDisabledReason(mode))
      return Promise.resolve(false);
    const message = this.#channel.messages.find((m) => m.type === type && m.origin === 'client');
    return this.session.send(
      { type, displayName: message?.displayName, data: this.form.getState().messages[type] },
      this.target(),
    );
  }
}

/**
 * Names a received payload with a server message type: by a `type` / `event` field matching a
 * message type, else the only server message, else "message".
 */
export function identifyServerMessage(
  messages: { type: string; displayName?: string | undefined }[],
  data: unknown,
): { type: string; displayName?: string | undefined } {
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const field of ['type', 'event', 'kind']) {
      const value = record[field];
      const match = messages.find((m) => m.type === value);
      if (match) return { type: match.type, displayName: match.displayName };
    }
  }
  if (messages.length === 1 && messages[0])
    return { type: messages[0].type, displayName: messages[0].displayName };
  return { type: 'message' };
}
