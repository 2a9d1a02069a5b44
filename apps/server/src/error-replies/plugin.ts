/**
 * The server's last word on every failure and every address no route takes: the one error body
 * (reply-error.ts) from the root error handler and not-found handler, which every part inherits.
 * A part with its own handler (the registry's zod validation, the dashboard's) maps its own
 * failures first and answers through the same `sendErrorReply`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { replyErrorOf, sendErrorReply } from './answer.js';
import { ReplyError } from './reply-error.js';

async function errorReplies(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error, request, reply) => sendErrorReply(reply, replyErrorOf(error, request)));
  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').slice(0, 200);
    return sendErrorReply(
      reply,
      new ReplyError('RouteNotFoundError', 404, `No route answers ${request.method} ${path}`),
    );
  });
}

/** Sets the root error and not-found handlers; register before the parts so their routes inherit them. */
export const errorRepliesPlugin = fp(errorReplies, { name: 'sextant-error-replies', fastify: '5.x' });
