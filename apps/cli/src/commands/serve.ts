/**
 * `sextant serve`: the hosted mode — registry, HTTP proxy, WebSocket proxy and docs host on one
 * port, each of which can be left out (`--no-docs`, …) to run the parts separately behind a load
 * balancer. Configured by flags or environment (PORT, DATABASE_URL, …); logs are JSON lines
 * (pino); `GET /healthz` answers while it runs, `GET /readyz` while it can serve. On SIGTERM or
 * SIGINT it drains: /readyz turns 503, new connections are refused, in-flight requests finish
 * (up to `--drain-timeout`), WebSocket proxy sessions close with 1001, and it exits 0.
 * `--no-registry --registry-url URL` runs a docs host that reads the registry over HTTP.
 */
import { join } from 'node:path';
import type { LogLevel } from '@sextant/server';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { FastifyInstance } from 'fastify';
import { CliError, errorLine, serverStartError, UsageError } from '../support/cli-error.js';
import { logCrashes } from '../support/crash-log.js';
import { databaseStartProblem } from '../support/database-url.js';
import { parseDurationMs, parseList, parsePort, parsePositiveInt } from '../support/flags.js';
import { listenUntilSignal } from '../support/run-server.js';
import {
  addServerFlags,
  memoryMiBOf,
  type ServerFlags,
  serverOptionsFromFlags,
} from '../support/server-flags.js';
import { deliverCredential, describeDestination } from '../support/startup-credentials.js';

export interface ServeFlags extends ServerFlags {
  /** Organizations to create on start (each admin token is logged once). */
  createOrg?: string[];
  /** Hosts the first organization to register owns without a DNS proof. */
  allowDomain?: string[];
  /** Log a new platform operator token on start. */
  createOperatorToken?: boolean;
  /** Docs host without the registry: the registry replica to read over HTTP. */
  registryUrl?: string;
  /** Longest drain of in-flight requests on SIGTERM (ms). */
  drainTimeout?: number;
  /** On SIGTERM, how long the listener stays open, serving, while /readyz answers 503 (ms). */
  drainDelay: number;
  /** Where start-up credentials go when stderr is not a terminal. */
  credentialsFile?: string;
  logLevel: LogLevel;
  requestLog: 'all' | 'off';
  requestLogCacheable?: number;
  /** GET /metrics (Prometheus): on unless `--no-metrics`. */
  metrics?: boolean;
  /** Bearer token GET /metrics requires. */
  metricsToken?: string;
  /** GET /metrics on its own listener at this port (and not on the main one). */
  metricsPort?: number;
  /** The console host: the dashboard, session cookies and /metrics answer there only. */
  consoleHost?: string;
}

/** Default drain on SIGTERM: a load balancer's usual deregistration delay. */
export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;
/** Default time /readyz answers 503 before the listener closes: a few health-check intervals. */
export const DEFAULT_DRAIN_DELAY_MS = 5000;

/** `--registry-url`: an http(s) URL, without query or fragment. */
function parseRegistryUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`"${value}" is not a URL (e.g. https://registry.internal)`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash)
    throw new InvalidArgumentError(
      `"${value}" must be an http(s) URL without query (e.g. https://registry.internal)`,
    );
  return url.toString().replace(/\/+$/, '');
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `--log-level` choices, quietest first. */
const LOG_LEVELS = [
  'silent',
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
] as const satisfies readonly LogLevel[];

/** `--request-log-cacheable`: a share from 0 to 1. */
function parseShare(value: string): number {
  const share = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(share) || share < 0 || share > 1)
    throw new InvalidArgumentError('expected a share from 0 to 1 (e.g. 0.01)');
  return share;
}

/**
 * Builds and runs the hosted server until a signal stops it.
 * @example await runServe({ port: 4000, host: '0.0.0.0', ... })
 */
