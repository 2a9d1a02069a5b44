/**
 * One proxied exchange: checks the target, sends the request upstream through the guarded
 * agent with the body streamed, follows redirects by hand (each hop checked like the first,
 * credentials dropped when the origin changes; methods and bodies per redirects.ts), then
 * streams the upstream response to the reader with backpressure and the response-size cap.
 * Nothing is buffered whole (only a bounded copy of small request bodies, for redirects).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Agent, Dispatcher } from 'undici';
import { ProxyError } from './errors.js';
import {
  type AnswerTrail,
  readerResponseHeaders,
  upstreamRequestHeaders,
  withoutCredentials,
} from './headers.js';
import type { ResolvedProxyOptions } from './options.js';
import { REDIRECT_STATUSES, redirectStep } from './redirects.js';
import { RequestBody } from './request-body.js';
import { checkTarget, parseProxyTarget } from './target-guard.js';

/** What the access log reports of one proxied request; filled in as the request goes. */
export interface ForwardRecord {
  /** The target as requested (before redirects); undefined when it could not be read. */
  target: URL | undefined;
  /** Response body bytes relayed from the upstream. */
  bytes: number;
  /** The request body on its way upstream, when there is one (metrics count its bytes). */
  requestBody?: RequestBody;
  /** The failure the reader was told about (or that cut the stream). */
  error: ProxyError | undefined;
}
const TLS_CODES =
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH|ALTNAME|EPROTO/;

/** Maps a failure of the upstream exchange to the proxy error the reader sees. */
export function toProxyError(error: unknown): ProxyError {
  if (error instanceof ProxyError) return error;
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  for (const e of chain) if (e instanceof ProxyError) return e;
  for (const e of chain) {
    const code = String((e as { code?: unknown }).code ?? '');
    const name = String((e as { name?: unknown }).name ?? '');
    if (/TIMEOUT/i.test(code) || name === 'TimeoutError' || name === 'AbortError') {
      return new ProxyError('ProxyUpstreamTimeoutError');
    }
    if (TLS_CODES.test(code)) return new ProxyError('ProxyUpstreamTlsError', code);
    if (code && code !== 'UND_ERR_SOCKET') return new ProxyError('ProxyUpstreamUnreachableError', code);
  }
  return new ProxyError('ProxyUpstreamUnreachableError');
}

/** Writes a proxy error in the one error shape (or cuts the stream when headers already left). */
export function writeProxyError(
  res: ServerResponse,
  error: ProxyError,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy(error);
    return;
  }
  const body = JSON.stringify(error.toBody());
  res.writeHead(error.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'x-sextant-proxy-error',
    'x-sextant-proxy-error': error.code,
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(body);
}

/** How one upstream exchange ended: relayed to the reader, or a redirect to follow. */
type Outcome =
  | { kind: 'relayed' }
  | {
      kind: 'redirect';
      status: number;
      location: string;
      method: Dispatcher.HttpMethod;
      body: Buffer | undefined;
    };

const RELAYED: Outcome = { kind: 'relayed' };
/** The exchange a reader's response is attached to, for the shared listeners below. */
const EXCHANGE = Symbol('sextant.proxy.exchange');
type Attached = ServerResponse & { [EXCHANGE]?: Exchange };

/*
 * The listeners are shared functions (the emitter is `this`) and the deadline timer gets its
 * exchange as an argument: no closures are made per request on this path.
 */
function onReaderClose(this: Attached): void {
  const exchange = this[EXCHANGE];
  if (exchange && !this.writableFinished)
    exchange.abort(new ProxyError('ProxyUpstreamUnreachableError', 'client went away'));
}
function onReaderDrain(this: Attached): void {
  this[EXCHANGE]?.upstream?.resume();
}
function onDeadline(exchange: Exchange): void {
  exchange.abort(new ProxyError('ProxyUpstreamTimeoutError'));
}
function flushHeaders(res: ServerResponse): void {
  if (!res.headersSent && !res.destroyed) res.flushHeaders();
}

