/**
 * A crash of a running server is one JSON line in its log (issue #30 item 6), like every other
 * line a collector reads, instead of Node's multi-line text on stderr: an uncaught exception or
 * unhandled rejection is logged at `fatal` with the error (through the server's error
 * serializer, which keeps database text out) and the process exits 1, as Node would.
 */
import type { FastifyBaseLogger } from 'fastify';

/**
 * Installs the handlers once for `log`.
 * @example logCrashes(app.log)
 */
export function logCrashes(log: FastifyBaseLogger): void {
  const crash = (kind: 'uncaughtException' | 'unhandledRejection') => (error: unknown) => {
    log.fatal({ err: error, crash: kind }, `server crashed: ${kind}`);
    // pino writes stdout synchronously: the line is out before the exit.
    process.exit(1);
  };
  process.once('uncaughtException', crash('uncaughtException'));
  process.once('unhandledRejection', crash('unhandledRejection'));
}
