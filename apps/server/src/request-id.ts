/**
 * Request ids (issue #30 item 6): an incoming `X-Request-Id` is kept when it is a plausible id
 * (1–128 characters of letters, digits and `-_.:/+=@`), else a random UUID is made, so ids from
 * a fleet of replicas never repeat (no per-process counter). The id is Fastify's `request.id`
 * (every log line of the request carries it as `reqId`), goes back on the response, and is sent
 * on with what the request causes: the proxy's upstream request (its headers are the reader's,
 * where the id now is) and the docs host's registry calls (`withRequestId`, through the request's
 * async context).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { wrapRequestListener } from './request-listener.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_ID = /^[A-Za-z0-9\-_.:/+=@]{1,128}$/;

/**
 * The request's id: `incoming` when it is a plausible id, else a new random one.
 * @example requestIdFrom('abc-123') // 'abc-123'; requestIdFrom('a b') // a UUID
 */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

const context = new AsyncLocalStorage<string>();

/** The id of the request this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore();
}

/**
 * `fetchFn` that sends the current request's id along (a call made outside a request is sent as is).
 * @example createRegistryClient({ fetch: withRequestId(fetch) })
 */
export function withRequestId(fetchFn: typeof fetch): typeof fetch {
  return (input, init) => {
    const id = currentRequestId();
    if (id === undefined) return fetchFn(input, init);
    const headers = new Headers(init?.headers);
    if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, id);
    return fetchFn(input, { ...init, headers });
  };
}

/**
 * Gives every request on `app.server` its id before anything else sees it (Fastify's routes and
 * the proxy's front door alike): settled into `x-request-id` of the request, set on the response,
 * and the async context of the request. Call after the parts are mounted (the proxy's front door
 * wraps the listener too; this one must be outermost).
 */
export function installRequestIds(app: FastifyInstance): void {
  const wrapped = wrapRequestListener(
    app,
    (inner) =>
      function outer(req, res) {
        const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
        req.headers[REQUEST_ID_HEADER] = id;
        res.setHeader(REQUEST_ID_HEADER, id);
        context.run(id, () => inner.call(this, req, res));
      },
  );
  if (!wrapped) return;
  // Requests that do not come through the server (inject) still get their id back.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/** Fastify's `genReqId`: the same id the listener settled (or, for inject, a checked one). */
export function genReqId(req: IncomingMessage): string {
  return requestIdFrom(req.headers[REQUEST_ID_HEADER]);
}
