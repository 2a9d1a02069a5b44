/**
 * One HTTP exchange with retries (SPEC §8 and §9): up to 2 retries by default on 408, 429 and
 * 5xx, backoff from 1000 ms doubling, capped at 60000 ms, ±20 %
 * jitter, `Retry-After` honoured. A per-request timeout and the caller's AbortSignal end the
 * exchange with 'timeout' or 'The user aborted a request'.
 */
import {
  errorFromResponse,
  RegistryAbortError,
  RegistryClientError,
  RegistryTimeoutError,
} from './client-errors.js';

/** Retry and timing settings; the defaults are the SPEC §9 constants. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** First backoff delay in ms. Default 1000. */
  baseDelayMs?: number;
  /** Largest backoff delay in ms. Default 60000. */
  maxDelayMs?: number;
  /** Jitter fraction. Default 0.2 (±20 %). */
  jitter?: number;
}

/** One request as the client hands it to the transport. */
export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON text, or raw bytes for uploads. */
  body?: string | Uint8Array;
  /** Seconds before giving up on an attempt. */
  timeoutInSeconds?: number;
  signal?: AbortSignal;
}

const RETRY_STATUSES = new Set([408, 429]);

/** True for the statuses SPEC §8 retries: 408, 429 and 5xx. */
export function isRetryableStatus(status: number): boolean {
  return RETRY_STATUSES.has(status) || status >= 500;
}

/** Backoff before retry number `attempt` (0-based): base·2^attempt ±jitter, never above the cap. */
export function backoffDelay(
  attempt: number,
  options: RetryOptions = {},
  random: () => number = Math.random,
): number {
  const base = options.baseDelayMs ?? 1000;
  const cap = options.maxDelayMs ?? 60_000;
  const jitter = options.jitter ?? 0.2;
  const delay = Math.min(cap, base * 2 ** attempt);
  return Math.min(cap, Math.max(0, Math.round(delay * (1 + jitter * (2 * random() - 1)))));
}

/** Parses Retry-After (seconds or an HTTP date) into ms, capped at `capMs`. */
export function retryAfterMs(
  header: string | null,
  capMs: number,
  now: number = Date.now(),
): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(capMs, seconds * 1000);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.min(capMs, Math.max(0, date - now));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RegistryAbortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RegistryAbortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Outcome of one attempt: a parsed body, or an error with an optional server-requested delay. */
type Attempt =
  | { ok: true; value: unknown }
  | { ok: false; error: RegistryClientError; retry: boolean; waitMs?: number };

async function attempt(fetchFn: typeof fetch, request: TransportRequest, capMs: number): Promise<Attempt> {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    request.timeoutInSeconds === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, request.timeoutInSeconds * 1000);
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const init: RequestInit = { method: request.method, headers: request.headers, signal: controller.signal };
    // Bytes are sent as given; lib.dom's BodyInit only names ArrayBuffer-backed views.
    if (request.body !== undefined) init.body = request.body as BodyInit;
    const response = await fetchFn(request.url, init);
    const text = await response.text();
    if (response.ok) {
      if (text === '') return { ok: true, value: undefined };
      try {
        return { ok: true, value: JSON.parse(text) };
      } catch {
        return {
          ok: false,
          retry: false,
          error: new RegistryClientError('non-json', 'non-json response body', response.status, text),
        };
      }
    }
    const retry = isRetryableStatus(response.status);
    const waitMs = retryAfterMs(response.headers.get('retry-after'), capMs);
    return {
      ok: false,
      retry,
      error: errorFromResponse(response.status, text),
      ...(waitMs === undefined ? {} : { waitMs }),
    };
  } catch (error) {
    if (request.signal?.aborted) return { ok: false, retry: false, error: new RegistryAbortError() };
    if (timedOut) return { ok: false, retry: false, error: new RegistryTimeoutError() };
    const message =
      error instanceof Error
        ? `${error.message}${error.cause ? `: ${String(error.cause)}` : ''}`
        : String(error);
    // SPEC §8 retries on statuses only: a network failure may have reached the server already.
    return { ok: false, retry: false, error: new RegistryClientError('unknown', message) };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}

/** Sends `request`, retrying per `options`; resolves with the parsed JSON body. */
export async function send(
  fetchFn: typeof fetch,
  request: TransportRequest,
  options: RetryOptions = {},
): Promise<unknown> {
  const maxRetries = options.maxRetries ?? 2;
  const capMs = options.maxDelayMs ?? 60_000;
  for (let retry = 0; ; retry++) {
    if (request.signal?.aborted) throw new RegistryAbortError();
    const result = await attempt(fetchFn, request, capMs);
    if (result.ok) return result.value;
    if (!result.retry || retry >= maxRetries) throw result.error;
    await sleep(result.waitMs ?? backoffDelay(retry, options), request.signal);
  }
}
