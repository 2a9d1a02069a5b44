/**
 * How long the HTTP server waits on a client before cutting it: the request headers must arrive
 * within `headersMs` (a slowloris client sending a byte at a time is cut by then), the whole
 * request within `requestMs` (large uploads included), an idle keep-alive socket is closed after
 * `keepAliveMs` (above common load balancer idle timeouts of 60 s, so the balancer closes first).
 * Node enforces the first two by a sweep every `checkIntervalMs` that cuts the connections
 * already past their timeout, so a client can outlive its timeout by up to one interval: the
 * timeouts given to Node are the deadlines minus one interval, and the documented deadlines are
 * the real ones (a client is cut between `headersMs - checkIntervalMs` and `headersMs`).
 * Responses are not limited: streams and WebSocket relays last as long as they carry data (the
 * proxies have their own idle caps).
 */
import type { FastifyServerOptions } from 'fastify';

/** The server's client timeouts, in milliseconds: deadlines, never exceeded. */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 15_000,
  requestMs: 300_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 1_000,
};

/** What Node's http server is given so that a sweep every `checkIntervalMs` meets each deadline. */
export interface NodeTimeouts {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
}

/**
 * Node's settings for the deadlines: a sweep cuts a connection once it is past Node's timeout,
 * at most one interval later, so Node's timeout is the deadline less one interval (and the
 * interval at most half the shortest deadline, so the timeout stays positive).
 * @example nodeTimeouts(SERVER_TIMEOUTS).headersTimeout // 14_000: cut between 14 s and 15 s
 */
export function nodeTimeouts(limits: ServerTimeouts): NodeTimeouts {
  const headersMs = Math.min(limits.headersMs, limits.requestMs);
  const interval = Math.max(1, Math.min(limits.checkIntervalMs, Math.floor(headersMs / 2)));
  return {
    headersTimeout: headersMs - interval,
    requestTimeout: limits.requestMs - interval,
    keepAliveTimeout: limits.keepAliveMs,
    connectionsCheckingInterval: interval,
  };
}

/**
 * Fastify options that apply the timeouts to the Node HTTP server it creates.
 * @example Fastify({ ...timeoutOptions({ headersMs: 500 }) })
 */
export function timeoutOptions(
  overrides: Partial<ServerTimeouts> = {},
): Pick<FastifyServerOptions, 'keepAliveTimeout' | 'requestTimeout'> & { http: NodeTimeouts } {
  const node = nodeTimeouts({ ...SERVER_TIMEOUTS, ...overrides });
  return {
    keepAliveTimeout: node.keepAliveTimeout,
    requestTimeout: node.requestTimeout,
    http: node,
  };
}
