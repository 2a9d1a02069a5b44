/**
 * The request lifecycle of one endpoint playground (SPEC §4): not started → loading → loaded or
 * failed. A stream response is `loaded` as soon as its headers arrive and its value is replaced
 * as each chunk comes in. Sending again aborts the request in flight. The network is injected
 * (`fetch`), so the same store runs in tests against real servers and in the browser.
 */
import type { ResponseBody } from '@sextant/definition';
import { type PlaygroundResponse, readResponse } from '../response/response-reader.js';
import type { AnalyticsSink } from '../shared/analytics.js';
import { Store } from '../shared/store.js';

/** State of the request lifecycle. */
export type RequestState =
  | { status: 'not-started' }
  | { status: 'loading'; startedAt: number }
  | { status: 'loaded'; response: PlaygroundResponse }
  | { status: 'failed'; error: string; response?: PlaygroundResponse; failure?: FailureKind }
  /** The reader pressed Cancel: what had arrived (a stream's events so far) stays shown. */
  | { status: 'cancelled'; elapsed: number; response?: PlaygroundResponse };

/**
 * True while a request is in flight: loading, or a stream still reading. Cancel replaces Send
 * and the elapsed time counts up.
 * @example isInFlight({ status: 'loading', startedAt: 0 }) // true
 */
export function isInFlight(state: RequestState): boolean {
  return (
    state.status === 'loading' ||
    (state.status === 'loaded' && state.response.type === 'stream' && !state.response.done)
  );
}

/**
 * Why a request failed: `proxy` (the proxy refused or could not reach the API: its named error,
 * no upstream answer), `rpc` (a JSON-RPC error object in a 2xx answer), `input` (checked before
 * sending, e.g. a malformed base URL), `network` (fetch itself failed or was aborted).
 */
export type FailureKind = 'proxy' | 'rpc' | 'input' | 'network';

/** The header the proxy marks its own error answers with (`apps/server/src/proxy/forward.ts`). */
export const PROXY_ERROR_HEADER = 'x-sextant-proxy-error';

/** What to send: the fetch arguments produced from the built request (through the proxy). */
export interface SendInput {
  url: string;
  init: RequestInit;
  endpointId: string;
  method: string;
  /** The endpoint's first response body, which decides how the body is read. */
  expected?: ResponseBody | undefined;
  /** A JSON-RPC call: an `error` object in the answer fails the request. */
  jsonRpc?: boolean;
}

export interface RequestLifecycleOptions {
  fetch?: typeof fetch;
  analytics?: AnalyticsSink;
  now?: () => number;
  /** Where unexpected errors are logged (SPEC §8: logged and shown as failed). */
  log?: (message: string, error: unknown) => void;
  randomId?: () => string;
}

/**
 * Headless store of one playground's request lifecycle.
 *
 * @example
 * const lifecycle = new RequestLifecycle({ fetch });
 * await lifecycle.send({ url: '/proxy/https://api.example.com/pets', init: { method: 'GET' }, endpointId: 'e', method: 'GET' });
 * lifecycle.getState().status; // 'loaded'
 */
export class RequestLifecycle extends Store<RequestState> {
  readonly #fetch: typeof fetch;
  readonly #analytics: AnalyticsSink;
  readonly #now: () => number;
  readonly #log: (message: string, error: unknown) => void;
  readonly #randomId: (() => string) | undefined;
  #controller: AbortController | undefined;
  #generation = 0;
  #startedAt = 0;
  #last: PlaygroundResponse | undefined;

  constructor(options: RequestLifecycleOptions = {}) {
    super({ status: 'not-started' });
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#analytics = options.analytics ?? (() => {});
    this.#now = options.now ?? (() => performance.now());
    this.#log = options.log ?? ((message, error) => console.warn(message, error));
    this.#randomId = options.randomId;
  }

