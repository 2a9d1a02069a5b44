/**
 * How the docs host answers: status, type, cache header and the security headers, gzip-encoded
 * for readers that accept it (text bodies of 1 KiB and more, compressed once per content).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CacheObserver, createByteCache } from './byte-cache.js';
import { SECURITY_HEADERS } from './csp.js';

/** Smaller text bodies are sent as they are. */
export const GZIP_MIN_BYTES = 1024;

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/**
 * A body kept gzip-encoded (a rendered page, cached-page.ts): sent as it is to readers accepting
 * gzip, inflated for the others; without `gzip` (a short body), its bytes to every reader.
 */
export interface KeptBody {
  readonly gzip?: Buffer;
  text(): Buffer;
}

export type Send = (
  reply: FastifyReply,
  status: number,
  type: string,
  body: string | Buffer | KeptBody,
  cache?: string,
) => FastifyReply;

export interface ResponderOptions {
  /** Bytes the compressed bodies may hold. */
  maxBytes: number;
  observer?: CacheObserver;
}

/** `send` and the cache of compressed bodies it keeps (`responses`, for /metrics). */
export function createResponder(options: ResponderOptions) {
  // Compressed text responses, by content (assets and cached pages repeat; compress them once).
  const gzipped = createByteCache<string, Buffer>({
    name: 'responses',
    maxBytes: options.maxBytes,
    size: (body, key) => body.length + key.length,
    ...(options.observer ? { observer: options.observer } : {}),
  });
  const send: Send = (reply, status, type, body, cache = 'no-cache') => {
    reply
      .code(status)
      .headers(SECURITY_HEADERS)
      .header('content-type', type)
      .header('cache-control', cache)
      .header('vary', 'accept-encoding');
    const accepts = acceptsGzip(reply.request);
    if (typeof body === 'object' && !Buffer.isBuffer(body))
      return accepts && body.gzip
        ? reply.header('content-encoding', 'gzip').send(body.gzip)
        : reply.send(body.text());
    if (!accepts || body.length < GZIP_MIN_BYTES || !/^(text\/|application\/json|image\/svg)/.test(type))
      return reply.send(body);
    const key = createHash('sha1').update(body).digest('base64');
    let compressed = gzipped.get(key);
    if (!compressed) {
      compressed = gzipSync(body, { level: 6 });
      gzipped.set(key, compressed);
    }
    return reply.header('content-encoding', 'gzip').send(compressed);
  };
  return { send, gzipped };
}

/** The page a local project that cannot load shows instead of the site. */
export function errorPage(error: Error): string {
  const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs project error</title></head><body><main><h1>The docs project cannot be loaded</h1><pre>${escapeHtml(error.message)}</pre><p>Fix the file and save: the page reloads the project.</p></main></body></html>`;
}

/** The headers a cached page shares across its 200s and 304s (not the request's id, not the representation's). */
export function sharedHeaders(reply: FastifyReply): Record<string, string> {
  const shared: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined && !/^(x-request-id|etag|content-(encoding|length|type))$/.test(name))
      shared[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return shared;
}
