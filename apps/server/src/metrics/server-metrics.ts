/**
 * The server's Prometheus metrics: one prom-client Registry per server instance (never the
 * global default, so two servers in one process keep separate counts), the metric objects, and
 * small recorder functions the parts call. Label values are bounded: route patterns (never raw
 * URLs), status classes, error codes, outcome names.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The part of the server a route belongs to. */
export type ServerPart = 'registry' | 'proxy' | 'ws-proxy' | 'docs' | 'server';

/** Pool figures of the registry database, when the driver exposes them (node-postgres). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** `2xx`, `4xx`, … of a status code. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** What the parts record; create with createServerMetrics. */
export interface ServerMetrics {
  readonly registry: Registry;
  /** One finished HTTP request (Fastify routes and the proxy's front door). */
  httpRequest(part: ServerPart, route: string, method: string, status: number, seconds: number): void;
  /** A failed request, by named error or code. */
  httpError(part: ServerPart, route: string, error: string): void;
  /** One proxied request: its outcome (`relayed`, `preflight` or the proxy error code) and bytes each way. */
  proxyExchange(outcome: string, bytesUp: number, bytesDown: number): void;
  /** A WebSocket session opened; its close code is counted when it closes. */
  wsSession(socket: { once(event: 'close', listener: (code: number) => void): unknown }): void;
  /** One registry database query (`select`, `insert`, …). */
  dbQuery(operation: string, seconds: number): void;
  /** The registry database pool, read at each scrape. */
  setPoolSource(source: (() => PoolStats | undefined) | undefined): void;
  docsCacheHit(): void;
  docsCacheMiss(): void;
  docsCacheInvalidation(scope: 'urls' | 'all'): void;
  /** The docs host rendered a page (its render cache did not hold it). */
  docsPageRendered(): void;
  /** Reports `read()` (a count that only grows) as `sextant_docs_grammar_waits_total` at each scrape. */
  watchGrammarWaits(read: () => number): void;
  /** A byte-bounded cache evicted an entry to stay within its budget (`byte-cache.ts`). */
  cacheEvicted(cache: string): void;
  /** Reports `read()` (its bytes now) as `sextant_cache_bytes{cache}` at each scrape, summed with the other readers of `cache`. */
  watchCache(cache: string, read: () => number): void;
}

