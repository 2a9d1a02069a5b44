/**
 * The console host as a Fastify plugin shared with the root instance: `app.consoleHost` tells
 * the dashboard, the registry's cookie path, the docs host and `/metrics` where the console
 * answers (console-host.ts). A console host that tenants could be served on stops the server at
 * start; hosted mode without one says in the log that the dashboard answers nowhere.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerOptions } from '../options.js';
import {
  type ConsoleGate,
  ConsoleHostOptionError,
  consoleHostConflict,
  createConsoleGate,
} from './console-host.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the console (dashboard, cookie sessions, /metrics) answers; see console/console-host.ts. */
    consoleHost: ConsoleGate;
  }
}

async function consoleHostPlugin(app: FastifyInstance, options: ServerOptions): Promise<void> {
  const gate = createConsoleGate({ mode: options.mode, consoleHost: options.consoleHost });
  if (gate.host !== undefined) {
    const conflict = consoleHostConflict(gate.host, {
      allowDomains: [
        ...(options.registry?.allowDomains ?? []),
        ...(process.env.SEXTANT_ALLOW_DOMAINS ? [process.env.SEXTANT_ALLOW_DOMAINS] : []),
      ],
      ...(options.previewDomain ? { previewDomain: options.previewDomain } : {}),
    });
    if (conflict) throw new ConsoleHostOptionError(conflict);
  }
  app.decorate('consoleHost', gate);
  if (options.mode !== 'hosted' || options.parts?.registry === false) return;
  app.addHook('onReady', async () => {
    if (gate.host !== undefined)
      app.log.info(
        { consoleHost: gate.host },
        'console: the dashboard and its session cookie answer on this host only (any port), never on a docs host',
      );
    else
      app.log.warn(
        'console off: no --console-host (SEXTANT_CONSOLE_HOST), so the dashboard answers on no host and session cookies are ignored; bearer tokens work as usual',
      );
  });
}

/** The console host plugin; register it before the parts that ask it. */
export const consoleHostPart = fp(consoleHostPlugin, { name: 'sextant-console-host', fastify: '5.x' });
