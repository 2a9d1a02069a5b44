/**
 * `/metrics` and the HTTP instrumentation as a Fastify plugin (shared with the root instance so
 * its hooks see every part's routes). Off unless `options.metrics.enabled` (`sextant serve`
 * turns it on; `sextant dev` leaves it off): then `app.metrics` is undefined and the parts
 * record nothing. With a token, `/metrics` wants `Authorization: Bearer <token>`. Requests
 * are labelled by route pattern; unmatched ones by `unmatched`; `/metrics` itself is not counted.
 * Where `/metrics` answers: on its own listener with `metrics.port` (`--metrics-port`, and then
 * nowhere else), else in hosted mode on the console host only (`--console-host`; on a docs host
 * the path falls through to the docs site, 404 unless it has such a page), and in local mode on
 * the one origin. Hosted mode with neither serves it nowhere and says so in the log.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../error-replies/index.js';
import { nodeTimeouts, SERVER_TIMEOUTS } from '../http-timeouts.js';
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
  /** Serve `/metrics` on its own listener at this port (0: any free one), and not on the main one. */
  port?: number;
  /** Address of that listener (default 127.0.0.1). */
  host?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's metrics, undefined when they are off. */
    metrics: ServerMetrics | undefined;
    /** The address of the `--metrics-port` listener once ready; undefined without one. */
    metricsAddress(): AddressInfo | undefined;
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

/** A `/metrics` answer: the Prometheus text, or 401 without the token. */
interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function metricsAnswer(
  recorder: ServerMetrics,
  token: string | undefined,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  if (token && !bearerMatches(authorization, token))
    return {
      status: 401,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'www-authenticate': 'Bearer realm="metrics"',
        'cache-control': 'no-store',
      },
      body: JSON.stringify(
        errorBody(
          'UnauthorizedError',
          'Send the metrics token as "Authorization: Bearer <token>" (--metrics-token)',
        ),
      ),
    };
  return {
    status: 200,
    headers: { 'content-type': recorder.registry.contentType, 'cache-control': 'no-store' },
    body: await recorder.registry.metrics(),
  };
}

/** The `--metrics-port` listener: `GET /metrics` and nothing else, with the server's client timeouts. */
function metricsListener(recorder: ServerMetrics, token: string | undefined): Server {
  const { headersTimeout, requestTimeout, keepAliveTimeout, connectionsCheckingInterval } =
    nodeTimeouts(SERVER_TIMEOUTS);
  const server = createServer(
    { headersTimeout, requestTimeout, keepAliveTimeout, connectionsCheckingInterval },
    (request, response) => {
      request.resume();
      const path = (request.url ?? '').split('?')[0];
      if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response
          .writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
          .end(JSON.stringify(errorBody('RouteNotFoundError', 'This listener serves GET /metrics only')));
        return;
      }
      metricsAnswer(recorder, token, request.headers.authorization).then(
        (answer) =>
          response
            .writeHead(answer.status, answer.headers)
            .end(request.method === 'HEAD' ? undefined : answer.body),
        () => response.writeHead(500).end(),
      );
    },
  );
  return server;
}

async function metrics(
  app: FastifyInstance,
  options: { mode?: 'local' | 'hosted'; metrics?: MetricsOptions },
): Promise<void> {
  let listener: Server | undefined;
  app.decorate('metricsAddress', () => {
    const address = listener?.address();
    return address && typeof address === 'object' ? address : undefined;
  });
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

  const { port } = options.metrics;
  if (port !== undefined) {
    // Its own listener, opened with the server (a taken port stops the start) and closed with it.
    const host = options.metrics.host ?? '127.0.0.1';
    app.addHook('onReady', async () => {
      const server = metricsListener(recorder, token);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      listener = server;
      const address = app.metricsAddress();
      app.log.info(
        { metrics: `http://${host}:${address?.port ?? port}${METRICS_PATH}` },
        'metrics listening',
      );
    });
    app.addHook('onClose', async () => {
      listener?.closeAllConnections();
      await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
    });
    return;
  }
  // Hosted mode: the console host only; docs hosts never answer it.
  const gate = app.hasDecorator('consoleHost') ? app.consoleHost : undefined;
  if (options.mode === 'hosted' && !gate?.enabled) {
    app.addHook('onReady', async () => {
      app.log.warn(
        '/metrics answers on no host: give --console-host (it answers there) or --metrics-port (its own listener)',
      );
    });
    return;
  }
  app.get(METRICS_PATH, { constraints: gate?.routeConstraints() ?? {} }, async (request, reply) => {
    const answer = await metricsAnswer(recorder, token, request.headers.authorization);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}

/** The metrics plugin; register it before the parts. */
export const metricsPlugin = fp(metrics, { name: 'sextant-metrics', fastify: '5.x' });
