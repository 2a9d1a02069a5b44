/**
 * The HTTP proxy as a Fastify plugin: every method at `/proxy/{full target URL}`. The body is
 * not parsed (a catch-all content-type parser leaves the stream unread) so it can be streamed
 * upstream byte for byte; the reply is written raw so chunks leave as they arrive. CORS
 * preflights are answered here; per-client caps are applied before any upstream work.
 *
 * Proxy traffic is pure pass-through, so the Node server hands `/proxy/` requests to the same
 * handler before Fastify routes them (see front-door.ts): no request/reply objects, hooks or
 * promises of the framework on the hot path. The Fastify route stays for `inject()` and for
 * requests arriving while the server closes (Fastify answers those with 503).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '@sextant/definition';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { needs } from '../lifecycle/index.js';
import type { ServerMetrics } from '../metrics/index.js';
import type { ServerMode } from '../options.js';
import { REQUEST_ID_HEADER } from '../request-id.js';
import { clientAddressOf } from '../trust-proxy/index.js';
import { type AccessLog, createAccessLog } from './access-log.js';
import { ClientLimiter } from './client-limiter.js';
import { ProxyError } from './errors.js';
import { type ForwardRecord, forwardRequest, writeProxyError } from './forward.js';
import { installFrontDoor } from './front-door.js';
import { preflightHeaders } from './headers.js';
import { optionsForRequest, type ProxyOptions, type ResolvedProxyOptions } from './options.js';
import { recordProxyMetrics } from './proxy-metrics.js';
import { resolvePluginProxyOptions } from './registry-allowlist.js';
import { parseProxyTarget } from './target-guard.js';
import { createUpstreamAgent } from './upstream-agent.js';

/** Path prefix of the HTTP proxy. */
export const PROXY_PREFIX = '/proxy/';

/** Options of the HTTP proxy plugin. */
export interface ProxyPluginOptions {
  mode: ServerMode;
  proxy?: ProxyOptions;
}

/** Handles one proxy request; `client` keys the per-client caps. */
type ProxyHandler = (req: IncomingMessage, res: ServerResponse, client: string) => Promise<void>;
/** The same, filling in `record` (when given) for the access log. */
type RecordingHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  client: string,
  record: ForwardRecord | undefined,
) => Promise<void>;

/** The target of a request the proxy answered itself, for the access log. */
function targetOf(raw: string): URL | undefined {
  try {
    return parseProxyTarget(raw);
  } catch {
    return undefined;
  }
}

function createHandler(
  proxy: ResolvedProxyOptions,
  agent: ReturnType<typeof createUpstreamAgent>,
  clock: Pick<Clock, 'now'>,
): RecordingHandler {
  const limiter = new ClientLimiter(proxy.limits.concurrencyPerClient, proxy.limits.ratePerMinute, clock);
  return async (req, res, client, record) => {
    const url = req.url ?? '';
    const target = url.slice(url.indexOf(PROXY_PREFIX) + PROXY_PREFIX.length);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      if (record) record.target = targetOf(target);
      res.writeHead(204, preflightHeaders(req.headers));
      res.end();
      return;
    }
    try {
      limiter.acquire(client);
    } catch (error) {
      if (record) {
        record.target = targetOf(target);
        if (error instanceof ProxyError) record.error = error;
      }
      writeProxyError(res, error as ProxyError, { 'retry-after': '5' });
      return;
    }
    try {
      const options = optionsForRequest(proxy, req);
      const resolved = options instanceof Promise ? await options : options;
      await forwardRequest(req, res, target, agent, resolved, record);
    } finally {
      limiter.release(client);
    }
  };
}

/**
 * Adds the access log and the metrics around the handler; without a logger and metrics the
 * handler is used as is.
 */
function withAccessLog(
  handle: RecordingHandler,
  accessLog: AccessLog | undefined,
  metrics: ServerMetrics | undefined,
): ProxyHandler {
  if (!accessLog && !metrics) return (req, res, client) => handle(req, res, client, undefined);
  return async (req, res, client) => {
    const started = performance.now();
    const record: ForwardRecord = { target: undefined, bytes: 0, error: undefined };
    try {
      await handle(req, res, client, record);
    } finally {
      const requestId = req.headers[REQUEST_ID_HEADER];
      accessLog?.(
        req.method,
        res.headersSent ? res.statusCode : undefined,
        record,
        started,
        typeof requestId === 'string' ? requestId : undefined,
      );
      if (metrics) recordProxyMetrics(metrics, req, res, record, started);
    }
  };
}

/**
 * Registers the HTTP proxy routes.
 * @example await app.register(proxyPlugin, { mode: 'hosted', proxy: { allowlist: ['api.example.com'] } });
 */
async function proxy(app: FastifyInstance, pluginOptions: ProxyPluginOptions): Promise<void> {
  const proxy = resolvePluginProxyOptions(app, pluginOptions.mode, pluginOptions.proxy);
  const agent = createUpstreamAgent(proxy);
  const handle = withAccessLog(createHandler(proxy, agent, app.clock), createAccessLog(app.log), app.metrics);
  app.addHook('onClose', async () => {
    await agent.close();
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.all('/proxy/*', (request, reply) => {
    reply.hijack();
    return handle(request.raw, reply.raw, request.ip);
  });
  installFrontDoor(app, `${app.prefix}${PROXY_PREFIX}`, (req, res) => {
    void handle(req, res, clientAddressOf(app, req));
  });
}

/** The HTTP proxy. */
export const proxyPlugin = fp(proxy, {
  name: 'sextant-proxy',
  fastify: '5.x',
  encapsulate: true,
  decorators: needs('clock'),
});
