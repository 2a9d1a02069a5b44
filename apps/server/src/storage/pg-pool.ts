/**
 * node-postgres pools that outlive the database going away. A pg `Pool` emits `error` when an
 * idle connection dies (PostgreSQL restarts, `pg_terminate_backend`, a failover), and a client
 * checked out between two queries emits `error` with no listener of the pool's at all: either,
 * unheard, exits the process. Every pool of the server comes from here, with both heard (and
 * reported by code), a connect timeout so a call fails instead of waiting on an unreachable
 * host, and TCP keep-alive so a silently dead connection is found. The pool replaces lost
 * connections by itself on the next query.
 *
 * Every connection of these pools runs whole statements or transactions only (no session
 * state: no LISTEN, no SET, no session advisory lock, unnamed prepared statements), so they
 * work through PgBouncer in transaction mode; the notifier's LISTEN connection is the exception.
 */
import type { PostgresPool } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError, databaseUnavailableReason } from './database-unavailable.js';

/** Connections of the registry's pool unless `--db-pool` says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** Longest wait for a connection (a new one, or a free one of a busy pool) before the call fails. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Options of {@link createPgPool}. */
export interface PgPoolOptions {
  connectionString: string;
  /** Most connections at once. */
  max: number;
  /** Hears each lost connection (idle or between queries); the pool carries on without it. */
  onConnectionError?: (error: Error) => void;
}

/**
 * A pg Pool whose lost connections never reach the process as an unhandled `error` event.
 * @example const pool = createPgPool({ connectionString: url, max: 10, onConnectionError: (e) => log.warn(e) });
 */
export function createPgPool(options: PgPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client's connection died: the pool has already dropped it. Reported by the client
  // listener below (the client emits first); this listener only keeps the process alive.
  pool.on('error', () => undefined);
  // A checked-out client loses the pool's listener until it is released: without this one a
  // connection dropped between two queries of a transaction exits the process. Its next query
  // fails ("not queryable") and the pool discards it on release.
  pool.on('connect', (client) => {
    let reported = false;
    // A terminated backend can emit twice (its FATAL message, then the socket's end): report once.
    client.on('error', (error: Error) => {
      if (reported) return;
      reported = true;
      options.onConnectionError?.(error);
    });
  });
  return pool;
}

/**
 * `pool` for Kysely's PostgresDialect, with connect failures as DatabaseUnavailableError: a pool
 * that cannot get a connection means the database is away (or refuses this server), whatever
 * PostgreSQL's reason (refused, starting up, not accepting connections, too many clients).
 */
export function kyselyPool(pool: pg.Pool): PostgresPool {
  return { connect: () => connectOrUnavailable(pool), end: () => pool.end() };
}

/** A client of `pool`; DatabaseUnavailableError (reason: SQLSTATE, errno or `connect-failed`) when none can be had. */
export async function connectOrUnavailable(pool: pg.Pool): Promise<pg.PoolClient> {
  try {
    return await pool.connect();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const reason = databaseUnavailableReason(error) ?? (typeof code === 'string' ? code : 'connect-failed');
    throw new DatabaseUnavailableError(reason, { cause: error });
  }
}

/** The size of a small side pool (a docs host's records, a proxy's allowlist): its default, capped by `--db-pool`. */
export function sidePoolSize(defaultSize: number, poolSize: number | undefined): number {
  return poolSize === undefined ? defaultSize : Math.max(1, Math.min(defaultSize, poolSize));
}
