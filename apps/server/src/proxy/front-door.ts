/**
 * A front door on the Node server for pass-through paths: requests whose URL starts with
 * `prefix` go straight to `handle`; everything else goes to Fastify's own request listener as
 * before. Profiling the proxy showed Fastify's per-request work (request/reply objects, route
 * lookup, hook runner, content-type dispatch, the handler's promise) as the largest cost left
 * in JavaScript, and none of it serves a request that is only relayed.
 *
 * What Fastify would have done and still matters is kept: once the server starts closing, the
 * door steps aside so Fastify answers new requests (503 and `Connection: close`). Differences:
 * Fastify's request log does not see these requests; the handler keys clients on the same
 * address `request.ip` would be (`app.clientAddress`, which follows `--trust-proxy`).
 */
import { Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

type RequestListener = (this: HttpServer, req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the door in front of Fastify's listener. Does nothing on a server it does not recognise
 * (HTTP/2, a custom server factory with several listeners): the Fastify route serves then.
 * @example installFrontDoor(app, '/proxy/', (req, res) => relay(req, res));
 */
export function installFrontDoor(
  app: FastifyInstance,
  prefix: string,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  const server = app.server;
  if (!(server instanceof HttpServer)) return;
  const listeners = server.listeners('request') as RequestListener[];
  const routed = listeners[0];
  if (listeners.length !== 1 || !routed) return;
  let closing = false;
  const door: RequestListener = function (this: HttpServer, req, res) {
    if (!closing && req.url?.startsWith(prefix)) handle(req, res);
    else routed.call(this, req, res);
  };
  server.removeListener('request', routed);
  server.on('request', door);
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
}
