/**
 * Composes the Sextant server: registry, HTTP proxy, WebSocket proxy and docs host are
 * independent Fastify plugins; `buildServer` mounts the enabled ones on one instance.
 * `sextant serve` and `sextant dev` both start from here; each part can be disabled to run
 * parts separately behind a load balancer.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { timeoutOptions } from './http-timeouts.js';
import { loggerOptions } from './logging.js';
import type { ServerOptions } from './options.js';
import { compileTrustProxy, decorateClientAddress } from './trust-proxy/index.js';

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  // A bad --trust-proxy stops the server here, before it listens (TrustProxyOptionError).
  const trustProxy = compileTrustProxy(options.trustProxy);
  const app = Fastify({
    logger: loggerOptions(options.logger),
    ...(trustProxy ? { trustProxy } : {}),
    ...timeoutOptions(options.timeouts),
    bodyLimit: options.bodyLimitBytes ?? 64 * 1024 * 1024,
    forceCloseConnections: 'idle',
    // Router-level refusals (broken percent-encoding, over-long parameters) come back in the same
    // named-error shape as every other client mistake, instead of Fastify's own body.
    frameworkErrors: (error, _request, reply) => {
      const body = {
        error: 'BadRequestError',
        content: { message: `The request URL could not be read: ${error.message}` },
      };
      void (reply as FastifyReply).code(error.statusCode ?? 400).send(body);
    },
  });
  decorateClientAddress(app, trustProxy);
  app.get('/healthz', async () => ({ status: 'ok', mode: options.mode }));
  // /readyz and app.lifecycle (draining on SIGTERM, the parts' dependency checks).
  await app.register((await import('./lifecycle/readiness.js')).readinessPlugin);
  // Parts are mounted in ./parts.ts so each team can add theirs with a one-line change.
  const { mountParts } = await import('./parts.js');
  await mountParts(app, options);
  return app;
}
