/**
 * The HTTP proxy as a Fastify plugin: every method at `/proxy/{full target URL}`. The body is
 * not parsed (a catch-all content-type parser leaves the stream unread) so it can be streamed
 * upstream byte for byte; the reply is hijacked and written raw so chunks leave as they arrive.
 * CORS preflights are answered here; per-client caps are applied before any upstream work.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerMode } from '../options.js';
import { ClientLimiter } from './client-limiter.js';
import type { ProxyError } from './errors.js';
import { forwardRequest, writeProxyError } from './forward.js';
import { preflightHeaders } from './headers.js';
import { optionsForRequest, type ProxyOptions, resolveProxyOptions } from './options.js';
import { createUpstreamAgent } from './upstream-agent.js';

/** Path prefix of the HTTP proxy. */
export const PROXY_PREFIX = '/proxy/';

/** Options of the HTTP proxy plugin. */
export interface ProxyPluginOptions {
  mode: ServerMode;
  proxy?: ProxyOptions;
}

/**
 * Registers the HTTP proxy routes.
 * @example await app.register(proxyPlugin, { mode: 'hosted', proxy: { allowlist: ['api.example.com'] } });
 */
export async function proxyPlugin(app: FastifyInstance, pluginOptions: ProxyPluginOptions): Promise<void> {
  const proxy = resolveProxyOptions(pluginOptions.mode, pluginOptions.proxy);
  const agent = createUpstreamAgent(proxy);
  const limiter = new ClientLimiter(proxy.limits.concurrencyPerClient, proxy.limits.ratePerMinute);
  app.addHook('onClose', async () => {
    await agent.close();
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.all('/proxy/*', async (request, reply) => {
    const req = request.raw;
    const res = reply.raw;
    reply.hijack();
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.writeHead(204, preflightHeaders(req.headers));
      res.end();
      return;
    }
    const client = request.ip;
    try {
      limiter.acquire(client);
    } catch (error) {
      writeProxyError(res, error as ProxyError, { 'retry-after': '5' });
      return;
    }
    try {
      const url = req.url ?? '';
      const target = url.slice(url.indexOf(PROXY_PREFIX) + PROXY_PREFIX.length);
      await forwardRequest(req, res, target, agent, await optionsForRequest(proxy, req));
    } finally {
      limiter.release(client);
    }
  });
}
