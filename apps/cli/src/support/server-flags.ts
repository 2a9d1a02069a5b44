/**
 * The server flags `sextant serve` and `sextant dev` share, each with its environment variable,
 * and their translation into `ServerOptions` of `@sextant/server`.
 */

import type { ServerOptions } from '@sextant/server';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { UsageError } from './cli-error.js';
import { checkDatabaseUrl } from './database-url.js';
import { parseList, parsePort, parsePositiveInt } from './flags.js';

/** Parsed values of the shared flags (commander camel-cases them). */
export interface ServerFlags {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir?: string;
  dbPool?: number;
  databaseListenUrl?: string;
  blobDir?: string;
  blobStore?: string;
  allowlist?: string[];
  allowlistFromRegistry?: boolean;
  trustedPrivateTarget?: string[];
  bodyLimit?: number;
  proxyTimeout?: number;
  proxyMaxResponse?: number;
  proxyRate?: number;
  wsMessageLimit?: number;
  previewDomain?: string;
  trustProxy?: string;
  /** Replaced by `trustProxy`; refused with the way forward. */
  trustForwardedProto?: boolean;
  shutdownTimeout: number;
  /** `--memory`: as given; the server's `parseMemoryMiB` reads it (runServe). */
  memory?: string;
  /** `--cache-s-maxage`: seconds shared caches keep a hosted page. */
  cacheSMaxage?: number;
  /** `--prerender`: render every page of a published site in the background. */
  prerender?: boolean;
  registry: boolean;
  proxy: boolean;
  wsProxy: boolean;
  docs: boolean;
}

/** `--db-pool`: a number of connections from 1 to 1000. */
function parsePoolSize(value: string): number {
  const size = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || size < 1 || size > 1000)
    throw new InvalidArgumentError('expected a number of connections from 1 to 1000');
  return size;
}

/** `--cache-s-maxage`: whole seconds. */
function parseSeconds(value: string): number {
  if (!/^\d{1,9}$/.test(value.trim())) throw new InvalidArgumentError('expected whole seconds (e.g. 60)');
  return Number(value.trim());
}

/** Adds the shared flags to `command`; `defaults` differ between serve (0.0.0.0) and dev (127.0.0.1). */
export function addServerFlags(command: Command, defaults: { host: string; port: number }): Command {
  return command
    .addOption(
      new Option('--port <port>', 'port to listen on (0 = any free port)')
        .env('PORT')
        .default(defaults.port)
        .argParser(parsePort),
    )
    .addOption(new Option('--host <address>', 'address to listen on').env('HOST').default(defaults.host))
    .addOption(
      new Option('--database-url <url>', 'PostgreSQL connection string (default: embedded PGlite)').env(
        'DATABASE_URL',
      ),
    )
    .addOption(
      new Option('--data-dir <dir>', 'PGlite data directory, local admin file and default blob folder').env(
        'SEXTANT_DATA_DIR',
      ),
    )
    .addOption(
      new Option(
        '--db-pool <n>',
        'PostgreSQL connections of this process: the registry pool (default 10, plus one LISTEN); caps the 2-connection pools of a docs host or proxy alone',
      )
        .env('SEXTANT_DB_POOL')
        .argParser(parsePoolSize),
    )
    .addOption(
      new Option(
        '--database-listen-url <url>',
        'PostgreSQL URL of the LISTEN connection when --database-url is a PgBouncer in transaction mode (default: --database-url)',
      ).env('SEXTANT_DATABASE_LISTEN_URL'),
    )
    .addOption(
      new Option('--blob-dir <dir>', 'folder of the blob store (default: <data-dir>/blobs)').env(
        'SEXTANT_BLOB_DIR',
      ),
    )
    .addOption(
      new Option(
        '--blob-store <store>',
        'where docs files go: s3://bucket/prefix (AWS_ENDPOINT_URL, AWS_REGION, AWS credentials), fs:/path or postgres (default: postgres with --database-url, else the --blob-dir folder)',
      ).env('SEXTANT_BLOB_STORE'),
    )
    .addOption(
      new Option(
        '--allowlist <hosts>',
        'proxy: comma-separated host patterns that alone may be called (api.example.com,*.example.com)',
      )
        .env('SEXTANT_PROXY_ALLOWLIST')
        .argParser(parseList),
    )
    .addOption(
      new Option(
        '--allowlist-from-registry',
        'proxy: only call the servers (environments) of API definitions registered in this registry, plus --allowlist',
      ).env('SEXTANT_PROXY_ALLOWLIST_FROM_REGISTRY'),
    )
    .addOption(
      new Option(
        '--trusted-private-target <host:port>',
        'proxy: a private host:port allowed anyway (repeatable; never from user input)',
      )
        .env('SEXTANT_TRUSTED_PRIVATE_TARGETS')
        .argParser(parseList),
    )
    .addOption(
      new Option('--body-limit <bytes>', 'largest request body the server accepts (e.g. 64m)')
        .env('SEXTANT_BODY_LIMIT')
        .argParser(parsePositiveInt),
    )
    .addOption(
      new Option('--proxy-timeout <ms>', 'proxy: whole-request deadline')
        .env('SEXTANT_PROXY_TIMEOUT_MS')
        .argParser(parsePositiveInt),
    )
    .addOption(
      new Option('--proxy-max-response <bytes>', 'proxy: largest response relayed (e.g. 50m)')
        .env('SEXTANT_PROXY_MAX_RESPONSE')
        .argParser(parsePositiveInt),
    )
    .addOption(
      new Option('--proxy-rate <n>', 'proxy: requests per client address per minute')
        .env('SEXTANT_PROXY_RATE')
        .argParser(parsePositiveInt),
    )
    .addOption(
      new Option('--ws-message-limit <n>', 'WebSocket proxy: messages per connection (sample sessions)')
        .env('SEXTANT_WS_MESSAGE_LIMIT')
        .argParser(parsePositiveInt),
    )
    .addOption(
      new Option('--preview-domain <domain>', 'registry: host suffix of preview docs URLs').env(
        'SEXTANT_PREVIEW_DOMAIN',
      ),
    )
    .addOption(
      new Option(
        '--trust-proxy <proxies>',
        'the load balancers whose X-Forwarded-For/-Proto are believed, for client addresses (rate limits, logs) and https: CIDRs (10.0.0.0/8,loopback), a hop count, or true (default: none, the socket address)',
      ).env('SEXTANT_TRUST_PROXY'),
    )
    .addOption(new Option('--trust-forwarded-proto').env('SEXTANT_TRUST_FORWARDED_PROTO').hideHelp())
    .addOption(
      new Option('--shutdown-timeout <ms>', 'longest wait for in-flight requests on SIGTERM/SIGINT')
        .default(10_000)
        .argParser(parsePositiveInt),
    )
    .addOption(
      new Option(
        '--memory <size>',
        'memory this process may use (MiB, or 512M, 2G): half goes to its caches (rendered pages, sites, definitions, search indexes…), and `serve` sizes its young generation from it; default the cgroup limit or the machine, at most 2G',
      ).env('SEXTANT_MEMORY'),
    )
    .addOption(
      new Option(
        '--cache-s-maxage <seconds>',
        'how long shared caches (a CDN) may serve a hosted page without asking (s-maxage; default 60)',
      )
        .env('SEXTANT_CACHE_S_MAXAGE')
        .argParser(parseSeconds),
    )
    .addOption(
      new Option(
        '--prerender',
        'hosted docs: after a publish, render every page of the site in the background (one at a time, live requests first, within the page cache of --memory)',
      ).env('SEXTANT_PRERENDER'),
    )
    .option('--no-registry', 'do not mount the registry')
    .option('--no-proxy', 'do not mount the HTTP proxy')
    .option('--no-ws-proxy', 'do not mount the WebSocket proxy')
    .option('--no-docs', 'do not mount the docs host');
}

