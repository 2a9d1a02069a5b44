/**
 * Ready answers of hosted pages (issue #30 item 1): once the docs host has served a page 200 for
 * an origin and URL, the whole answer (frozen header sets and the body, identity and gzip) is kept
 * here and the next request for it is answered from an `onRequest` hook, before routing's handler,
 * the site lookup and the render cache run. Everything the full path decides for a page depends
 * only on the origin, the URL and the site's version (host ownership, the console host, redirects,
 * versions, hidden pages served by URL): an entry is stored only from a 200 page, named by its
 * site's stored URL, and dropped when an invalidation names that site (or all), so a publish of
 * site A leaves site B's entries alone. An entry also lives at most `ttlMs`, so a docs host that
 * stops hearing invalidations (its event stream down) serves a page stale for that long at most.
 * Bounded by bytes (`maxBytes`, from `--memory`); evictions are counted for `/metrics`.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ByteCache, type CacheObserver, createByteCache } from './byte-cache.js';
import { etagMatches } from './cache-policy.js';

/** One representation of a page: its headers for a 200 and for a 304, and its bytes. */
export interface PageVariant {
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly notModified: Readonly<Record<string, string>>;
  /** The bytes to send (an identity answer of a page kept gzip-encoded inflates them per call). */
  body(): Buffer;
  /** Bytes the variant holds (none when `body` makes them). */
  readonly heldBytes: number;
}

/** A page's answer for every reader of one origin and URL. */
export interface PageResponse {
  /** The stored docs URL (`host/base`) of the site that answered: what invalidations name. */
  readonly siteUrl: string;
  /** Every ETag of the page (identity and gzip): `If-None-Match` with either is a 304. */
  readonly etags: readonly string[];
  readonly identity: PageVariant;
  /** Absent when the page is sent unencoded to every reader (a body under 1 KiB). */
  readonly gzip?: PageVariant;
}

export interface PageResponseCache {
  /** The key of a request, or undefined when it is never answered from here (see `pageKeyOf`). */
  keyOf(request: IncomingMessage): string | undefined;
  get(key: string): PageResponse | undefined;
  /** The generation to hand `set`, taken before the site was looked up. */
  generation(): number;
  /** Keeps `response` unless an invalidation came since `generation`. */
  set(key: string, response: PageResponse, generation: number): void;
  /** Drops the pages of the sites stored at `urls`, or all. */
  forget(urls: readonly string[] | 'all'): void;
  readonly cache: ByteCache<string, PageResponse>;
}

/** Headers and framing: what one entry costs beside its bodies (a fair round figure). */
const ENTRY_OVERHEAD_BYTES = 2048;

export interface PageResponseCacheOptions {
  maxBytes: number;
  ttlMs?: number;
  observer?: CacheObserver;
}

/**
 * @example const pages = createPageResponseCache({ maxBytes: 64 << 20 }); const hit = pages.get(pages.keyOf(origin, url) ?? '');
 */
export function createPageResponseCache(options: PageResponseCacheOptions): PageResponseCache {
  const cache = createByteCache<string, PageResponse>({
    name: 'pages',
    maxBytes: options.maxBytes,
    ttlMs: options.ttlMs ?? 5000,
    size: (page, key) =>
      key.length + page.identity.heldBytes + (page.gzip?.heldBytes ?? 0) + ENTRY_OVERHEAD_BYTES,
    ...(options.observer ? { observer: options.observer } : {}),
  });
  let generation = 0;
  return {
    cache,
    keyOf: pageKeyOf,
    get: (key) => cache.get(key),
    generation: () => generation,
    set(key, response, since) {
      if (since === generation) cache.set(key, response);
    },
    forget(urls) {
      generation += 1;
      if (urls === 'all') return cache.clear();
      const sites = new Set(urls);
      for (const [key, page] of cache.entries()) if (sites.has(page.siteUrl)) cache.delete(key);
    },
  };
}

/**
 * The key of a request from what decides a page's bytes: the URL and the origin the page is
 * rendered for, itself decided by the Host header, the socket's TLS and, when it is sent,
 * X-Forwarded-Proto together with the peer's address (whether the peer is a trusted proxy).
 * The raw values, not the conclusions: the full path draws those, and the same inputs give it the
 * same answer. Addresses with a query are left to the full path (a scanner's random queries
 * would only churn the cache), and so are requests without a Host.
 */
export function pageKeyOf(request: IncomingMessage): string | undefined {
  const { url, headers } = request;
  const host = headers.host;
  if (!host || !url || url.includes('?')) return undefined;
  const proto = headers['x-forwarded-proto'];
  const tls = (request.socket as Partial<TLSSocket>).encrypted ? 's' : '';
  if (proto === undefined) return `${tls}\0${host}\0${url}`;
  return `${tls}\0${host}\0${url}\0${String(proto)}\0${request.socket.remoteAddress ?? ''}`;
}

/**
 * The page's variant for a request: gzip when the reader accepts it and the page has one.
 * The same rule as the full path's `send`.
 */
export function variantFor(page: PageResponse, acceptsGzip: boolean): PageVariant {
  return acceptsGzip && page.gzip ? page.gzip : page.identity;
}

/**
 * Answers `request` from `page`: 304 when `If-None-Match` names one of its tags, else 200 (HEAD
 * without the body, which Fastify drops).
 */
export function sendPageResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageResponse,
  acceptsGzip: boolean,
): FastifyReply {
  const variant = variantFor(page, acceptsGzip);
  const inm = request.headers['if-none-match'];
  if (inm !== undefined && etagMatches(inm, page.etags as string[]))
    return reply.code(304).headers(variant.notModified).send();
  return reply.code(200).headers(variant.headers).send(variant.body());
}
