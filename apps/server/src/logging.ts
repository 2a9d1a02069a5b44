/**
 * What the server's log may hold: the request line with its path and query keys but never a
 * query value (`?access_token=` is a credential), no header values (authorization, cookies),
 * and errors from the database reduced to their code, table and constraint: PostgreSQL and
 * PGlite quote the offending value (`invalid input syntax for type integer: "…"`, `Key (url)=(…)`),
 * which is request data.
 */
import type { FastifyServerOptions } from 'fastify';

/** Where log lines go when a test wants to read them (pino's destination stream). */
export interface LogDestination {
  write(line: string): void;
}

const REDACTED = '[redacted]';

/**
 * The path of `url` with its query keys and every value redacted.
 * @example redactQuery('/p?access_token=s3cret&page=2') // '/p?access_token=[redacted]&page=[redacted]'
 */
export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const keys = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${url.slice(0, mark)}?${keys.join('&')}`;
}

interface DatabaseErrorFields {
  code: string;
  table?: unknown;
  constraint?: unknown;
  routine?: unknown;
  severity?: unknown;
}

/** A PostgreSQL (node-pg) or PGlite error: a SQLSTATE code and the server's own fields. */
function isDatabaseError(error: unknown): error is Error & DatabaseErrorFields {
  if (!(error instanceof Error)) return false;
  const fields = error as Error & Partial<DatabaseErrorFields>;
  return (
    typeof fields.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(fields.code) &&
    (fields.severity !== undefined || fields.routine !== undefined)
  );
}

/** A serialised error (pino's `err` shape): database errors without their message, detail or query text. */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** A serialised error: database errors without their message, detail or query text. */
export function safeError(error: unknown): SerializedError {
  if (isDatabaseError(error)) {
    const where = [
      typeof error.table === 'string' ? `table ${error.table}` : '',
      typeof error.constraint === 'string' ? `constraint ${error.constraint}` : '',
    ].filter(Boolean);
    const message = `database error ${error.code}${where.length > 0 ? ` (${where.join(', ')})` : ''}`;
    // The stack's first line repeats the message: keep only the frames.
    const frames = (error.stack ?? '').split('\n').slice(1).join('\n');
    return {
      type: 'DatabaseError',
      code: error.code,
      message,
      stack: `DatabaseError: ${message}\n${frames}`,
    };
  }
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    return {
      type: error.name,
      message: error.message,
      ...(typeof code === 'string' ? { code } : {}),
      stack: error.stack ?? '',
      ...(error.cause !== undefined ? { cause: safeError(error.cause) } : {}),
    };
  }
  return { type: typeof error, message: String(error), stack: '' };
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
}

/** pino's levels; `silent` writes nothing. */
export type LogLevel = 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify's logger options: `level` (default info), the request line without query values, no
 * headers, errors through {@link safeError}; `false` keeps the server silent.
 * @example Fastify({ logger: loggerOptions(true, 'warn') })
 */
export function loggerOptions(
  logger: boolean | LogDestination | undefined,
  level: LogLevel = 'info',
): FastifyServerOptions['logger'] {
  if (!logger) return false;
  return {
    level,
    ...(logger === true ? {} : { stream: logger }),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactQuery(request.url ?? ''),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
      err: safeError,
    },
    // Anything that logs a request or response object by hand still loses its credentials.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
  };
}