/** `ServerOptions` for `mode` from the parsed flags. */
export function serverOptionsFromFlags(mode: ServerOptions['mode'], flags: ServerFlags): ServerOptions {
  if (flags.trustForwardedProto)
    throw new UsageError(
      '--trust-forwarded-proto (SEXTANT_TRUST_FORWARDED_PROTO) is replaced by --trust-proxy <proxies>: X-Forwarded-Proto is believed only from the proxies it names (e.g. --trust-proxy 10.0.0.0/8)',
    );
  if (flags.databaseUrl) checkDatabaseUrl(flags.databaseUrl, '--database-url (DATABASE_URL)');
  if (flags.databaseListenUrl)
    checkDatabaseUrl(flags.databaseListenUrl, '--database-listen-url (SEXTANT_DATABASE_LISTEN_URL)');
  const limits = {
    ...(flags.proxyTimeout ? { durationMs: flags.proxyTimeout } : {}),
    ...(flags.proxyMaxResponse ? { responseBytes: flags.proxyMaxResponse } : {}),
    ...(flags.proxyRate ? { ratePerMinute: flags.proxyRate } : {}),
  };
  return {
    mode,
    ...(flags.databaseUrl ? { databaseUrl: flags.databaseUrl } : {}),
    ...(flags.dataDir ? { dataDir: flags.dataDir } : {}),
    ...(flags.dbPool ? { databasePool: flags.dbPool } : {}),
    ...(flags.databaseListenUrl ? { databaseListenUrl: flags.databaseListenUrl } : {}),
    ...(flags.blobDir ? { blobDir: flags.blobDir } : {}),
    ...(flags.blobStore ? { blobStore: flags.blobStore } : {}),
    ...(flags.previewDomain ? { previewDomain: flags.previewDomain } : {}),
    ...(flags.bodyLimit ? { bodyLimitBytes: flags.bodyLimit } : {}),
    ...(flags.cacheSMaxage !== undefined || flags.prerender
      ? {
          docs: {
            ...(flags.cacheSMaxage !== undefined ? { cache: { sMaxAge: flags.cacheSMaxage } } : {}),
            ...(flags.prerender ? { prerender: true } : {}),
          },
        }
      : {}),
    parts: { registry: flags.registry, proxy: flags.proxy, wsProxy: flags.wsProxy, docsHost: flags.docs },
    // Checked by the server when it starts (one parser: @sextant/server's compileTrustProxy).
    ...(flags.trustProxy ? { trustProxy: flags.trustProxy } : {}),
    proxy: {
      ...(flags.allowlist?.length ? { allowlist: flags.allowlist } : {}),
      ...(flags.allowlistFromRegistry ? { allowlistFromRegistry: true } : {}),
      ...(flags.trustedPrivateTarget?.length ? { trustedPrivateTargets: flags.trustedPrivateTarget } : {}),
      limits,
      ...(flags.wsMessageLimit ? { ws: { messageLimit: flags.wsMessageLimit } } : {}),
    },
  };
}

/**
 * `--memory` read by the server's own rule (`parseMemoryMiB`), loaded only when the flag is given;
 * a bad size is a usage error (exit 2), one line.
 */
export async function memoryMiBOf(flags: ServerFlags): Promise<{ memoryMiB?: number }> {
  if (flags.memory === undefined) return {};
  const { parseMemoryMiB } = await import('@sextant/server');
  try {
    return { memoryMiB: parseMemoryMiB(flags.memory) };
  } catch (error) {
    throw new UsageError(`--memory (SEXTANT_MEMORY): ${(error as Error).message}`);
  }
}
