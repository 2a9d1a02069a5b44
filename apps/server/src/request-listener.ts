/**
 * The one way server parts put their code in front of the Node server's `request` listener (the
 * proxy's front door, the docs host's fast lane of cached pages, request ids): the listener there
 * is replaced by `wrap(listener)`. A server it does not recognise (HTTP/2, a custom server factory
 * with several listeners) is left as it is, and its requests go the usual way.
 */
import { Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

export type RequestListener = (this: HttpServer, req: IncomingMessage, res: ServerResponse) => void;

/**
 * @returns whether the listener was wrapped
 * @example wrapRequestListener(app, (inner) => function (req, res) { inner.call(this, req, res); })
 */
export function wrapRequestListener(
  app: FastifyInstance,
  wrap: (inner: RequestListener) => RequestListener,
): boolean {
  const server = app.server;
  if (!(server instanceof HttpServer)) return false;
  const listeners = server.listeners('request') as RequestListener[];
  const inner = listeners[0];
  if (listeners.length !== 1 || !inner) return false;
  server.removeListener('request', inner);
  server.on('request', wrap(inner));
  return true;
}
