/**
 * Migration 008 (token scope) on PostgreSQL holding tokens from before it, including the ones
 * the members/add hole minted (an org admin adding another org's admin, or the operator, got a
 * token of that user): each token acts in the organization it was made for, operator tokens
 * stay operator tokens, the minted ones act only in the attacker's organization, and a token
 * that cannot be scoped is revoked.
 */
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/index.js';
import { authenticate } from './identity.js';
import { createPostgresDatabase } from './testing/servers.js';

const database = await createPostgresDatabase();
if ('skipped' in database) console.warn(`token scope migration on PostgreSQL skipped: ${database.skipped}`);

const MIGRATIONS = new URL('../storage/migrations/', import.meta.url);

describe.skipIf('skipped' in database)('migration 008 on tokens from before it', () => {
  afterAll(async () => {
    if ('url' in database) await database.drop();
  });

  it('scopes each token to its organization, keeps operator tokens and revokes what cannot be scoped', async () => {
    if (!('url' in database)) return;
    const before = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql') && name < '008').sort();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(
        'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      for (const name of before) {
        await client.query(await readFile(new URL(name, MIGRATIONS), 'utf8'));
        await client.query('insert into schema_migrations (name) values ($1)', [name]);
      }
      await client.query(
        `insert into organizations (id) values ('acme'), ('beta');
         insert into users (id, is_operator) values ('operator', true), ('acme-admin', false),
           ('beta-admin', false), ('both', false);
         insert into memberships (user_id, org_id, role) values
           ('acme-admin', 'acme', 'admin'), ('beta-admin', 'beta', 'admin'),
           ('beta-admin', 'acme', 'member'), ('operator', 'acme', 'member'),
           ('both', 'acme', 'member'), ('both', 'beta', 'member');
         insert into tokens (id, user_id, secret_hash, description) values
           ('op', 'operator', 'h-op', 'platform operator'),
           ('op-minted', 'operator', 'h-op-minted', 'member of acme'),
           ('acme-admin', 'acme-admin', 'h-acme-admin', 'admin of acme'),
           ('acme-ci', 'acme-admin', 'h-acme-ci', 'ci'),
           ('beta-admin', 'beta-admin', 'h-beta-admin', 'admin of beta'),
           ('beta-minted', 'beta-admin', 'h-beta-minted', 'member of acme'),
           ('both-ci', 'both', 'h-both-ci', 'ci');`,
      );
    } finally {
      await client.end();
    }
    const opened = await openDatabase({ databaseUrl: database.url });
    try {
      const rows = await opened.db
        .selectFrom('tokens')
        .select(['id', 'org_id', 'operator', 'revoked_at'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => ({ ...row, revoked_at: row.revoked_at !== null }))).toEqual([
        { id: 'acme-admin', org_id: 'acme', operator: false, revoked_at: false },
        { id: 'acme-ci', org_id: 'acme', operator: false, revoked_at: false },
        { id: 'beta-admin', org_id: 'beta', operator: false, revoked_at: false },
        { id: 'beta-minted', org_id: 'acme', operator: false, revoked_at: false },
        { id: 'both-ci', org_id: null, operator: false, revoked_at: true },
        { id: 'op', org_id: null, operator: true, revoked_at: false },
        { id: 'op-minted', org_id: 'acme', operator: false, revoked_at: false },
      ]);
      // What a token minted through the hole now is: a member of the attacker's organization only.
      const minted = await opened.db
        .updateTable('tokens')
        .set({ secret_hash: (await import('./identity.js')).hashSecret('minted') })
        .where('id', '=', 'op-minted')
        .returning('id')
        .executeTakeFirst();
      expect(minted).toBeDefined();
      expect(await authenticate(opened.db, 'Bearer minted')).toEqual({
        userId: 'operator',
        tokenId: 'op-minted',
        orgId: 'acme',
        isOperator: false,
      });
      // A token neither scoped nor an operator's cannot be written any more.
      await expect(
        opened.db
          .insertInto('tokens')
          .values({ id: 'loose', user_id: 'both', secret_hash: 'h-loose', description: null, org_id: null })
          .execute(),
      ).rejects.toThrow(/tokens_scope/);
    } finally {
      await opened.close();
    }
  });
});
