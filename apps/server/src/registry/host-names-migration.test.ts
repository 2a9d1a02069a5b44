/**
 * Migration 009 (host names) on data from before it, on PGlite and PostgreSQL: `docs_hosts` rows
 * keyed host:port become one row per host name, kept by the earliest owner; the other
 * organizations' docs URLs on any port of that name stop being served; docs URLs with a default
 * port lose it (unless the port-less URL exists: then they are archived); domain claims are of
 * the name.
 */
import { readdir, readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/index.js';
import { prepareDataDir, temporaryDataDir } from '../storage/pglite-data-dir.js';
import { openTestDatabase, TEST_DATABASES } from './testing/servers.js';

const MIGRATIONS = new URL('../storage/migrations/', import.meta.url);

/** The migrations before 009, then the data of an older server. */
async function schemaBefore009(): Promise<string> {
  const names = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql') && name < '009').sort();
  const texts = await Promise.all(names.map((name) => readFile(new URL(name, MIGRATIONS), 'utf8')));
  return [
    ...texts,
    `create table schema_migrations (name text primary key, applied_at timestamptz not null default now());`,
    `insert into schema_migrations (name) values ${names.map((name) => `('${name}')`).join(', ')};`,
  ].join('\n;\n');
}

const OLD_DATA = `
  insert into organizations (id) values ('a'), ('b'), ('c');
  insert into docs_hosts (host, org_id, created_at) values
    ('docs.a.test', 'a', now() - interval '3 days'),
    ('docs.a.test:8080', 'b', now() - interval '2 days'),
    ('docs.b.test:8443', 'b', now() - interval '3 days'),
    ('docs.b.test', 'c', now() - interval '1 day');
  insert into docs_urls (url, domain, base_path, org_id) values
    ('docs.a.test', 'docs.a.test', '', 'a'),
    ('docs.a.test:8080', 'docs.a.test:8080', '', 'b'),
    ('docs.a.test:80/guides', 'docs.a.test:80', '/guides', 'a'),
    ('docs.a.test:443', 'docs.a.test:443', '', 'a'),
    ('docs.b.test:8443/x', 'docs.b.test:8443', '/x', 'b'),
    ('docs.b.test', 'docs.b.test', '', 'c');
  insert into domain_claims (org_id, host, token, created_at) values
    ('b', 'docs.c.test:8080', 'first', now() - interval '2 days'),
    ('b', 'docs.c.test', 'second', now() - interval '1 day');
`;

describe.each(TEST_DATABASES)('migration 009 on $name', (database) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keys ownership by host name and stops serving the other organizations on its ports', async (ctx) => {
    const opened = await openTestDatabase(database);
    if ('skipped' in opened) return ctx.skip();
    cleanups.push(opened.drop);
    const setup = `${await schemaBefore009()}\n;\n${OLD_DATA}`;
    let options: { databaseUrl: string } | { dataDir: string };
    if (opened.databaseUrl) {
      const client = new pg.Client({ connectionString: opened.databaseUrl });
      await client.connect();
      await client.query(setup).finally(() => client.end());
      options = { databaseUrl: opened.databaseUrl };
    } else {
      const temporary = await temporaryDataDir();
      cleanups.push(temporary.remove);
      await prepareDataDir(temporary.dir);
      const client = await PGlite.create({ dataDir: temporary.dir });
      await client.exec(setup).finally(() => client.close());
      options = { dataDir: temporary.dir };
    }
    const migrated = await openDatabase(options);
    try {
      const { db } = migrated;
      expect(await db.selectFrom('docs_hosts').select(['host', 'org_id']).orderBy('host').execute()).toEqual([
        { host: 'docs.a.test', org_id: 'a' },
        { host: 'docs.b.test', org_id: 'b' },
      ]);
      expect(
        await db.selectFrom('docs_urls').select(['url', 'domain', 'is_archived']).orderBy('url').execute(),
      ).toEqual([
        { url: 'docs.a.test', domain: 'docs.a.test', is_archived: false },
        { url: 'docs.a.test/guides', domain: 'docs.a.test', is_archived: false },
        { url: 'docs.a.test:443', domain: 'docs.a.test:443', is_archived: true },
        { url: 'docs.a.test:8080', domain: 'docs.a.test:8080', is_archived: true },
        { url: 'docs.b.test', domain: 'docs.b.test', is_archived: true },
        { url: 'docs.b.test:8443/x', domain: 'docs.b.test:8443', is_archived: false },
      ]);
      expect(await db.selectFrom('domain_claims').select(['org_id', 'host', 'token']).execute()).toEqual([
        { org_id: 'b', host: 'docs.c.test', token: 'first' },
      ]);
    } finally {
      await migrated.close();
    }
  });
});
