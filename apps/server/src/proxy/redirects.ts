/**
 * How the proxy follows a redirect, per method, status and body (what fetch and browsers do):
 * - 303, and 301/302 to a POST: the next hop is a GET (a HEAD stays a HEAD) with no body.
 * - every other case keeps the method, and the body when there was one: 307/308 on any method,
 *   301/302 on PUT, PATCH, DELETE….
 *
 * The body has already been streamed upstream by the time the redirect arrives, so it can only
 * be sent again from the copy `RequestBody` keeps of bodies up to `limits.replayBodyBytes`
 * (1 MiB by default). That covers the API calls a playground makes (JSON, forms, small files)
 * at the cost of one bounded copy, and keeps bodies streamed rather than held back until the
 * upstream has answered. A larger body, or one still arriving when the upstream answered, is
 * not sent again: the redirect itself goes back to the reader unchanged, with the reason in
 * `X-Sextant-Proxy-Redirect-Not-Followed`, so the playground can say why and show the Location.
 * Resending nothing (or an empty body) under the same method would silently change the call.
 */
import type { Dispatcher } from 'undici';
import { overReplayBuffer, RequestBody } from './request-body.js';

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** The next hop of a redirect, or why it is not followed. */
export type RedirectStep =
  | { follow: true; method: Dispatcher.HttpMethod; body: Buffer | undefined }
  | { follow: false; reason: string };

/**
 * Decides how to follow a redirect `status` answered to `method` sent with `body` (a body that is
 * neither a Buffer nor a `RequestBody` was streamed without a copy: over `replayBytes`).
 * @example redirectStep('POST', 302, someBody, 1024) // { follow: true, method: 'GET', body: undefined }
 */
export function redirectStep(
  method: Dispatcher.HttpMethod,
  status: number,
  body: Dispatcher.DispatchOptions['body'],
  replayBytes: number,
): RedirectStep {
  if (status === 303 || (method === 'POST' && (status === 301 || status === 302))) {
    return { follow: true, method: method === 'HEAD' ? 'HEAD' : 'GET', body: undefined };
  }
  if (body === undefined || body === null) return { follow: true, method, body: undefined };
  if (Buffer.isBuffer(body)) return { follow: true, method, body };
  const replay = body instanceof RequestBody ? body.replay() : undefined;
  if (replay) return { follow: true, method, body: replay };
  const why = body instanceof RequestBody ? body.unreplayableReason : overReplayBuffer(replayBytes);
  return {
    follow: false,
    reason: `The proxy did not follow this ${status} to a ${method}: ${why}, so it cannot be sent again.`,
  };
}