/** Close-code class of a WebSocket close: normal (1000/1001), client (4xxx), error (other 1xxx), none (1005/1006). */
export function closeClass(code: number): string {
  if (code === 1000 || code === 1001) return 'normal';
  if (code === 1005 || code === 1006) return 'abnormal';
  if (code >= 4000 && code < 5000) return 'application';
  return 'error';
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const DB_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** A fresh registry with every metric of the server (and Node's process metrics). */
export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'sextant_' });
  const requests = new Counter({
    name: 'sextant_http_requests_total',
    help: 'HTTP requests answered, by part, route pattern, method and status class',
    labelNames: ['part', 'route', 'method', 'status_class'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'sextant_http_request_duration_seconds',
    help: 'HTTP request duration (to the last byte), by part and route pattern',
    labelNames: ['part', 'route'] as const,
    buckets: SECONDS,
    registers,
  });
  const errors = new Counter({
    name: 'sextant_http_errors_total',
    help: 'Failed HTTP requests, by part, route pattern and error name or code',
    labelNames: ['part', 'route', 'error'] as const,
    registers,
  });
  const upstream = new Counter({
    name: 'sextant_proxy_upstream_total',
    help: 'Proxied requests by outcome: relayed, preflight, or the proxy error code',
    labelNames: ['outcome'] as const,
    registers,
  });
  const proxyBytes = new Counter({
    name: 'sextant_proxy_bytes_total',
    help: 'Body bytes through the HTTP proxy: up (request bodies to upstreams), down (responses relayed)',
    labelNames: ['direction'] as const,
    registers,
  });
  const wsOpen = new Gauge({
    name: 'sextant_ws_sessions_open',
    help: 'WebSocket proxy sessions open now',
    registers,
  });
  const wsOpened = new Counter({
    name: 'sextant_ws_sessions_opened_total',
    help: 'WebSocket proxy sessions opened',
    registers,
  });
  const wsClosed = new Counter({
    name: 'sextant_ws_sessions_closed_total',
    help: 'WebSocket proxy sessions closed, by close-code class (normal, application, error, abnormal)',
    labelNames: ['code_class'] as const,
    registers,
  });
  const dbQueries = new Histogram({
    name: 'sextant_db_query_duration_seconds',
    help: 'Registry database query time, by operation',
    labelNames: ['operation'] as const,
    buckets: DB_SECONDS,
    registers,
  });
  let poolSource: (() => PoolStats | undefined) | undefined;
  new Gauge({
    name: 'sextant_db_pool_connections',
    help: 'Registry database pool connections by state (PostgreSQL only): total, idle, in_use, waiting (clients queued)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.reset();
      const stats = poolSource?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const cache = new Counter({
    name: 'sextant_docs_cache_lookups_total',
    help: 'Registry docs cache lookups, by result (hit, miss)',
    labelNames: ['result'] as const,
    registers,
  });
  const invalidations = new Counter({
    name: 'sextant_docs_cache_invalidations_total',
    help: 'Registry docs cache invalidations (this replica’s and other replicas’), by scope (urls, all)',
    labelNames: ['scope'] as const,
    registers,
  });
  for (const result of ['hit', 'miss']) cache.inc({ result }, 0);
  const renders = new Counter({
    name: 'sextant_docs_page_renders_total',
    help: 'Docs pages rendered because the render cache did not hold them (a cached page is not counted)',
    registers,
  });
  let grammarWaits: (() => number) | undefined;
  new Counter({
    name: 'sextant_docs_grammar_waits_total',
    help: 'Docs page renders that waited for a syntax grammar to load (the common ones load before /readyz is 200)',
    registers,
    collect() {
      this.reset();
      this.inc(grammarWaits?.() ?? 0);
    },
  });
  const evictions = new Counter({
    name: 'sextant_cache_evictions_total',
    help: 'Entries evicted from an in-memory cache to stay within its byte budget (--memory), by cache',
    labelNames: ['cache'] as const,
    registers,
  });
  /** Readers by cache name: caches of one name in several parts of the server are summed. */
  const watched = new Map<string, (() => number)[]>();
  new Gauge({
    name: 'sextant_cache_bytes',
    help: 'Bytes held by an in-memory cache (its entries’ estimated sizes), by cache',
    labelNames: ['cache'] as const,
    registers,
    collect() {
      for (const [name, reads] of watched)
        this.set(
          { cache: name },
          reads.reduce((sum, read) => sum + read(), 0),
        );
    },
  });
  for (const direction of ['up', 'down']) proxyBytes.inc({ direction }, 0);

  return {
    registry,
    httpRequest(part, route, method, status, seconds) {
      requests.inc({ part, route, method, status_class: statusClass(status) });
      duration.observe({ part, route }, seconds);
    },
    httpError(part, route, error) {
      errors.inc({ part, route, error });
    },
    proxyExchange(outcome, bytesUp, bytesDown) {
      upstream.inc({ outcome });
      if (bytesUp > 0) proxyBytes.inc({ direction: 'up' }, bytesUp);
      if (bytesDown > 0) proxyBytes.inc({ direction: 'down' }, bytesDown);
    },
    wsSession(socket) {
      wsOpen.inc();
      wsOpened.inc();
      socket.once('close', (code) => {
        wsOpen.dec();
        wsClosed.inc({ code_class: closeClass(code) });
      });
    },
    dbQuery(operation, seconds) {
      dbQueries.observe({ operation }, seconds);
    },
    setPoolSource(source) {
      poolSource = source;
    },
    docsCacheHit: () => cache.inc({ result: 'hit' }),
    docsCacheMiss: () => cache.inc({ result: 'miss' }),
    docsCacheInvalidation: (scope) => invalidations.inc({ scope }),
    docsPageRendered: () => renders.inc(),
    watchGrammarWaits(read) {
      grammarWaits = read;
    },
    cacheEvicted: (name) => evictions.inc({ cache: name }),
    watchCache(name, read) {
      watched.set(name, [...(watched.get(name) ?? []), read]);
      evictions.inc({ cache: name }, 0);
    },
  };
}
