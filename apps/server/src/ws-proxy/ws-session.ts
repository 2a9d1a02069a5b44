/**
 * One proxied WebSocket session. The first client message must be the handshake
 * `{"type":"handshake","url":"ws(s)://…","headers":{…}}`; the target passes the same checks as
 * the HTTP proxy and the upstream socket connects through the guarded lookup. Then text and
 * binary frames are relayed both ways; close codes pass through (made sendable); the message
 * limit, frame size and idle timeout end the session with a reason the playground shows. The
 * proxy's own closes send the fixed reason of their code; the detail (system error, address,
 * upstream status) goes to the server log only.
 */
import type { LookupFunction } from 'node:net';
import WebSocket, { type RawData } from 'ws';
import { z } from 'zod';
import {
  checkTarget,
  isForwardableRequestHeader,
  ProxyError,
  parseProxyTarget,
  type ResolvedProxyOptions,
  toProxyError,
} from '../proxy/index.js';
import {
  closeCodeFor,
  closeReason,
  closeReasonFor,
  relayableCloseCode,
  WS_LIMIT_CLOSE_CODE,
  WS_LIMIT_CLOSE_REASON,
  WS_NORMAL_CLOSE,
} from './close-codes.js';

/** The handshake message the client sends first. */
export const handshakeSchema = z.object({
  type: z.literal('handshake'),
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
  protocols: z.array(z.string()).optional(),
});

/** Parses the first client message into a handshake, or throws ProxyWsHandshakeError. */
export function parseHandshake(data: RawData, isBinary: boolean): z.infer<typeof handshakeSchema> {
  if (isBinary) throw new ProxyError('ProxyWsHandshakeError', 'binary frame');
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    throw new ProxyError('ProxyWsHandshakeError', 'not JSON');
  }
  const parsed = handshakeSchema.safeParse(json);
  if (!parsed.success) throw new ProxyError('ProxyWsHandshakeError');
  return parsed.data;
}

/** The handshake headers that may reach the upstream (lower-cased). */
export function upstreamHandshakeHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [raw, value] of Object.entries(headers)) {
    const name = raw.trim().toLowerCase();
    if (name && isForwardableRequestHeader(name) && !/[\r\n]/.test(value)) out[name] = value;
  }
  return out;
}

/** Where a session reports what it does not tell the browser (the server's pino logger fits). */
export interface WsSessionLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** The detail of a failure for the log: the proxy error's own, or the name and code of another error. */
function failureDetail(error: unknown, proxyError: ProxyError): string | undefined {
  if (error === proxyError) return proxyError.detail;
  const { name, code } = error as { name?: unknown; code?: unknown };
  const label = [name, code].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return label || proxyError.detail;
}

/** Runs one session on an accepted client socket; `log` hears the detail of each failure. */
export function runWsSession(
  client: WebSocket,
  options: ResolvedProxyOptions,
  lookup: LookupFunction,
  log?: WsSessionLog,
): void {
  const limits = options.ws;
  let upstream: WebSocket | undefined;
  let count = 0;
  let closed = false;
  const pending: { data: RawData; isBinary: boolean }[] = [];
  let idle: NodeJS.Timeout | undefined;

  const end = (code: number, reason: string, upstreamCode = WS_NORMAL_CLOSE) => {
    if (closed) return;
    closed = true;
    clearTimeout(idle);
    clearTimeout(handshakeTimer);
    if (client.readyState === WebSocket.OPEN || client.readyState === WebSocket.CONNECTING) {
      client.close(code, closeReason(reason));
    }
    if (upstream && upstream.readyState === WebSocket.OPEN) upstream.close(upstreamCode);
    else upstream?.terminate();
  };
  const fail = (error: unknown) => {
    if (closed) return;
    const proxyError = error instanceof ProxyError ? error : toProxyError(error);
    const code = closeCodeFor(proxyError);
    const detail = failureDetail(error, proxyError);
    if (detail !== undefined)
      log?.warn({ closeCode: code, code: proxyError.code, detail }, 'ws proxy: session closed');
    // The browser gets the code's fixed sentence: internal error text stays in the log.
    end(code, closeReasonFor(proxyError));
  };
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => fail(new ProxyError('ProxyWsIdleError')), limits.idleMs);
  };
  /** Counts a relayed message; true when the sample-session limit has been reached. */
  const countMessage = () => {
    count += 1;
    return limits.messageLimit !== undefined && count >= limits.messageLimit;
  };
  const relayToUpstream = (data: RawData, isBinary: boolean) => {
    upstream?.send(data, { binary: isBinary });
    if (countMessage()) end(WS_LIMIT_CLOSE_CODE, WS_LIMIT_CLOSE_REASON);
  };

  const handshakeTimer = setTimeout(
    () => fail(new ProxyError('ProxyWsHandshakeTimeoutError')),
    limits.handshakeMs,
  );

  const connect = async (data: RawData, isBinary: boolean) => {
    const handshake = parseHandshake(data, isBinary);
    clearTimeout(handshakeTimer);
    const url = parseProxyTarget(handshake.url, ['ws:', 'wss:']);
    await checkTarget(url, options);
    if (closed) return;
    const socketOptions: WebSocket.ClientOptions & { lookup: LookupFunction } = {
      headers: upstreamHandshakeHeaders(handshake.headers),
      lookup,
      maxPayload: limits.maxFrameBytes,
      handshakeTimeout: limits.handshakeMs,
      followRedirects: false,
      perMessageDeflate: false,
      rejectUnauthorized: true,
      ...(options.ca ? { ca: options.ca } : {}),
    };
    const socket = new WebSocket(url, handshake.protocols ?? [], socketOptions);
    upstream = socket;
    socket.on('unexpected-response', (_request, response) => {
      response.resume();
      fail(new ProxyError('ProxyUpstreamUnreachableError', `handshake answered HTTP ${response.statusCode}`));
    });
    socket.on('open', () => {
      touch();
      for (const message of pending.splice(0)) relayToUpstream(message.data, message.isBinary);
    });
    socket.on('message', (message, binary) => {
      if (closed) return;
      touch();
      client.send(message, { binary });
      if (countMessage()) end(WS_LIMIT_CLOSE_CODE, WS_LIMIT_CLOSE_REASON);
    });
    socket.on('close', (code, reason) => {
      if (code === 1009) fail(new ProxyError('ProxyWsFrameTooLargeError'));
      else
        end(relayableCloseCode(code), reason.toString() || (code === 1006 ? 'The API closed abruptly' : ''));
    });
    socket.on('error', (error) => fail(toProxyError(error)));
  };

  let handshakeSeen = false;
  client.on('message', (data, isBinary) => {
    if (closed) return;
    if (!handshakeSeen) {
      handshakeSeen = true;
      connect(data, isBinary).catch(fail);
      return;
    }
    if (upstream?.readyState === WebSocket.OPEN) {
      touch();
      relayToUpstream(data, isBinary);
    } else pending.push({ data, isBinary });
  });
  client.on('close', (code) => {
    if (code === 1009) fail(new ProxyError('ProxyWsFrameTooLargeError'));
    closed = true;
    clearTimeout(idle);
    clearTimeout(handshakeTimer);
    if (upstream?.readyState === WebSocket.OPEN) upstream.close(relayableCloseCode(code));
    else upstream?.terminate();
  });
  client.on('error', () => end(1011, 'client error'));
}
