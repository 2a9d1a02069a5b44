/**
 * One proxied exchange: checks the target, sends the request upstream through the guarded
 * agent with the body streamed, follows redirects by hand (each hop checked like the first,
 * credentials dropped when the origin changes), then streams the upstream response to the
 * reader with backpressure and the response-size cap. Nothing is buffered whole.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Agent, Dispatcher } from 'undici';
import { ProxyError } from './errors.js';
import { readerResponseHeaders, upstreamRequestHeaders, withoutCredentials } from './headers.js';
import type { ResolvedProxyOptions } from './options.js';
import { checkTarget, parseProxyTarget } from './target-guard.js';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
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
      return new ProxyError('PROXY_UPSTREAM_TIMEOUT');
    }
    if (TLS_CODES.test(code)) return new ProxyError('PROXY_UPSTREAM_TLS', code);
    if (code && code !== 'UND_ERR_SOCKET') return new ProxyError('PROXY_UPSTREAM_UNREACHABLE', code);
  }
  return new ProxyError('PROXY_UPSTREAM_UNREACHABLE');
}

/** Yields the request body while counting it; throws PROXY_REQUEST_TOO_LARGE past `cap`. */
async function* cappedBody(source: AsyncIterable<Buffer>, cap: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > cap) throw new ProxyError('PROXY_REQUEST_TOO_LARGE');
    yield chunk;
  }
}

/** Writes a proxy error as `{ error, code, reason }` (or cuts the stream when headers already left). */
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
type Outcome = { kind: 'relayed' } | { kind: 'redirect'; status: number; location: string };

/**
 * Sends one request upstream and, unless it is a redirect to follow, relays the response
 * straight into `res` with backpressure (the upstream read pauses while the reader's socket is
 * full). Uses undici's dispatch handler API: no intermediate streams, promises or signals per
 * chunk, which keeps the proxy within a small factor of a direct call.
 */
function exchange(
  agent: Agent,
  request: Dispatcher.DispatchOptions,
  res: ServerResponse,
  limits: ResolvedProxyOptions['limits'],
  followRedirect: (status: number) => boolean,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let outcome: Outcome = { kind: 'relayed' };
    let relaying = false;
    let total = 0;
    let upstream: Dispatcher.DispatchController | undefined;
    const timer = setTimeout(
      () => upstream?.abort(new ProxyError('PROXY_UPSTREAM_TIMEOUT')),
      limits.durationMs,
    );
    const onClose = () => {
      if (!res.writableFinished)
        upstream?.abort(new ProxyError('PROXY_UPSTREAM_UNREACHABLE', 'client went away'));
    };
    const onDrain = () => upstream?.resume();
    const finish = (error?: unknown) => {
      clearTimeout(timer);
      res.off('close', onClose);
      res.off('drain', onDrain);
      if (error) reject(error);
      else resolve(outcome);
    };
    res.once('close', onClose);
    agent.dispatch(request, {
      onRequestStart(controller) {
        upstream = controller;
      },
      onResponseStart(controller, statusCode, headers) {
        const location = headers.location;
        if (REDIRECTS.has(statusCode) && typeof location === 'string' && followRedirect(statusCode)) {
          outcome = { kind: 'redirect', status: statusCode, location };
          return;
        }
        if (Number(headers['content-length'] ?? 0) > limits.responseBytes) {
          controller.abort(new ProxyError('PROXY_RESPONSE_TOO_LARGE'));
          return;
        }
        relaying = true;
        res.writeHead(statusCode, readerResponseHeaders(headers, performance.now() - started));
        // A stream (no declared length) must reach the reader before its first chunk.
        if (headers['content-length'] === undefined) res.flushHeaders();
        res.on('drain', onDrain);
      },
      onResponseData(controller, chunk) {
        if (!relaying) return;
        total += chunk.length;
        if (total > limits.responseBytes) {
          controller.abort(new ProxyError('PROXY_RESPONSE_TOO_LARGE'));
          return;
        }
        if (!res.write(chunk)) controller.pause();
      },
      onResponseEnd() {
        if (relaying) res.end();
        finish();
      },
      onResponseError(_controller, error) {
        finish(error);
      },
    });
  });
}

/**
 * Proxies one request. `rawTarget` is what followed `/proxy/` in the path (query included).
 * Resolves when the response has been fully relayed or has failed (the failure already written).
 */
export async function forwardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  rawTarget: string,
  agent: Agent,
  options: ResolvedProxyOptions,
): Promise<void> {
  const { limits } = options;
  try {
    let url = parseProxyTarget(rawTarget);
    await checkTarget(url, options);
    let method = (req.method ?? 'GET') as Dispatcher.HttpMethod;
    let headers = upstreamRequestHeaders(req.headers);
    const declared = req.headers['content-length'];
    let body: Dispatcher.DispatchOptions['body'];
    if (declared !== undefined && declared !== '0') {
      if (!/^\d+$/.test(declared) || Number(declared) > limits.requestBodyBytes) {
        throw new ProxyError('PROXY_REQUEST_TOO_LARGE');
      }
      headers['content-length'] = declared;
      body = req;
    } else if (req.headers['transfer-encoding'] !== undefined) {
      body = Readable.from(cappedBody(req, limits.requestBodyBytes), { objectMode: false });
    }
    // A 307/308 must resend the body, which was streamed and is gone: such a redirect goes to the reader.
    const followRedirect = (status: number) => body === undefined || (status !== 307 && status !== 308);
    for (let hop = 0; ; hop++) {
      const request = { origin: url.origin, path: `${url.pathname}${url.search}`, method, headers, body };
      const outcome = await exchange(agent, request, res, limits, followRedirect);
      if (outcome.kind === 'relayed') return;
      if (hop >= limits.maxRedirects) throw new ProxyError('PROXY_TOO_MANY_REDIRECTS');
      let next: URL;
      try {
        next = parseProxyTarget(new URL(outcome.location, url).href);
        await checkTarget(next, options);
      } catch (error) {
        const reason = error instanceof ProxyError ? error.message : String(error);
        throw new ProxyError('PROXY_REDIRECT_REFUSED', reason);
      }
      if (next.origin !== url.origin) headers = withoutCredentials(headers);
      if (outcome.status === 303 || (method === 'POST' && outcome.status !== 307)) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        const {
          'content-type': _type,
          'content-length': _length,
          'content-encoding': _enc,
          ...rest
        } = headers;
        headers = rest;
      }
      url = next;
    }
  } catch (error) {
    if (!res.destroyed) writeProxyError(res, toProxyError(error));
  }
}