export async function runServe(flags: ServeFlags): Promise<void> {
  if (!flags.databaseUrl && !flags.dataDir && flags.registry) flags.dataDir = '.sextant/data';
  if (flags.registryUrl && flags.registry)
    throw new UsageError('--registry-url is for a docs host without the registry: add --no-registry');
  if (flags.metricsPort !== undefined && flags.metricsPort !== 0 && flags.metricsPort === flags.port)
    throw new UsageError(
      `--metrics-port ${flags.metricsPort} is also --port: the metrics listener needs a port of its own`,
    );
  const options = {
    ...serverOptionsFromFlags('hosted', flags),
    ...(flags.registryUrl ? { registryUrl: flags.registryUrl } : {}),
    logger: true,
    logLevel: flags.logLevel,
    requestLog: {
      requests: flags.requestLog,
      ...(flags.requestLogCacheable !== undefined ? { cacheableShare: flags.requestLogCacheable } : {}),
    },
    ...(flags.allowDomain?.length ? { registry: { allowDomains: flags.allowDomain } } : {}),
    ...(flags.consoleHost ? { consoleHost: flags.consoleHost } : {}),
    metrics: {
      enabled: flags.metrics !== false,
      ...(flags.metricsToken ? { token: flags.metricsToken } : {}),
      ...(flags.metricsPort !== undefined ? { port: flags.metricsPort, host: flags.host } : {}),
    },
  };
  Object.assign(options, await memoryMiBOf(flags));
  let app: FastifyInstance;
  try {
    // Loaded on use, so `--help` and the offline commands do not load the server.
    const { buildServer } = await import('@sextant/server');
    app = await buildServer(options);
  } catch (error) {
    throw serverStartError('the server could not start', error);
  }
  logCrashes(app.log);
  const credentialsFile = flags.credentialsFile ?? join(flags.dataDir ?? '.sextant', 'credentials');
  const registry = flags.registry ? app.registry : undefined;
  if (registry) {
    // The database opens in the background; a server that cannot reach it must not look healthy.
    try {
      await registry.ready();
    } catch (error) {
      await app.close().catch(() => undefined);
      if ((error as Error).name === 'BlobStoreUnavailableError')
        throw new CliError(`the blob store cannot be used: ${errorLine(error)}`);
      const problem = flags.databaseUrl ? databaseStartProblem(error, flags.databaseUrl) : undefined;
      throw new CliError(`the database could not be opened: ${problem ?? errorLine(error)}`);
    }
  }
  await listenUntilSignal(app, {
    port: flags.port,
    host: flags.host,
    shutdownTimeoutMs: flags.drainTimeout ?? DEFAULT_DRAIN_TIMEOUT_MS,
    drainDelayMs: flags.drainDelay,
    onListening: async (url) => {
      const parts = Object.entries(options.parts ?? {})
        .filter(([, on]) => on !== false)
        .map(([name]) => name);
      app.log.info(
        { url, parts, database: flags.databaseUrl ? 'postgresql' : 'pglite' },
        'sextant serve ready',
      );
      if (registry && flags.createOperatorToken) {
        const operator = await registry.createOperatorToken();
        const destination = await deliverCredential(
          { label: `operator token of user ${operator.userId}`, token: operator.token },
          credentialsFile,
        );
        app.log.info(
          { userId: operator.userId },
          `operator token created: ${describeDestination(destination)}`,
        );
      }
      for (const orgId of flags.createOrg ?? []) {
        if (!registry) break;
        try {
          const created = await registry.createOrganization(orgId);
          const destination = await deliverCredential(
            { label: `admin token of organization ${created.orgId}`, token: created.token },
            credentialsFile,
          );
          app.log.info(
            { orgId: created.orgId },
            `organization created: its admin token is ${describeDestination(destination)}`,
          );
        } catch (error) {
          app.log.warn(
            { orgId, reason: errorLine(error) },
            'organization not created (it may exist already)',
          );
        }
      }
    },
    onShutdown: (signal) => {
      app.lifecycle.drain();
      app.log.info(
        { signal, drainDelayMs: flags.drainDelay },
        'shutting down: /readyz answers 503; the listener closes after the drain delay, then in-flight requests finish',
      );
    },
  });
}

