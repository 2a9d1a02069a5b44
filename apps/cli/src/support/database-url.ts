/**
 * The PostgreSQL URL an operator gives (`--database-url`, `--database-listen-url`): refused at once
 * when it is not one, and, when the database cannot be opened at start, the reason said in the
 * operator's terms (which host, port, database or user) instead of the running server's "retry in a
 * moment". Neither ever repeats the URL itself: it may hold a password.
 */
import { UsageError } from './cli-error.js';

/** Schemes node-postgres reads as a connection string (`socket:` and a leading `/` are Unix sockets). */
const POSTGRES_SCHEMES = new Set(['postgres:', 'postgresql:', 'socket:']);

/**
 * Refuses a value that is not a PostgreSQL URL, without echoing it.
 * @example checkDatabaseUrl('mysql://db/x', '--database-url (DATABASE_URL)') // throws UsageError
 */
export function checkDatabaseUrl(value: string, flag: string): void {
  if (value.startsWith('/')) return;
  let scheme: string | undefined;
  try {
    scheme = new URL(value).protocol;
  } catch {
    scheme = undefined;
  }
  if (!scheme || !POSTGRES_SCHEMES.has(scheme))
    throw new UsageError(
      `${flag} is not a PostgreSQL URL: expected postgres://user[:password]@host[:port]/database`,
    );
}

/**
 * Why a server could not open the database at `databaseUrl` at start, as one sentence, for a
 * `DatabaseUnavailableError` (its `reason` is a SQLSTATE or errno); undefined for any other error.
 * @example databaseStartProblem(unavailable('3D000'), 'postgres://app@db:5432/docs') // 'database "docs" does not exist on db:5432 …'
 */
export function databaseStartProblem(error: unknown, databaseUrl: string): string | undefined {
  const reason = (error as { reason?: unknown } | undefined)?.reason;
  if ((error as Error | undefined)?.name !== 'DatabaseUnavailableError' || typeof reason !== 'string')
    return undefined;
  const target = describeTarget(databaseUrl);
  const where = `${target.host}:${target.port}`;
  switch (reason) {
    case '3D000':
      return `database "${target.database}" does not exist on ${where} (3D000): create it (createdb -h ${target.host} -p ${target.port} ${target.database}) or name another in the URL`;
    case '28000':
    case '28P01':
      return `${where} refused user "${target.user}" (${reason}): check the user and password in the URL and pg_hba.conf`;
    case 'ECONNREFUSED':
      return `nothing accepts connections at ${where} (ECONNREFUSED): is PostgreSQL running there?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name "${target.host}" does not resolve (${reason})`;
    case '53300':
      return `${where} has no connection left (53300): raise its max_connections or lower --db-pool`;
    default:
      return `${where} did not let this server connect (${reason})`;
  }
}

function describeTarget(databaseUrl: string): { host: string; port: string; database: string; user: string } {
  let url: URL | undefined;
  try {
    url = new URL(databaseUrl);
  } catch {
    url = undefined;
  }
  const user = decodeURIComponent(url?.username ?? '') || process.env.PGUSER || 'the current user';
  return {
    host: url?.hostname || process.env.PGHOST || 'localhost',
    port: url?.port || process.env.PGPORT || '5432',
    database: decodeURIComponent(url?.pathname.slice(1) ?? '') || process.env.PGDATABASE || user,
    user,
  };
}
