/**
 * How long the HTTP server waits on a client before cutting it: the request headers must arrive
 * within `headersMs` (a slowloris client sending a byte at a time is cut then), the whole request
 * within `requestMs` (large uploads included), an idle keep-alive socket is closed after
 * `keepAliveMs` (above common load balancer idle timeouts of 60 s, so the balancer closes first),
 * and Node checks these every `checkIntervalMs` (its default, 30 s, would let a slow client stay
 * that much longer). Responses are not limited: streams and WebSocket relays last as long as they
 * carry data (the proxies have their own idle caps).
 */
import type { FastifyServerOptions } from 'fastify';

/** The server's client timeouts, in milliseconds. */
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

/**
 * Fastify options that apply the timeouts to the Node HTTP server it creates.
 * @example Fastify({ ...timeoutOptions({ headersMs: 500 }) })
 */
export function timeoutOptions(overrides: Partial<ServerTimeouts> = {}): Pick<
  FastifyServerOptions,
  'keepAliveTimeout' | 'requestTimeout'
> & {
  http: {
    headersTimeout: number;
    requestTimeout: number;
    keepAliveTimeout: number;
    connectionsCheckingInterval: number;
  };
} {
  const limits = { ...SERVER_TIMEOUTS, ...overrides };
  return {
    keepAliveTimeout: limits.keepAliveMs,
    requestTimeout: limits.requestMs,
    http: {
      headersTimeout: Math.min(limits.headersMs, limits.requestMs),
      requestTimeout: limits.requestMs,
      keepAliveTimeout: limits.keepAliveMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  };
}
