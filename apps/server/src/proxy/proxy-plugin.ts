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
import type { FastifyInstance } from 'fastify';
import type { ServerMode } from '../options.js';
import { ClientLimiter } from './client-limiter.js';
import type { ProxyError } from './errors.js';
import { forwardRequest, writeProxyError } from './forward.js';
import { installFrontDoor } from './front-door.js';
import { preflightHeaders } from './headers.js';
import { optionsForRequest, type ProxyOptions, type ResolvedProxyOptions } from './options.js';
import { resolvePluginProxyOptions } from './registry-allowlist.js';
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

function createHandler(
  proxy: ResolvedProxyOptions,
  agent: ReturnType<typeof createUpstreamAgent>,
): ProxyHandler {
  const limiter = new ClientLimiter(proxy.limits.concurrencyPerClient, proxy.limits.ratePerMinute);
  return async (req, res, client) => {
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.writeHead(204, preflightHeaders(req.headers));
      res.end();
      return;
    }
    try {
      limiter.acquire(client);
    } catch (error) {
      writeProxyError(res, error as ProxyError, { 'retry-after': '5' });
      return;
    }
    try {
      const url = req.url ?? '';
      const target = url.slice(url.indexOf(PROXY_PREFIX) + PROXY_PREFIX.length);
      const options = optionsForRequest(proxy, req);
      await forwardRequest(req, res, target, agent, options instanceof Promise ? await options : options);
    } finally {
      limiter.release(client);
    }
  };
}

/**
 * Registers the HTTP proxy routes.
 * @example await app.register(proxyPlugin, { mode: 'hosted', proxy: { allowlist: ['api.example.com'] } });
 */
export async function proxyPlugin(app: FastifyInstance, pluginOptions: ProxyPluginOptions): Promise<void> {
  const proxy = resolvePluginProxyOptions(app, pluginOptions.mode, pluginOptions.proxy);
  const agent = createUpstreamAgent(proxy);
  const handle = createHandler(proxy, agent);
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
    void handle(req, res, req.socket.remoteAddress ?? '');
  });
}
