/** Options of the whole server. Each part reads its own section. */
export type ServerMode = 'local' | 'hosted';

export interface ServerOptions {
  /** local: the desktop context (localhost targets allowed, one org + admin token created). hosted: multi-tenant. */
  mode: ServerMode;
  /** PostgreSQL connection string; absent means embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PGlite data directory (and default home of blobs and the local admin file); absent with no databaseUrl means in memory. */
  dataDir?: string;
  /**
   * PostgreSQL: connections of the registry's pool (`--db-pool`, `SEXTANT_DB_POOL`; default 10),
   * plus one LISTEN connection; the small pools of a docs host or proxy running alone are capped by it.
   */
  databasePool?: number;
  /**
   * PostgreSQL: where the LISTEN connection goes when `databaseUrl` is a PgBouncer in transaction
   * mode (`--database-listen-url`): straight to PostgreSQL, or a session-mode pool. Default `databaseUrl`.
   */
  databaseListenUrl?: string;
  /** Folder of the filesystem blob store; defaults to `<dataDir>/blobs`, or memory. */
  blobDir?: string;
  /** Blob store: `s3://bucket/prefix`, `fs:/path` or `postgres` (storage/blob-store-select.ts); default PostgreSQL's own tables, or the folder with PGlite. */
  blobStore?: string;
  /** Registry: host suffix of docs preview URLs (default `preview.localhost`). */
  previewDomain?: string;
  /** Registry tenancy: operator-approved hosts (`--allow-domain`) and the DNS resolver of domain claims. */
  registry?: import('./registry/plugin.js').RegistryTenancyOptions;
  /** The registry's database opens once this settles (`sextant dev`: after the first page is served). */
  openRegistryAfter?: Promise<unknown>;
  /**
   * Docs host without the registry: the registry replica it reads over HTTP (`--registry-url`).
   * With `databaseUrl` (or DATABASE_URL) it hears invalidations by LISTEN/NOTIFY, else by the
   * registry's `/docs-cache/events` stream.
   */
  registryUrl?: string;
  /** Which parts to mount; all default to true. */
  parts?: { registry?: boolean; proxy?: boolean; wsProxy?: boolean; docsHost?: boolean };
  /** HTTP and WebSocket proxy: allowlist, resolver, caps (see proxy/options.ts). */
  proxy?: import('./proxy/options.js').ProxyOptions;
  /**
   * Docs host: `projectDir` (local mode docs project), `watch`, `unreleasedChanges` (changelogs
   * show the working specs' changes since git HEAD: `sextant dev`), `proxyBaseUrl`, `clientDir`.
   */
  docs?: {
    projectDir?: string;
    watch?: boolean;
    unreleasedChanges?: boolean;
    proxyBaseUrl?: string;
    clientDir?: string;
    /** Hosted pages' shared-cache lifetimes (`--cache-s-maxage`; unset: `SEXTANT_CACHE_S_MAXAGE`, …). */
    cache?: Partial<import('./docs-host/cache-policy.js').CachePolicy>;
    /** Byte budgets of single caches (pages, sites, responses), instead of their share of `memoryMiB`. */
    cacheBudgets?: Partial<import('./memory-budget.js').CacheBudgets>;
    /** Hosted mode (`--prerender`, `SEXTANT_PRERENDER`): render every page of a published site in the background. */
    prerender?: boolean;
  };
  /**
   * `--trust-proxy`: the proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (CIDRs,
   * `true`, a hop count; see trust-proxy/). Default none: the client is the socket's address.
   * Rate limits, logs, the Secure cookie flag and absolute URLs follow it.
   */
  trustProxy?: import('./trust-proxy/index.js').TrustProxySetting;
  /**
   * Hosted mode: the console host (`--console-host`, a host name, every port). The dashboard,
   * session cookies and `/metrics` answer there only, never on a docs host, and no docs are
   * served there. Absent: no console (the dashboard answers on no host, cookies are ignored).
   * Local mode ignores it: the console is on every host of the one origin.
   */
  consoleHost?: string;
  /** Docs site login for the playground's API-key injection; none by default (local mode with `SEXTANT_DEMO_LOGIN=1`: the demo provider), `false` disables. */
  authInjection?: import('./auth-injection/options.js').AuthInjectionOptions | false;
  /** Log to stdout (`true`) or to a destination (tests); query values, credentials and database error text are never logged. */
  logger?: boolean | import('./logging.js').LogDestination;
  /** `--log-level` (`SEXTANT_LOG_LEVEL`): pino's level, default info. */
  logLevel?: import('./logging.js').LogLevel;
  /** `--request-log`, `--request-log-cacheable`: the line per request, and the share of cacheable answers logged. */
  requestLog?: import('./request-log.js').RequestLogOptions;
  /** Client timeouts of the HTTP server (headers, whole request, idle keep-alive); see http-timeouts.ts. */
  timeouts?: Partial<import('./http-timeouts.js').ServerTimeouts>;
  bodyLimitBytes?: number;
  /**
   * `--memory` (`SEXTANT_MEMORY`, MiB): what the process may use; every cache's byte budget comes
   * from it (memory-budget.ts). Default: the cgroup's limit, else the machine's memory, at most 2 GiB.
   */
  memoryMiB?: number;
  /** Prometheus `/metrics` and request metrics (off unless enabled; `sextant serve` enables them). */
  metrics?: import('./metrics/index.js').MetricsOptions;
  /** Where readiness, rate limits and drain timers read the time (default the system clock; tests pass a ManualClock). */
  clock?: import('@sextant/definition').Clock;
}
