/**
 * Applies the plain SQL migrations of ./migrations in name order, each in one transaction, and
 * records them in `schema_migrations`. An advisory lock makes replicas that start together on
 * one PostgreSQL wait for each other instead of racing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { type Kysely, sql } from 'kysely';
import type { Database } from './tables.js';

// From the sources this is the folder beside this file; bundled (dist/sextant/lib/*.js) it is the
// copy the build puts beside the chunks (scripts/build/package.mjs): the same line reads both.
const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const LOCK_KEY = 0x5e47a17;

/** Runs pending migrations; returns the names applied now. */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
      trx,
    );
    const done = new Set(
      (await trx.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const text = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      // One statement per query: PGlite's extended protocol refuses several in one. Migrations are
      // plain DDL (no function bodies), so a semicolon at a line end separates statements.
      for (const statement of text
        .split(/;\s*$/m)
        .map((part) => part.trim())
        .filter(Boolean)) {
        if (statement.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('--')))
          continue;
        await sql.raw(statement).execute(trx);
      }
      await trx.insertInto('schema_migrations').values({ name: file }).execute();
      applied.push(file);
    }
    return applied;
  });
}