/** Registers `sextant serve`. */
export function registerServe(program: Command): void {
  const command = program
    .command('serve')
    .description('run the hosted server: registry, HTTP proxy, WebSocket proxy and docs host (multi-tenant)');
  addServerFlags(command, { host: '0.0.0.0', port: 4000 })
    .option(
      '--create-org <id>',
      'create this organization on start and log its admin token (once); repeatable',
      collect,
    )
    .addOption(
      new Option(
        '--allow-domain <host>',
        'approve a docs host: the first organization to register it owns it without a DNS proof (repeatable, or comma-separated)',
      )
        .env('SEXTANT_ALLOW_DOMAINS')
        .argParser(parseList),
    )
    .addOption(
      new Option(
        '--registry-url <url>',
        'docs host without the registry (--no-registry): read sites from this registry replica over HTTP',
      )
        .env('SEXTANT_REGISTRY_URL')
        .argParser(parseRegistryUrl),
    )
    .addOption(
      new Option(
        '--drain-timeout <ms>',
        `on SIGTERM, longest wait for in-flight requests before closing them (default ${DEFAULT_DRAIN_TIMEOUT_MS}; replaces --shutdown-timeout)`,
      )
        .env('SEXTANT_DRAIN_TIMEOUT_MS')
        .argParser(parsePositiveInt),
    )
    .addOption(
      new Option(
        '--drain-delay <ms>',
        'on SIGTERM, how long /readyz answers 503 while the listener stays open and serves, so load balancers stop sending first (ms, or 5s)',
      )
        .env('SEXTANT_DRAIN_DELAY_MS')
        .default(DEFAULT_DRAIN_DELAY_MS)
        .argParser(parseDurationMs),
    )
    .addOption(
      new Option(
        '--credentials-file <path>',
        'where tokens made at start (--create-org, --create-operator-token) are written, mode 0600, when stderr is not a terminal (default: <data-dir>/credentials, or .sextant/credentials)',
      ).env('SEXTANT_CREDENTIALS_FILE'),
    )
    .addOption(
      new Option('--log-level <level>', 'log level of the JSON log')
        .env('SEXTANT_LOG_LEVEL')
        .choices([...LOG_LEVELS])
        .default('info'),
    )
    .addOption(
      new Option('--request-log <mode>', 'one log line per request (all), or none (off)')
        .env('SEXTANT_REQUEST_LOG')
        .choices(['all', 'off'])
        .default('all'),
    )
    .addOption(
      new Option(
        '--request-log-cacheable <share>',
        'share of cacheable answers (pages, files, 304s) logged, 0 to 1 (1: every one)',
      )
        .env('SEXTANT_REQUEST_LOG_CACHEABLE')
        .argParser(parseShare)
        // A CDN in front logs cached pages anyway; a line each costs the docs host about a third of
        // its throughput on them (bench:serve), so 1 % is logged unless asked otherwise.
        .default(0.01),
    )
    .option('--metrics', 'expose GET /metrics in Prometheus text format (default)')
    .option('--no-metrics', 'do not expose GET /metrics')
    .addOption(
      new Option(
        '--metrics-token <token>',
        'GET /metrics requires "Authorization: Bearer <token>" (without one, anyone reaching the port can read the metrics)',
      ).env('SEXTANT_METRICS_TOKEN'),
    )
    .addOption(
      new Option(
        '--metrics-port <port>',
        'serve GET /metrics on its own listener at this port (on --host), and not on the main port',
      )
        .env('SEXTANT_METRICS_PORT')
        .argParser(parsePort),
    )
    .addOption(
      new Option(
        '--console-host <host>',
        'the host name of the console: the dashboard, its session cookie and /metrics answer there only (any port), never on a docs host; without it the dashboard is off',
      ).env('SEXTANT_CONSOLE_HOST'),
    )
    .option(
      '--create-operator-token',
      'create the platform operator if missing and log a new operator token (once)',
    )
    .addHelpText(
      'after',
      '\nWithout DATABASE_URL the data lives in embedded PGlite under --data-dir (default .sextant/data).\n' +
        'With --no-registry --registry-url URL the docs host reads the registry over HTTP (invalidations by LISTEN/NOTIFY with DATABASE_URL, else its event stream).\n' +
        'Logs are JSON lines on stdout. GET /healthz: the process lives; GET /readyz: it can serve (503 while draining or a dependency is down).\n' +
        'The dashboard (/_sextant/dashboard) answers on --console-host only, never on a docs host; without it, on no host.\n' +
        'GET /metrics: Prometheus metrics on --console-host or its own --metrics-port, never on a docs host (--no-metrics to turn off, --metrics-token to require a bearer token).\n' +
        'SIGTERM or SIGINT: /readyz answers 503 while the listener serves for --drain-delay, then idle connections close, in-flight requests finish (--drain-timeout), WebSocket sessions close with 1001, and it exits 0.\n' +
        'Tokens made at start are printed on stderr when it is a terminal, else written to --credentials-file (0600); never into the log.\n' +
        'Exit codes: 0 stopped by a signal, 1 could not start (port taken, database unreachable), 2 usage error.',
    )
    .action(async (flags: ServeFlags, cmd: Command) => {
      // An explicit --shutdown-timeout still counts when --drain-timeout is absent.
      const shutdownSource = cmd.getOptionValueSource('shutdownTimeout');
      if (flags.drainTimeout === undefined && (shutdownSource === 'cli' || shutdownSource === 'env'))
        flags.drainTimeout = flags.shutdownTimeout;
      await runServe(flags);
    });
}
