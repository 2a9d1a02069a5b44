/**
 * `GET /docs-cache/events`: the registry's docs invalidations as a Server-Sent Events stream,
 * for docs hosts that run alone without the database (`--registry-url`, no `DATABASE_URL`).
 * Every invalidation this replica hears (its own, and on PostgreSQL every other replica's
 * through LISTEN/NOTIFY) fans out to every open stream as `event: invalidate` with
 * `{"urls": [...] | "all"}`. A comment line every 15 s keeps proxies from closing an idle
 * stream; streams end when the server closes, and a subscriber that reconnects drops its
 * whole cache (it may have missed events).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../error-replies/index.js';
import type { InvalidatedUrls } from './docs-cache.js';

export const DOCS_CACHE_EVENTS_PATH = '/docs-cache/events';
const HEARTBEAT_MS = 15_000;
/** Streams one replica holds open at most (docs hosts are few; this bounds a flood of readers). */
const MAX_STREAMS = 1000;

/** The SSE frame of one invalidation. */
export function invalidationFrame(urls: InvalidatedUrls): string {
  return `event: invalidate\ndata: ${JSON.stringify({ urls })}\n\n`;
}

/**
 * Adds the events route to `app`; `subscribe` is the registry's `onDocsInvalidated`.
 * @example registerDocsCacheEvents(app, (listener) => app.registry.onDocsInvalidated(listener));
 */
export function registerDocsCacheEvents(
  app: FastifyInstance,
  subscribe: (listener: (urls: InvalidatedUrls) => void) => () => void,
): void {
  const streams = new Set<ServerResponse>();
  const unsubscribe = subscribe((urls) => {
    const frame = invalidationFrame(urls);
    for (const stream of streams) stream.write(frame);
  });
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const stream of streams) stream.end();
    streams.clear();
  });
  app.get(DOCS_CACHE_EVENTS_PATH, (request, reply) => {
    if (streams.size >= MAX_STREAMS) {
      return sendError(
        reply.header('retry-after', '5'),
        503,
        'TooManyEventStreamsError',
        `This server already feeds ${MAX_STREAMS} event streams: retry in a moment`,
      );
    }
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // The first line tells the subscriber it is connected (from here on it hears every change).
    stream.write(': connected\n\n');
    streams.add(stream);
    request.raw.socket.setTimeout(0);
    const drop = () => streams.delete(stream);
    stream.on('close', drop);
    stream.on('error', drop);
  });
}

/** The events route over the registry mounted in this server. */
export const docsCacheEvents = fp(
  async (app: FastifyInstance) => {
    const registry = app.registry;
    registerDocsCacheEvents(app, (listener) => registry.onDocsInvalidated(listener));
  },
  {
    name: 'sextant-docs-cache-events',
    fastify: '5.x',
    dependencies: ['sextant-registry'],
    decorators: { fastify: ['registry'] },
  },
);
