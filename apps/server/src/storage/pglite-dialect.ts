/**
 * A Kysely dialect over embedded PGlite 0.5. We write it ourselves (about 80 lines) instead of
 * depending on `kysely-pglite-dialect`, whose peer range stops at PGlite 0.4 and would need an
 * npm `overrides` entry. PGlite is a single connection, so the driver serialises connections:
 * a transaction holds it until commit or rollback and other queries queue behind it.
 */

import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { StreamQueryUnsupportedError } from '../errors.js';

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return result.affectedRows
      ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
      : { rows: result.rows };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new StreamQueryUnsupportedError();
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly client: PGlite) {
    this.connection = new PGliteConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`start transaction${level}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    if (!this.client.closed) await this.client.close();
  }
}

/** Kysely dialect for an open PGlite instance. */
export class PGliteDialect implements Dialect {
  constructor(private readonly client: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.client);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature takes Kysely<any>.
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
