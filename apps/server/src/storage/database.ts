/**
 * Opens the registry database: PostgreSQL when a connection string is given, else embedded
 * PGlite in a data directory (or "in memory": a temporary one, see pglite-data-dir.ts). Either
 * way the same migrations run and the same Kysely queries are used; the notifier carries cache
 * invalidations between replicas.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrate } from './migrate.js';
import { createLocalNotifier, createPostgresNotifier, type Notifier } from './notifier.js';
import { createPgPool, DEFAULT_POOL_SIZE, kyselyPool } from './pg-pool.js';
import { PGLITE_SETTINGS, prepareDataDir, temporaryDataDir } from './pglite-data-dir.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './tables.js';

/** Where the database lives. */
export interface DatabaseOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PostgreSQL: connections of the pool (`--db-pool`; default 10), plus one for LISTEN. */
  poolSize?: number;
  /** PostgreSQL: the LISTEN connection's URL when the pool goes through PgBouncer in transaction mode. */
  listenUrl?: string;
  /**
   * PostgreSQL: hears a connection of the pool lost (replaced on the next query) or the LISTEN
   * connection dropped or failing to come back (retried with backoff).
   */
  onConnectionError?: (error: Error, connection: 'pool' | 'listen') => void;
}

/** An open, migrated database. */
export interface OpenDatabase {
  db: Kysely<Database>;
  notifier: Notifier;
  kind: 'postgres' | 'pglite';
  /** Connections of the pool (PostgreSQL; PGlite has one connection and none). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

// bigint columns (count(*), bigserial) come back as text from node-postgres; numbers are enough here.
pg.types.setTypeParser(20, (value) => Number(value));

/** Opens and migrates the database described by `options`. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const { onConnectionError } = options;
    const pool = createPgPool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      ...(onConnectionError ? { onConnectionError: (error) => onConnectionError(error, 'pool') } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool(pool) }) });
    try {
      await migrate(db);
      const notifier = await createPostgresNotifier(options.listenUrl ?? options.databaseUrl, pool, {
        ...(onConnectionError ? { onConnectionError: (error) => onConnectionError(error, 'listen') } : {}),
      });
      return {
        db,
        notifier,
        kind: 'postgres',
        poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
        async close() {
          await notifier.close();
          await db.destroy();
        },
      };
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }
  const temporary = options.dataDir ? undefined : await temporaryDataDir();
  let db: Kysely<Database>;
  try {
    db = await openPglite(options.dataDir ?? (temporary as { dir: string }).dir);
  } catch (error) {
    await temporary?.remove();
    throw error;
  }
  const notifier = createLocalNotifier();
  return {
    db,
    notifier,
    kind: 'pglite',
    async close() {
      await notifier.close();
      await db.destroy();
      await temporary?.remove();
    },
  };
}

/** PGlite on `dataDir` (initialised off the main thread when new), migrated. */
async function openPglite(dataDir: string): Promise<Kysely<Database>> {
  await prepareDataDir(dataDir);
  const client = await PGlite.create({ dataDir, postgresqlconf: PGLITE_SETTINGS });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  try {
    await migrate(db);
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
