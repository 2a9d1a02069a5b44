import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-error.js';
import { checkDatabaseUrl, databaseStartProblem } from './database-url.js';

/** What the registry rejects with when PostgreSQL cannot be reached at start. */
function unavailable(reason: string): Error {
  return Object.assign(new Error(`The database does not answer (${reason}): retry in a moment`), {
    name: 'DatabaseUnavailableError',
    reason,
  });
}

describe('checkDatabaseUrl', () => {
  it('takes PostgreSQL URLs and socket paths', () => {
    for (const url of [
      'postgres://app@db.internal:5432/docs',
      'postgresql://app:secret@db/docs?sslmode=require',
      'socket:/var/run/postgresql?db=docs',
      '/var/run/postgresql',
    ])
      expect(() => checkDatabaseUrl(url, '--database-url')).not.toThrow();
  });

  it('refuses anything else as a usage error that never repeats the value (it may hold a password)', () => {
    for (const bad of ['notaurl', 'mysql://app:hunter2@db/docs', 'db.internal:5432/docs', '']) {
      let thrown: unknown;
      try {
        checkDatabaseUrl(bad, '--database-url (DATABASE_URL)');
      } catch (error) {
        thrown = error;
      }
      expect(thrown, bad).toBeInstanceOf(UsageError);
      expect((thrown as Error).message).toMatch(/^--database-url \(DATABASE_URL\) is not a PostgreSQL URL/);
      if (bad) expect((thrown as Error).message).not.toContain(bad);
    }
  });
});

describe('databaseStartProblem', () => {
  const url = 'postgres://app:hunter2@db.internal:6543/docs';

  it('names the missing database, the refused user, the silent port and the unknown host', () => {
    expect(databaseStartProblem(unavailable('3D000'), url)).toBe(
      'database "docs" does not exist on db.internal:6543 (3D000): create it (createdb -h db.internal -p 6543 docs) or name another in the URL',
    );
    expect(databaseStartProblem(unavailable('28000'), url)).toMatch(
      /^db\.internal:6543 refused user "app" \(28000\)/,
    );
    expect(databaseStartProblem(unavailable('ECONNREFUSED'), url)).toBe(
      'nothing accepts connections at db.internal:6543 (ECONNREFUSED): is PostgreSQL running there?',
    );
    expect(databaseStartProblem(unavailable('ENOTFOUND'), url)).toBe(
      'the host name "db.internal" does not resolve (ENOTFOUND)',
    );
    for (const reason of ['3D000', '28P01', 'ECONNREFUSED', 'ENOTFOUND', '53300', '57P03'])
      expect(databaseStartProblem(unavailable(reason), url)).not.toContain('hunter2');
  });

  it('fills in PostgreSQL defaults, and leaves other errors alone', () => {
    expect(databaseStartProblem(unavailable('3D000'), 'postgres://app@db')).toContain(
      'database "app" does not exist on db:5432',
    );
    expect(databaseStartProblem(new Error('disk full'), url)).toBeUndefined();
  });
});