/**
 * One request upstream and, unless it is a redirect to follow, its response relayed straight
 * into `res` with backpressure (the upstream read pauses while the reader's socket is full).
 * It is undici's dispatch handler itself: no intermediate streams, promises or signals per
 * chunk, which keeps the proxy within a small factor of a direct call.
 */
class Exchange implements Dispatcher.DispatchHandler {
  upstream: Dispatcher.DispatchController | undefined;
  #outcome: Outcome = RELAYED;
  #relaying = false;
  #total = 0;
  readonly #started = performance.now();
  readonly #timer: NodeJS.Timeout;
  readonly #res: Attached;
  readonly #limits: ResolvedProxyOptions['limits'];
  readonly #request: Dispatcher.DispatchOptions;
  readonly #record: ForwardRecord | undefined;
  readonly #trail: AnswerTrail;
  readonly #resolve: (outcome: Outcome) => void;
  readonly #reject: (error: unknown) => void;

  constructor(
    res: ServerResponse,
    limits: ResolvedProxyOptions['limits'],
    request: Dispatcher.DispatchOptions,
    record: ForwardRecord | undefined,
    trail: AnswerTrail,
    resolve: (outcome: Outcome) => void,
    reject: (error: unknown) => void,
  ) {
    this.#res = res;
    this.#trail = trail;
    this.#limits = limits;
    this.#request = request;
    this.#record = record;
    this.#resolve = resolve;
    this.#reject = reject;
    this.#timer = setTimeout(onDeadline, limits.durationMs, this);
    this.#res[EXCHANGE] = this;
    res.on('close', onReaderClose);
  }

  abort(error: ProxyError): void {
    this.upstream?.abort(error);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.upstream = controller;
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    const location = headers.location;
    let notFollowed: string | undefined;
    if (REDIRECT_STATUSES.has(statusCode) && typeof location === 'string') {
      const { method, body } = this.#request;
      const step = redirectStep(method, statusCode, body, this.#limits.replayBodyBytes);
      if (step.follow) {
        this.#outcome = {
          kind: 'redirect',
          status: statusCode,
          location,
          method: step.method,
          body: step.body,
        };
        return;
      }
      notFollowed = step.reason;
    }
    const length = headers['content-length'];
    if (length !== undefined && Number(length) > this.#limits.responseBytes) {
      controller.abort(new ProxyError('ProxyResponseTooLargeError'));
      return;
    }
    this.#relaying = true;
    const res = this.#res;
    res.writeHead(
      statusCode,
      readerResponseHeaders(headers, performance.now() - this.#started, notFollowed, this.#trail),
    );
    // A stream (no declared length) must show its headers before its first chunk, which may be
    // long in coming. Flushed on the next turn: a chunk that came in the same read leaves with
    // the headers in one write instead of two.
    if (length === undefined) setImmediate(flushHeaders, res);
    res.on('drain', onReaderDrain);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.#relaying) return;
    this.#total += chunk.length;
    if (this.#total > this.#limits.responseBytes) {
      controller.abort(new ProxyError('ProxyResponseTooLargeError'));
      return;
    }
    if (!this.#res.write(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    if (this.#relaying) this.#res.end();
    this.#finish();
    this.#resolve(this.#outcome);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(error);
  }

  fail(error: unknown): void {
    this.#finish();
    this.#reject(error);
  }

  #finish(): void {
    clearTimeout(this.#timer);
    if (this.#record) this.#record.bytes += this.#total;
    const res = this.#res;
    res[EXCHANGE] = undefined;
    res.removeListener('close', onReaderClose);
    if (this.#relaying) res.removeListener('drain', onReaderDrain);
  }
}

/** Runs one exchange; resolves with its outcome once the response was relayed or is a redirect. */
function exchange(
  agent: Agent,
  request: Dispatcher.DispatchOptions,
  res: ServerResponse,
  limits: ResolvedProxyOptions['limits'],
  record: ForwardRecord | undefined,
  trail: AnswerTrail,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const handler = new Exchange(res, limits, request, record, trail, resolve, reject);
    try {
      agent.dispatch(request, handler);
    } catch (error) {
      handler.fail(error);
    }
  });
}

const CLOSE = { connection: 'close' };

/** The request headers without those describing the body (for a hop that sends none). */
function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'content-type': _type, 'content-length': _length, 'content-encoding': _enc, ...rest } = headers;
  return rest;
}

