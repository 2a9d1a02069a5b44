/**
 * The server's last word on a failure that means the database is away (connection lost,
 * refused, shutting down; storage/database-unavailable.ts): 503 `UnavailableError` with
 * Retry-After, wherever it comes from (a docs site's analytics or Ask AI records, a linked file
 * read from the database blob store), instead of a 500. The registry and the dashboard answer
 * the same in their own error handlers; every other failure goes on to Fastify's default one.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailableError } from '../registry/index.js';

async function unavailableReplies(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const unavailable = unavailableError(error);
    if (!unavailable) throw error;
    request.log.warn({ err: error }, 'the database does not answer');
    return reply
      .code(unavailable.status)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .send(unavailable.toBody());
  });
}

/** Sets the root error handler; register before the parts so their routes inherit it. */
export const unavailableRepliesPlugin = fp(unavailableReplies, {
  name: 'sextant-unavailable-replies',
  fastify: '5.x',
});
