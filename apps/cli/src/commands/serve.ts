/**
 * `sextant serve`: the hosted mode — registry, HTTP proxy, WebSocket proxy and docs host on one
 * port, each of which can be left out (`--no-docs`, …) to run the parts separately behind a load
 * balancer. Configured by flags or environment (PORT, DATABASE_URL, …); logs are JSON lines
 * (pino); `GET /healthz` answers while it runs; SIGTERM/SIGINT finish in-flight requests first.
 */
import { type Command, Option } from 'commander';
import type { FastifyInstance } from 'fastify';
import { CliError, errorLine } from '../support/cli-error.js';
import { parseList } from '../support/flags.js';
import { listenUntilSignal } from '../support/run-server.js';
import { addServerFlags, type ServerFlags, serverOptionsFromFlags } from '../support/server-flags.js';

export interface ServeFlags extends ServerFlags {
  /** Organizations to create on start (each admin token is logged once). */
  createOrg?: string[];
  /** Hosts the first organization to register owns without a DNS proof. */
  allowDomain?: string[];
  /** Log a new platform operator token on start. */
  createOperatorToken?: boolean;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * Builds and runs the hosted server until a signal stops it.
 * @example await runServe({ port: 4000, host: '0.0.0.0', ... })
 */
export async function runServe(flags: ServeFlags): Promise<void> {
  if (!flags.databaseUrl && !flags.dataDir) flags.dataDir = '.sextant/data';
  const options = {
    ...serverOptionsFromFlags('hosted', flags),
    logger: true,
    ...(flags.allowDomain?.length ? { registry: { allowDomains: flags.allowDomain } } : {}),
  };
  let app: FastifyInstance;
  try {
    // Loaded on use, so `--help` and the offline commands do not load the server.
    const { buildServer } = await import('@sextant/server');
    app = await buildServer(options);
  } catch (error) {
    throw new CliError(`the server could not start: ${errorLine(error)}`);
  }
  const registry = flags.registry ? app.registry : undefined;
  if (registry) {
    // The database opens in the background; a server that cannot reach it must not look healthy.
    try {
      await registry.ready();
    } catch (error) {
      await app.close().catch(() => undefined);
      throw new CliError(`the database could not be opened: ${errorLine(error)}`);
    }
  }
  await listenUntilSignal(app, {
    port: flags.port,
    host: flags.host,
    shutdownTimeoutMs: flags.shutdownTimeout,
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
        app.log.info(
          { userId: operator.userId, token: operator.token },
          'operator token created: this token is shown once, keep it',
        );
      }
      for (const orgId of flags.createOrg ?? []) {
        if (!registry) break;
        try {
          const created = await registry.createOrganization(orgId);
          app.log.info(
            { orgId: created.orgId, token: created.token },
            'organization created: this token is shown once, keep it',
          );
        } catch (error) {
          app.log.warn(
            { orgId, reason: errorLine(error) },
            'organization not created (it may exist already)',
          );
        }
      }
    },
    onShutdown: (signal) => app.log.info({ signal }, 'shutting down: finishing in-flight requests'),
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
    .option(
      '--create-operator-token',
      'create the platform operator if missing and log a new operator token (once)',
    )
    .addHelpText(
      'after',
      '\nWithout DATABASE_URL the data lives in embedded PGlite under --data-dir (default .sextant/data).\n' +
        'Logs are JSON lines on stdout. GET /healthz reports health. SIGTERM or SIGINT finishes in-flight requests, then exits 0.\n' +
        'Exit codes: 0 stopped by a signal, 1 could not start (port taken, database unreachable), 2 usage error.',
    )
    .action(async (flags: ServeFlags) => {
      await runServe(flags);
    });
}
