/**
 * The WebSocket playground's connection (SPEC §4): closed → opening → opened → closed, through
 * the WebSocket proxy. After the socket opens, the first message is the handshake naming the
 * target URL and headers; client messages are sent as JSON; received text is parsed as JSON,
 * else kept as text; binary frames are kept as size, hex and base64. A normal close (1000) is
 * silent, any other close records its code and reason as the error. The message counter resets
 * on close; reaching the per-connection limit closes the socket, appends END OF SAMPLE SESSION
 * and marks the session ended: a later Send does not open a new session on its own (it is
 * refused, and the reader reconnects explicitly).
 */

import { WebSocketClosedError } from '../../errors.js';
import type { AnalyticsSink } from '../shared/analytics.js';
import { Store } from '../shared/store.js';
import { END_OF_SAMPLE_SESSION, NORMAL_CLOSE_CODE, WS_LIMIT_CLOSE_REASON } from './ws-limit-reason.js';

export type ConnectionState = 'closed' | 'opening' | 'opened';

/** Size and encodings of a binary frame. */
export interface BinaryFrame {
  size: number;
  /** Hex of the first 256 bytes, space separated. */
  hex: string;
  base64: string;
}

/** One row of the Messages panel (SPEC §3 "WebSocket message"). */
export interface SessionMessage {
  id: number;
  type: string;
  displayName?: string;
  origin: 'client' | 'server' | 'endSample';
  /** JSON value when the text parses, else the text; null for binary frames and the end marker. */
  data: unknown;
  binary?: BinaryFrame;
  /** Epoch milliseconds. */
  time: number;
}

export interface SessionState {
  connection: ConnectionState;
  messages: SessionMessage[];
  /** Reason of the last abnormal close or connection failure, shown in an error alert. */
  error: string | undefined;
  /** Messages exchanged on the current connection; reset on close. */
  counter: number;
  /** The message limit ended the sample session; only an explicit connect starts a new one. */
  ended: boolean;
  /** A Send was refused because the session had ended (the alert says so). */
  refusedAfterEnd: boolean;
}

const INITIAL: SessionState = {
  connection: 'closed',
  messages: [],
  error: undefined,
  counter: 0,
  ended: false,
  refusedAfterEnd: false,
};

/** Names of the close codes a reader meets (RFC 6455 §7.4.1), for the close alert. */
const CLOSE_CODE_NAMES: Record<number, string> = {
  1001: 'going away',
  1002: 'protocol error',
  1003: 'unsupported data',
  1006: 'closed without a close frame (network error or refused connection)',
  1007: 'invalid payload',
  1008: 'policy violation',
  1009: 'message too big',
  1011: 'server error',
  1012: 'service restart',
  1013: 'try again later',
  1015: 'TLS handshake failed',
};

/**
 * The close alert's text: the close code and the reason the server gave (or the code's name).
 *
 * @example
 * closeMessage(4001, 'upstream went away') // 'The connection closed with code 4001: upstream went away'
 */
export function closeMessage(code: number, reason: string): string {
  const why = reason || CLOSE_CODE_NAMES[code];
  return `The connection closed with code ${code}${why ? `: ${why}` : ''}`;
}

/** Where to connect: the upstream URL and the headers the proxy sends on its handshake. */
export interface ConnectTarget {
  url: string;
  headers: Record<string, string>;
}

/** Minimal WebSocket surface the session uses (the browser's and Node's global WebSocket fit). */
export interface SocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface WebSocketSessionOptions {
  /** The proxy endpoint, e.g. `ws://docs.example.com/proxy/ws`. */
  proxyUrl: string;
  /** Per-connection message limit (feature flag); undefined means no limit. */
  messageLimit?: number | undefined;
  createSocket?: (url: string) => SocketLike;
  /** Names a received JSON payload with one of the channel's server message types. */
  identify?: (data: unknown) => { type: string; displayName?: string | undefined };
  channelId?: string;
  analytics?: AnalyticsSink;
  now?: () => number;
}

const OPEN = 1;

/**
 * Headless WebSocket session of one channel.
 *
 * @example
 * const session = new WebSocketSession({ proxyUrl: 'ws://localhost:3000/proxy/ws' });
 * await session.send({ type: 'ping', data: { n: 1 } }, { url: 'ws://localhost:4011/chat', headers: {} });
 */
export class WebSocketSession extends Store<SessionState> {
  readonly #options: WebSocketSessionOptions;
  readonly #createSocket: (url: string) => SocketLike;
  readonly #now: () => number;
  #socket: SocketLike | undefined;
  #pending: { promise: Promise<void>; reject: (error: Error) => void } | undefined;
  #nextId = 1;
  #limitReached = false;

  constructor(options: WebSocketSessionOptions) {
    super(INITIAL);
    this.#options = options;
    this.#createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.#now = options.now ?? Date.now;
  }

  /**
   * The button's action: connect while closed (Reconnect after the sample session ended),
   * disconnect while opened (SPEC §4).
   */
  toggle(target: ConnectTarget): Promise<void> {
    if (this.getState().connection === 'closed') return this.connect(target);
    this.disconnect();
    return Promise.resolve();
  }

