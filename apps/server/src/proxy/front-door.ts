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
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { wrapRequestListener } from '../request-listener.js';

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
  let closing = false;
  const wrapped = wrapRequestListener(
    app,
    (routed) =>
      function door(req, res) {
        if (!closing && req.url?.startsWith(prefix)) handle(req, res);
        else routed.call(this, req, res);
      },
  );
  if (!wrapped) return;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
}
