/**
 * `/metrics` and the HTTP instrumentation as a Fastify plugin (shared with the root instance so
 * its hooks see every part's routes). Off unless `options.metrics.enabled` (`sextant serve`
 * turns it on; `sextant dev` leaves it off): then `app.metrics` is undefined and the parts
 * record nothing. With a token, `/metrics` wants `Authorization: Bearer <token>`. Requests
 * are labelled by route pattern; unmatched ones by `unmatched`; `/metrics` itself is not counted.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { partOfRoute } from './route-part.js';
import { createServerMetrics, type ServerMetrics } from './server-metrics.js';

/** Path of the Prometheus endpoint. */
export const METRICS_PATH = '/metrics';

/** Options of the metrics plugin. */
export interface MetricsOptions {
  /** Expose `/metrics` and record (default false). */
  enabled?: boolean;
  /** Bearer token `/metrics` requires; absent means it answers anyone who reaches it. */
  token?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's metrics, undefined when they are off. */
    metrics: ServerMetrics | undefined;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** True when `header` carries the bearer `token` (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? timingSafeEqual(digest(match[1] as string), digest(token)) : false;
}

const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

/** The error's name as a label: registry named errors, Fastify and Node codes, else the class name. */
function errorLabel(error: Error & { errorName?: unknown; code?: unknown }): string {
  const name = typeof error.errorName === 'string' ? error.errorName : undefined;
  const code = typeof error.code === 'string' ? error.code : undefined;
  return (name ?? code ?? error.name ?? 'Error').slice(0, 80);
}

async function metrics(app: FastifyInstance, options: { metrics?: MetricsOptions }): Promise<void> {
  if (!options.metrics?.enabled) {
    app.decorate('metrics', undefined);
    return;
  }
  const recorder = createServerMetrics();
  const token = options.metrics.token;
  app.decorate('metrics', recorder);

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = routeOf(request);
    // The proxy records its own requests (most never reach Fastify: see proxy/front-door.ts).
    if (route === METRICS_PATH || route.startsWith('/proxy/')) return;
    const part = route === 'unmatched' ? 'docs' : partOfRoute(route);
    recorder.httpRequest(part, route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onError', async (request, _reply, error) => {
    const route = routeOf(request);
    if (route.startsWith('/proxy/')) return;
    recorder.httpError(partOfRoute(route), route, errorLabel(error));
  });

  app.get(METRICS_PATH, async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .header('cache-control', 'no-store')
        .send({
          error: 'UnauthorizedError',
          content: { message: 'Send the metrics token as "Authorization: Bearer <token>" (--metrics-token)' },
        });
    return reply
      .header('content-type', recorder.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await recorder.registry.metrics());
  });
}

/** The metrics plugin; register it before the parts. */
export const metricsPlugin = fp(metrics, { name: 'sextant-metrics', fastify: '5.x' });