  /** Opens the socket and sends the handshake; resolves once opened, rejects when it fails. */
  connect(target: ConnectTarget): Promise<void> {
    if (this.#pending) return this.#pending.promise;
    if (this.getState().connection === 'opened') return Promise.resolve();
    this.#limitReached = false;
    this.setState((s) => ({
      ...s,
      connection: 'opening',
      error: undefined,
      counter: 0,
      ended: false,
      refusedAfterEnd: false,
    }));
    const socket = this.#createSocket(this.#options.proxyUrl);
    socket.binaryType = 'arraybuffer';
    this.#socket = socket;
    let resolveOpen = () => {};
    let rejectOpen: (error: Error) => void = () => {};
    const promise = new Promise<void>((resolve, reject) => {
      resolveOpen = resolve;
      rejectOpen = reject;
    });
    // Callers that do not await must not see an unhandled rejection; the error is in the state.
    promise.catch(() => {});
    this.#pending = { promise, reject: rejectOpen };
    socket.onopen = () => {
      if (this.#socket !== socket) return;
      socket.send(JSON.stringify({ type: 'handshake', url: target.url, headers: target.headers }));
      this.#pending = undefined;
      this.setState((s) => ({ ...s, connection: 'opened' }));
      if (this.#options.channelId)
        this.#options.analytics?.({ type: 'websocket_connected', channelId: this.#options.channelId });
      resolveOpen();
    };
    socket.onmessage = (event) => {
      if (this.#socket === socket) this.#receive(event.data);
    };
    socket.onerror = () => {
      // The close event that always follows carries the code; nothing to record here.
    };
    socket.onclose = (event) => {
      if (this.#socket === socket) this.#closed(event.code, event.reason);
    };
    return promise;
  }

  /** Closes the socket normally (code 1000). */
  disconnect(): void {
    const socket = this.#socket;
    if (!socket) return;
    socket.close(NORMAL_CLOSE_CODE, 'Closed by the reader');
    this.#closed(NORMAL_CLOSE_CODE, '');
  }

  /**
   * Sends one client message as JSON. Sending while closed opens the connection first (SPEC §4).
   * Resolves false when the message could not be sent.
   */
  async send(
    message: { type: string; displayName?: string; data: unknown },
    target: ConnectTarget,
  ): Promise<boolean> {
    if (this.getState().ended) {
      this.setState((s) => ({ ...s, refusedAfterEnd: true }));
      return false;
    }
    if (this.getState().connection !== 'opened') {
      try {
        await this.connect(target);
      } catch {
        return false;
      }
    }
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message.data));
    if (this.#options.channelId)
      this.#options.analytics?.({
        type: 'websocket_message_sent',
        channelId: this.#options.channelId,
        messageType: message.type,
      });
    this.#append({
      type: message.type,
      displayName: message.displayName,
      origin: 'client',
      data: message.data,
    });
    return true;
  }

  /** Empties the Messages panel (the Clear button). */
  clear(): void {
    this.setState((s) => ({ ...s, messages: [] }));
  }

  /** Dismisses the error alert. */
  dismissError(): void {
    this.setState((s) => ({ ...s, error: undefined }));
  }

  /** The channel changed: close the socket and start from an empty panel. */
  reset(): void {
    this.disconnect();
    this.setState(INITIAL);
  }

  #receive(raw: unknown): void {
    if (typeof raw === 'string') {
      const data = parseJsonOrText(raw);
      const named = this.#options.identify?.(data) ?? { type: 'message' };
      this.#append({ type: named.type, displayName: named.displayName, origin: 'server', data });
      return;
    }
    const bytes = toBytes(raw);
    if (bytes)
      this.#append({
        type: 'binary',
        displayName: 'Binary frame',
        origin: 'server',
        data: null,
        binary: describeBinary(bytes),
      });
  }

  #append(message: Omit<SessionMessage, 'id' | 'time'>): void {
    const row = stripUndefined({ ...message, id: this.#nextId++, time: this.#now() });
    this.setState((s) => ({ ...s, messages: [...s.messages, row], counter: s.counter + 1 }));
    const limit = this.#options.messageLimit;
    if (limit !== undefined && this.getState().counter >= limit && !this.#limitReached) {
      this.#limitReached = true;
      this.#socket?.close(NORMAL_CLOSE_CODE, WS_LIMIT_CLOSE_REASON);
      this.#closed(NORMAL_CLOSE_CODE, WS_LIMIT_CLOSE_REASON);
    }
  }

  #closed(code: number, reason: string): void {
    const socket = this.#socket;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      this.#socket = undefined;
    }
    const wasClosed = this.getState().connection === 'closed';
    const byLimit = reason === WS_LIMIT_CLOSE_REASON || this.#limitReached;
    const error = byLimit || code === NORMAL_CLOSE_CODE ? undefined : closeMessage(code, reason);
    const endMarker: SessionMessage[] =
      byLimit && !wasClosed
        ? [
            {
              id: this.#nextId++,
              type: END_OF_SAMPLE_SESSION,
              origin: 'endSample',
              data: null,
              time: this.#now(),
            },
          ]
        : [];
    this.setState((s) => ({
      ...s,
      connection: 'closed',
      counter: 0,
      ended: s.ended || (byLimit && !wasClosed),
      error: wasClosed ? s.error : error,
      messages: endMarker.length > 0 ? [...s.messages, ...endMarker] : s.messages,
    }));
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.reject(new WebSocketClosedError(error ?? 'The connection closed before it opened'));
  }
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toBytes(raw: unknown): Uint8Array | undefined {
  if (raw instanceof ArrayBuffer) return new Uint8Array(raw);
  if (ArrayBuffer.isView(raw)) return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  return undefined;
}

/** Size, hex (first 256 bytes) and base64 of a binary frame. */
export function describeBinary(bytes: Uint8Array): BinaryFrame {
  const hex = Array.from(bytes.subarray(0, 256), (b) => b.toString(16).padStart(2, '0')).join(' ');
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { size: bytes.byteLength, hex: bytes.byteLength > 256 ? `${hex} …` : hex, base64: btoa(binary) };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
