/**
 * Migration 003 (tenancy) on a database holding data from before it, on PostgreSQL: each host
 * goes to the organization that registered it first, sites another organization registered
 * under that host stop being served, organization admins keep their role, and old generators
 * belong to no organization (operators only).
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/index.js';
import { createPostgresDatabase } from './testing/servers.js';

const database = await createPostgresDatabase();
if ('skipped' in database) console.warn(`tenancy migration on PostgreSQL skipped: ${database.skipped}`);

const migration = (name: string) =>
  readFile(new URL(`../storage/migrations/${name}`, import.meta.url), 'utf8');

describe.skipIf('skipped' in database)('migration 003 on data from before it', () => {
  afterAll(async () => {
    if ('url' in database) await database.drop();
  });

  it('gives each host to its first registrant and stops serving the other organization under it', async () => {
    if (!('url' in database)) return;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(await migration('001_init.sql'));
      await client.query(await migration('002_docs_files.sql'));
      await client.query(
        `create table schema_migrations (name text primary key, applied_at timestamptz not null default now());
         insert into schema_migrations (name) values ('001_init.sql'), ('002_docs_files.sql');
         insert into organizations (id) values ('a'), ('b');
         insert into users (id) values ('a-admin'), ('b-admin'), ('bob');
         insert into memberships (user_id, org_id) values ('a-admin', 'a'), ('b-admin', 'b'), ('bob', 'b');
         insert into docs_urls (url, domain, base_path, org_id, created_at) values
           ('docs.a.test', 'docs.a.test', '', 'a', now() - interval '2 days'),
           ('docs.a.test/guides', 'docs.a.test', '/guides', 'b', now() - interval '1 day'),
           ('docs.b.test', 'docs.b.test', '', 'b', now());
         insert into generators (id, docker_image, data) values ('old', 'old/image', '{}');`,
      );
    } finally {
      await client.end();
    }
    const opened = await openDatabase({ databaseUrl: database.url });
    try {
      const { db } = opened;
      expect(await db.selectFrom('docs_hosts').select(['host', 'org_id']).orderBy('host').execute()).toEqual([
        { host: 'docs.a.test', org_id: 'a' },
        { host: 'docs.b.test', org_id: 'b' },
      ]);
      expect(
        await db.selectFrom('docs_urls').select(['url', 'is_archived']).orderBy('url').execute(),
      ).toEqual([
        { url: 'docs.a.test', is_archived: false },
        { url: 'docs.a.test/guides', is_archived: true },
        { url: 'docs.b.test', is_archived: false },
      ]);
      expect(
        await db.selectFrom('memberships').select(['user_id', 'role']).orderBy('user_id').execute(),
      ).toEqual([
        { user_id: 'a-admin', role: 'admin' },
        { user_id: 'b-admin', role: 'admin' },
        { user_id: 'bob', role: 'member' },
      ]);
      expect(await db.selectFrom('generators').select('org_id').executeTakeFirst()).toEqual({ org_id: null });
    } finally {
      await opened.close();
    }
  });
});