/**
 * Proxies one request. `rawTarget` is what followed `/proxy/` in the path (query included).
 * Resolves when the response has been fully relayed or has failed (the failure already written).
 * `record`, when given, is filled in for the access log.
 */
export async function forwardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  rawTarget: string,
  agent: Agent,
  options: ResolvedProxyOptions,
  record?: ForwardRecord,
): Promise<void> {
  const { limits } = options;
  let streamed = false;
  try {
    let url = parseProxyTarget(rawTarget);
    if (record) record.target = url;
    await checkTarget(url, options);
    let method = (req.method ?? 'GET') as Dispatcher.HttpMethod;
    let headers = upstreamRequestHeaders(req.headers);
    const declared = req.headers['content-length'];
    let body: Dispatcher.DispatchOptions['body'];
    if (declared !== undefined && declared !== '0') {
      if (!/^\d+$/.test(declared) || Number(declared) > limits.requestBodyBytes) {
        throw new ProxyError('ProxyRequestTooLargeError');
      }
      headers['content-length'] = declared;
      // Never `req` itself: undici destroys the body stream when the upstream answers before
      // reading all of it, and destroying `req` would cut the reader's connection too.
      const requestBody = new RequestBody(limits.requestBodyBytes, limits.replayBodyBytes, Number(declared));
      if (record) record.requestBody = requestBody;
      body = req.pipe(requestBody);
      streamed = true;
    } else if (req.headers['transfer-encoding'] !== undefined) {
      const requestBody = new RequestBody(limits.requestBodyBytes, limits.replayBodyBytes);
      if (record) record.requestBody = requestBody;
      body = req.pipe(requestBody);
      streamed = true;
    }
    // The redirects followed, for the reader: each hop's status and where it led.
    const redirects: AnswerTrail['redirects'] = [];
    for (let hop = 0; ; hop++) {
      const request = { origin: url.origin, path: `${url.pathname}${url.search}`, method, headers, body };
      const trail = { finalUrl: url.href, redirects };
      const outcome = await exchange(agent, request, res, limits, record, trail);
      if (outcome.kind === 'relayed') break;
      if (hop >= limits.maxRedirects) throw new ProxyError('ProxyTooManyRedirectsError');
      let next: URL;
      try {
        next = parseProxyTarget(new URL(outcome.location, url).href);
        await checkTarget(next, options);
      } catch (error) {
        const reason = error instanceof ProxyError ? error.message : String(error);
        throw new ProxyError('ProxyRedirectRefusedError', reason);
      }
      if (next.origin !== url.origin) headers = withoutCredentials(headers);
      if (outcome.body === undefined) headers = withoutBodyHeaders(headers);
      else if (outcome.body !== undefined) headers['content-length'] = String(outcome.body.length);
      method = outcome.method;
      body = outcome.body;
      redirects.push({ status: outcome.status, url: next.href });
      url = next;
    }
  } catch (error) {
    const failure = toProxyError(error);
    if (record) record.error = failure;
    if (failure.code === 'ProxyRequestTooLargeError' && !req.complete) {
      // The rest of a body over the cap is not read: the connection closes after the answer.
      if (!res.destroyed) writeProxyError(res, failure, CLOSE);
      return;
    }
    if (!res.destroyed) writeProxyError(res, failure);
  }
  // What the upstream left unread of the body (it answered early) is read and dropped, so the
  // reader's connection stays usable, as Node does for a body nobody reads.
  if (streamed && !req.complete) {
    req.unpipe();
    req.resume();
  }
}
