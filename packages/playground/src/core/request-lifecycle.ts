/**
 * The request lifecycle of one endpoint playground (SPEC §4): not started → loading → loaded or
 * failed. A stream response is `loaded` as soon as its headers arrive and its value is replaced
 * as each chunk comes in. Sending again aborts the request in flight. The network is injected
 * (`fetch`), so the same store runs in tests against real servers and in the browser.
 */
import type { ResponseBody } from '@sextant/definition';
import type { AnalyticsSink } from './analytics.js';
import { type PlaygroundResponse, readResponse } from './response-reader.js';
import { Store } from './store.js';

/** State of the request lifecycle. */
export type RequestState =
  | { status: 'not-started' }
  | { status: 'loading'; startedAt: number }
  | { status: 'loaded'; response: PlaygroundResponse }
  | { status: 'failed'; error: string; response?: PlaygroundResponse };

/** What to send: the fetch arguments produced from the built request (through the proxy). */
export interface SendInput {
  url: string;
  init: RequestInit;
  endpointId: string;
  method: string;
  /** The endpoint's first response body, which decides how the body is read. */
  expected?: ResponseBody | undefined;
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
    this.setState({ status: 'loading', startedAt });
    this.#analytics({ type: 'request_sent', endpointId: input.endpointId, method: input.method });
    let last: PlaygroundResponse | undefined;
    try {
      const response = await this.#fetch(input.url, { ...input.init, signal: controller.signal });
      last = await readResponse(response, {
        expected: input.expected,
        elapsed: () => this.#now() - startedAt,
        randomId: this.#randomId,
        onUpdate: (value) => {
          last = value;
          if (current()) this.setState({ status: 'loaded', response: value });
        },
      });
      if (!current()) return;
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
        last ? { status: 'failed', error: message, response: last } : { status: 'failed', error: message },
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

  /** Aborts the request in flight, if any; the state becomes failed with the abort message. */
  abort(): void {
    this.#controller?.abort();
  }

  /** Back to not started (aborting anything in flight): used when the endpoint changes. */
  reset(): void {
    this.#generation++;
    this.#controller?.abort();
    this.#controller = undefined;
    this.setState({ status: 'not-started' });
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError') return 'The user aborted a request';
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
