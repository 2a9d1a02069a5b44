/**
 * The fast lane of cached pages (issue #30 item 1): a page the docs host has answered before
 * (page-responses.ts) is sent from Node's `request` event itself, before Fastify makes its request
 * and reply objects, runs its hooks, logs and routes. What the lane leaves to Fastify, so every
 * rule of the full path still holds: anything but GET and HEAD, addresses not stored, a replica
 * draining or closing (its 503s and closed keep-alive connections), and every request the request
 * log would write a line for (`--request-log`, `--request-log-cacheable`: with the default share
 * of 1 every request, so the lane only serves the unlogged share). The lane gives the request its
 * id (request-id.ts) and counts it in `/metrics` as the docs host's route would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER, requestIdFrom } from '../request-id.js';
import { wrapRequestListener } from '../request-listener.js';
import { SAMPLED_IN } from '../request-log.js';
import { etagMatches } from './cache-policy.js';
import type { PageResponseCache } from './page-responses.js';

export interface PageFastLaneOptions {
  pages: PageResponseCache;
  /** Whether the request log wants a line for this (cacheable) answer: then Fastify answers it. */
  logs(): boolean;
  /** Whether the server is draining or closing: then Fastify answers everything. */
  leaving(): boolean;
}

const GZIP = /\bgzip\b/;

/**
 * Answers `req` from the cache when the lane may; false when Fastify must.
 * @example if (!answerFromLane(req, res, options)) inner.call(server, req, res);
 */
export function answerFromLane(
  req: IncomingMessage,
  res: ServerResponse,
  options: PageFastLaneOptions,
): boolean {
  const method = req.method;
  if ((method !== 'GET' && method !== 'HEAD') || options.pages.cache.size === 0) return false;
  const key = options.pages.keyOf(req);
  const page = key === undefined ? undefined : options.pages.get(key);
  if (!page || options.leaving()) return false;
  if (options.logs()) {
    // Drawn into the logged share: Fastify answers and logs it without drawing again.
    (req as { [SAMPLED_IN]?: boolean })[SAMPLED_IN] = true;
    return false;
  }
  const variant =
    page.gzip && GZIP.test(String(req.headers['accept-encoding'] ?? '')) ? page.gzip : page.identity;
  res.setHeader(REQUEST_ID_HEADER, requestIdFrom(req.headers[REQUEST_ID_HEADER]));
  const inm = req.headers['if-none-match'];
  // A client revalidating sends back the one tag it was given: compare that before parsing a list.
  if (inm !== undefined && (inm === variant.etag || etagMatches(inm, page.etags as string[]))) {
    res.writeHead(304, variant.notModified).end();
    return true;
  }
  res.writeHead(200, variant.headers);
  res.end(method === 'HEAD' ? undefined : variant.body());
  return true;
}

/**
 * Puts the lane in front of the server's `request` listener once the server is ready (after the
 * request-id listener, which it then wraps). `record` hears each answer (metrics).
 */
export function installPageFastLane(
  app: FastifyInstance,
  options: PageFastLaneOptions,
  record?: (req: IncomingMessage, status: number, seconds: number) => void,
): void {
  app.addHook('onReady', async () => {
    wrapRequestListener(
      app,
      (inner) =>
        function lane(req, res) {
          const started = record && performance.now();
          if (!answerFromLane(req, res, options)) return inner.call(this, req, res);
          if (record) record(req, res.statusCode, (performance.now() - (started as number)) / 1000);
        },
    );
  });
}
