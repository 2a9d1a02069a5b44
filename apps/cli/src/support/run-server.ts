/**
 * Starts a built server and keeps it running: listens, reports the URL, and on SIGTERM or SIGINT
 * drains: for `drainDelayMs` the listener stays open and every request is served as usual while
 * load balancers see /readyz turn 503 and stop sending new ones; then it stops accepting
 * connections, closes the idle keep-alive ones, lets in-flight requests finish (up to a
 * deadline; a request arriving meanwhile on a busy keep-alive connection is served too, its
 * answer closing the connection), closes the parts (database, watchers) and exits 0. A second
 * signal exits at once.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { CliError, errorLine } from './cli-error.js';

export interface ListenOptions {
  port: number;
  host: string;
  /** Longest wait for in-flight requests on shutdown. */
  shutdownTimeoutMs: number;
  /** How long the listener stays open after the signal, serving, before it closes (default 0). */
  drainDelayMs?: number;
  /** Called once the server listens, with its base URL. */
  onListening?: (url: string) => void | Promise<void>;
  /** Called when a shutdown starts (before the server closes). */
  onShutdown?: (signal: string) => void;
}

/**
 * Listens and installs the signal handlers; resolves with the base URL.
 * @example const url = await listenUntilSignal(app, { port: 4000, host: '127.0.0.1', shutdownTimeoutMs: 10_000 });
 */
export async function listenUntilSignal(app: FastifyInstance, options: ListenOptions): Promise<string> {
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CliError(`port ${options.port} is in use: pass --port with a free port (or 0 for any)`);
    if (code === 'EACCES')
      throw new CliError(`not allowed to listen on port ${options.port}: pick a port above 1023`);
    throw new CliError(`cannot listen on ${options.host}:${options.port}: ${errorLine(error)}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(130);
    stopping = true;
    options.onShutdown?.(signal);
    // From now on every answer closes its connection, so clients holding keep-alive connections
    // move to another replica one request at a time instead of finding them cut when the server closes.
    app.server.on('request', (_req, res: ServerResponse) => {
      res.shouldKeepAlive = false;
    });
    app.clock.setTimeout(() => close(signal), options.drainDelayMs ?? 0);
  };
  const close = (signal: string) => {
    const deadline = setTimeout(() => {
      app.log.warn({ signal }, 'shutdown deadline reached: closing open connections');
      app.server.closeAllConnections();
    }, options.shutdownTimeoutMs);
    deadline.unref();
    app.close().then(
      () => {
        clearTimeout(deadline);
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`error: shutdown failed: ${errorLine(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  await options.onListening?.(url);
  return url;
}
