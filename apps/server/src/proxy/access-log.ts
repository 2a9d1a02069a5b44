/**
 * The proxy's access log: one info line per request through the server's logger, since the
 * front door (front-door.ts) keeps proxied requests out of Fastify's request log. The line has
 * the request id, the method, the target's origin, the status, the duration, the response bytes
 * and, for a refusal or failure, its code and detail. Never the target's path or query (both can
 * carry credentials: `/bot<token>/getMe`, `?key=`) and never a header value.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ForwardRecord } from './forward.js';

/**
 * Logs one finished proxy request; `status` is undefined when the reader got no response (it
 * went away first), `started` is the request's `performance.now()` at arrival.
 */
export type AccessLog = (
  method: string | undefined,
  status: number | undefined,
  record: ForwardRecord,
  started: number,
  requestId?: string,
) => void;

type LevelAware = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * The access log for `log`, or undefined when the server has no logger (Fastify's stand-in for
 * `logger: false` has no `isLevelEnabled`): then nothing is measured or recorded per request.
 * @example const accessLog = createAccessLog(app.log);
 */
export function createAccessLog(log: FastifyBaseLogger): AccessLog | undefined {
  const logger = log as LevelAware;
  if (typeof logger.isLevelEnabled !== 'function') return undefined;
  return (method, status, record, started, requestId) => {
    if (!logger.isLevelEnabled!('info')) return;
    const { target, error } = record;
    logger.info(
      {
        ...(requestId ? { reqId: requestId } : {}),
        proxy: {
          method,
          target: target?.origin,
          status,
          durationMs: Math.round((performance.now() - started) * 100) / 100,
          bytes: record.bytes,
          reason: error?.code,
          detail: error?.detail,
        },
      },
      'proxied request',
    );
  };
}
