/**
 * Hosted mode: pages served before are answered from their kept responses (page-responses.ts),
 * from Node's request event (page-fast-lane.ts) or, for what the lane hands on, an `onRequest`
 * hook ahead of routing, until the server drains or closes.
 */
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '../request-id.js';
import { drawsCacheableLine, type RequestLogOptions } from '../request-log.js';
import { installPageFastLane } from './page-fast-lane.js';
import { type PageResponseCache, sendPageResponse } from './page-responses.js';
import { acceptsGzip } from './responses.js';

export function installHostedPageAnswers(
  app: FastifyInstance,
  pageResponses: PageResponseCache,
  requestLog: RequestLogOptions | undefined,
): void {
  const metrics = app.hasDecorator('metrics') ? app.metrics : undefined;
  // Draining (SIGTERM) or closing: Fastify answers (its 503 while closing, keep-alive ending).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const leaving = () => closing || (app.hasDecorator('lifecycle') && app.lifecycle.draining);
  // The request line is written at info: a quieter logger writes none, whatever the share.
  const logs = () =>
    ['info', 'debug', 'trace'].includes(app.log.level) && drawsCacheableLine(requestLog ?? {});
  // A page served before is sent from Node's request event (page-fast-lane.ts), unless the
  // request is to be logged or the server is leaving.
  installPageFastLane(
    app,
    { pages: pageResponses, leaving, logs },
    metrics &&
      ((req, status, seconds) =>
        metrics.httpRequest('docs', req.url === '/' ? '/' : '/*', req.method ?? 'GET', status, seconds)),
  );
  // What the lane hands on (a logged request, a request through inject) is answered here, before
  // the router's handler: no site lookup, no render cache, no header assembly. Routes other than
  // the docs host's never match a stored key: it was stored from this handler's own 200, and
  // routing depends on the method, the host and the URL, all in the key.
  app.addHook('onRequest', (request, reply, done) => {
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      pageResponses.cache.size === 0 ||
      leaving()
    )
      return done();
    const key = pageResponses.keyOf(request.raw);
    const page = key === undefined ? undefined : pageResponses.get(key);
    if (!page) return done();
    reply.header(REQUEST_ID_HEADER, request.id);
    sendPageResponse(request, reply, page, acceptsGzip(request));
  });
}
