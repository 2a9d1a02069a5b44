/**
 * Telling "the database is away" from every other database failure. While PostgreSQL restarts,
 * fails over, refuses connections or has its backends terminated, node-postgres fails queries
 * with connection errors (a SQLSTATE of class 08, 57P01 admin_shutdown, 57P03 cannot_connect_now,
 * a socket errno, or "Connection terminated" with no code at all). Those are an outage of
 * seconds: callers answer 503 `UnavailableError` with Retry-After, never a 500, and the next
 * request after the database is back succeeds on a fresh connection.
 */
import { SextantError } from '@sextant/definition/errors';

/** SQLSTATEs that say the server went away or refuses connections for now. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
]);

/** Socket errors on the way to the database (errno codes of Node's net and dns). */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Messages node-postgres and pg-pool throw without a code: the connection ended under a query,
 * a client whose connection failed was used again, or no connection came within the timeout.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * The database cannot be reached right now. `reason` is a code only (a SQLSTATE, an errno or
 * `connection-lost`): database error text can quote request data, so it never travels.
 */
export class DatabaseUnavailableError extends SextantError<'DatabaseUnavailableError'> {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      'DatabaseUnavailableError',
      `The database does not answer (${reason}): calls that need it fail until it is back; retry in a moment`,
      { details: { reason }, ...(options?.cause === undefined ? {} : { cause: options.cause }) },
    );
  }
}

/**
 * Why `error` means the database is away (a SQLSTATE, an errno or `connection-lost`), or
 * undefined when it is any other failure (a constraint, a syntax error, a bug).
 * @example databaseUnavailableReason(pgError) // '57P01' when pgError.code is that SQLSTATE
 */
export function databaseUnavailableReason(error: unknown, depth = 0): string | undefined {
  if (!(error instanceof Error) || depth > 4) return undefined;
  if (error instanceof DatabaseUnavailableError) return error.reason;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return code;
    if (UNAVAILABLE_ERRNOS.has(code)) return code;
  }
  if (UNAVAILABLE_MESSAGE.test(error.message)) return 'connection-lost';
  // Node reports a refused connection to every address of a name as one AggregateError.
  for (const inner of error instanceof AggregateError ? error.errors : []) {
    const reason = databaseUnavailableReason(inner, depth + 1);
    if (reason) return reason;
  }
  return error.cause === undefined ? undefined : databaseUnavailableReason(error.cause, depth + 1);
}

/** True when `error` means the database is away for now (see {@link databaseUnavailableReason}). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailableReason(error) !== undefined;
}

/** `error` as a DatabaseUnavailableError when it means the database is away; else `error` itself. */
export function asDatabaseUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  const reason = databaseUnavailableReason(error);
  return reason === undefined ? error : new DatabaseUnavailableError(reason, { cause: error });
}