  /** Sends the request; resolves when the response is fully read or the request failed or was superseded. */
  async send(input: SendInput): Promise<void> {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    const generation = ++this.#generation;
    const startedAt = this.#now();
    const current = () => generation === this.#generation;
    this.#startedAt = startedAt;
    this.#last = undefined;
    this.setState({ status: 'loading', startedAt });
    this.#analytics({ type: 'request_sent', endpointId: input.endpointId, method: input.method });
    let last: PlaygroundResponse | undefined;
    try {
      const response = await this.#fetch(input.url, { ...input.init, signal: controller.signal });
      const proxyCode = response.headers.get(PROXY_ERROR_HEADER);
      if (proxyCode) {
        const reason = await proxyReason(response, proxyCode);
        if (!current()) return;
        this.#failed(input, startedAt, reason, 'proxy');
        return;
      }
      last = await readResponse(response, {
        expected: input.expected,
        elapsed: () => this.#now() - startedAt,
        randomId: this.#randomId,
        bodyless: input.method.toUpperCase() === 'HEAD',
        onUpdate: (value) => {
          last = value;
          if (!current()) return;
          this.#last = value;
          this.setState({ status: 'loaded', response: value });
        },
      });
      if (!current()) return;
      const rpcError = input.jsonRpc ? jsonRpcErrorMessage(last) : undefined;
      if (rpcError) {
        this.setState({ status: 'failed', error: rpcError, response: last, failure: 'rpc' });
        this.#received(input, last.response.status, 'failed', last.time, last.size);
        return;
      }
      this.#analytics({
        type: 'request_received',
        endpointId: input.endpointId,
        method: input.method,
        status: last.response.status,
        outcome: 'loaded',
        timeMs: last.time,
        sizeBytes: last.size,
      });
    } catch (error) {
      if (!current()) return;
      const message = errorMessage(error);
      this.#log('[sextant] request failed', error);
      this.setState(
        last
          ? { status: 'failed', error: message, response: last, failure: 'network' }
          : { status: 'failed', error: message, failure: 'network' },
      );
      this.#analytics({
        type: 'request_received',
        endpointId: input.endpointId,
        method: input.method,
        status: last?.response.status ?? null,
        outcome: 'failed',
        timeMs: this.#now() - startedAt,
        sizeBytes: last?.size ?? 0,
      });
    } finally {
      if (current()) this.#controller = undefined;
    }
  }

  /** Fails without sending: what the reader must fix first (e.g. the base URL), in their words. */
  reject(error: Error): void {
    this.#generation++;
    this.#controller?.abort();
    this.#controller = undefined;
    this.setState({ status: 'failed', error: error.message, failure: 'input' });
  }

  #failed(input: SendInput, startedAt: number, error: string, failure: FailureKind): void {
    this.setState({ status: 'failed', error, failure });
    this.#received(input, null, 'failed', this.#now() - startedAt, 0);
  }

  #received(
    input: SendInput,
    status: number | null,
    outcome: 'loaded' | 'failed',
    timeMs: number,
    sizeBytes: number,
  ): void {
    this.#analytics({
      type: 'request_received',
      endpointId: input.endpointId,
      method: input.method,
      status,
      outcome,
      timeMs,
      sizeBytes,
    });
  }

  /** Aborts the request in flight, if any; the state becomes failed with the abort message. */
  abort(): void {
    this.#controller?.abort();
  }

  /**
   * Milliseconds since the request in flight was sent (the counter beside Cancel), else undefined.
   * @example lifecycle.elapsed() // 1234.5 while loading
   */
  elapsed(): number | undefined {
    return isInFlight(this.getState()) ? this.#now() - this.#startedAt : undefined;
  }

  /**
   * Cancel: stops the request in flight (the upstream connection is closed through the proxy) and
   * shows it as cancelled, not failed, keeping what had arrived. False when nothing was in flight.
   */
  cancel(): boolean {
    const state = this.getState();
    if (!isInFlight(state)) return false;
    this.#generation++;
    this.#controller?.abort();
    this.#controller = undefined;
    const elapsed = this.#now() - this.#startedAt;
    const response = this.#last;
    // No request_received event: a cancel is the reader's choice, not the API's answer or failure.
    this.setState(response ? { status: 'cancelled', elapsed, response } : { status: 'cancelled', elapsed });
    return true;
  }

  /** Back to not started (aborting anything in flight): used when the endpoint changes. */
  reset(): void {
    this.#generation++;
    this.#controller?.abort();
    this.#controller = undefined;
    this.setState({ status: 'not-started' });
  }
}

/** The message of a proxy error answer (`{ error, content: { message } }`), else a sentence; its code after it. */
export async function proxyReason(response: Response, code: string): Promise<string> {
  const body: unknown = await response.json().catch(() => undefined);
  const content = body && typeof body === 'object' ? (body as { content?: unknown }).content : undefined;
  const message =
    content && typeof content === 'object' && typeof (content as { message?: unknown }).message === 'string'
      ? (content as { message: string }).message
      : undefined;
  return `${message ?? 'The proxy could not complete the request.'} [${code}]`;
}

/**
 * The error of a JSON-RPC answer (`{ "error": { "code", "message", "data"? } }`), or undefined.
 *
 * @example
 * jsonRpcErrorMessage({ type: 'json', body: { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid params' }, id: 1 } }) // 'JSON-RPC error -32602: Invalid params'
 */
export function jsonRpcErrorMessage(
  response: Pick<PlaygroundResponse, 'type'> & { body?: unknown },
): string | undefined {
  if (response.type !== 'json') return undefined;
  const body = response.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const error = (body as { error?: unknown }).error;
  if (error === undefined || error === null) return undefined;
  if (typeof error !== 'object') return `JSON-RPC error: ${String(error)}`;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const codeText = typeof code === 'number' || typeof code === 'string' ? ` ${code}` : '';
  return `JSON-RPC error${codeText}: ${typeof message === 'string' && message ? message : 'no message'}`;
}

function errorMessage(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError') return 'The user aborted a request';
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
