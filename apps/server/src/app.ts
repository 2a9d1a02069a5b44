/**
 * Composes the Sextant server: registry, HTTP proxy, WebSocket proxy and docs host are
 * independent Fastify plugins; `buildServer` mounts the enabled ones on one instance.
 * `sextant serve` and `sextant dev` both start from here; each part can be disabled to run
 * parts separately behind a load balancer.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { FILE_CSP, SECURITY_HEADERS } from './docs-host/csp.js';
import { errorRepliesPlugin, sendError } from './error-replies/index.js';
import { timeoutOptions } from './http-timeouts.js';
import { loggerOptions } from './logging.js';
import { sizeModuleCaches } from './module-caches.js';
import type { ServerOptions } from './options.js';
import { genReqId, installRequestIds } from './request-id.js';
import { RequestLog } from './request-log.js';
import { compileTrustProxy, decorateClientAddress } from './trust-proxy/index.js';

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  // A bad --trust-proxy stops the server here, before it listens (TrustProxyOptionError).
  const trustProxy = compileTrustProxy(options.trustProxy);
  const app = Fastify({
    logger: loggerOptions(options.logger, options.logLevel),
    // One line per request (request-log.ts) instead of Fastify's two.
    logController: new RequestLog(options.requestLog),
    genReqId,
    ...(trustProxy ? { trustProxy } : {}),
    ...timeoutOptions(options.timeouts),
    bodyLimit: options.bodyLimitBytes ?? 64 * 1024 * 1024,
    forceCloseConnections: 'idle',
    // Router-level refusals (broken percent-encoding, over-long parameters) come back in the one
    // error shape (error-replies/) as every other client mistake, instead of Fastify's own body.
    frameworkErrors: (error, request, reply) => {
      // A docs page address the router cannot decode (`/%C3%28`) names no page: the docs host,
      // which takes every GET no other route does, answers it with its 404 (issue #24).
      if (error.code === 'FST_ERR_BAD_URL' && docsHostTakes(app, request.method))
        return void (reply as FastifyReply)
          .code(404)
          .headers({ ...SECURITY_HEADERS, 'content-security-policy': FILE_CSP })
          .type('text/plain; charset=utf-8')
          .send('Not found');
      void sendError(
        reply as FastifyReply,
        error.statusCode ?? 400,
        'BadRequestError',
        `The request URL could not be read: ${error.message}`,
      );
    },
  });
  decorateClientAddress(app, trustProxy);
  // The one error body for every failure and unknown address (error-replies/), before any route.
  await app.register(errorRepliesPlugin);
  app.get('/healthz', async () => ({ status: 'ok', mode: options.mode }));
  // /readyz and app.lifecycle (draining on SIGTERM, the parts' dependency checks).
  await app.register((await import('./lifecycle/readiness.js')).readinessPlugin, { clock: options.clock });
  // Parts are mounted in ./parts.ts so each team can add theirs with a one-line change.
  const { mountParts } = await import('./parts.js');
  await mountParts(app, options);
  // Type names, compiled patterns and style elements: process-wide, by bytes from --memory.
  sizeModuleCaches(app, {
    ...(options.memoryMiB ? { memoryMiB: options.memoryMiB } : {}),
    ...(options.docs?.cacheBudgets ? { cacheBudgets: options.docs.cacheBudgets } : {}),
  });
  // Outermost listener: the proxy's front door (mounted with the parts) sees the id too.
  installRequestIds(app);
  return app;
}

/** True when the docs host is mounted and answers `method` requests no other route takes. */
function docsHostTakes(app: FastifyInstance, method: string): boolean {
  return (method === 'GET' || method === 'HEAD') && app.hasDecorator('docsHost');
}
