/**
 * The database blob store on PGlite and on PostgreSQL (a fresh database, dropped after): a file
 * over three chunks is stored in chunks and read back whole and streamed chunk by chunk; a key is
 * written once (concurrent writers agree); through the registry, one organization's same bytes
 * are stored once, two organizations never share rows, and removing one's rows leaves the
 * other's file readable.
 */
import { randomBytes } from 'node:crypto';
import { createRegistryClient } from '@sextant/registry-client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishFiles } from '../registry/testing/publish-files.js';
import { createPostgresDatabase, startRegistryServer, type TestServer } from '../registry/testing/servers.js';
import { BLOB_CHUNK_BYTES, createPostgresBlobStore } from './blob-store-postgres.js';
import { type OpenDatabase, openDatabase } from './database.js';

const BIG = 4 * BLOB_CHUNK_BYTES + 1234; // five chunks
const postgres = await createPostgresDatabase();
if ('skipped' in postgres) console.warn(`blob store on PostgreSQL skipped: ${postgres.skipped}`);

/** Byte equality (toEqual walks a megabyte element by element: seconds). */
const same = (actual: Uint8Array | undefined, expected: Uint8Array) =>
  actual !== undefined && Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength).equals(expected);

const count = async (database: OpenDatabase, table: 'blobs' | 'blob_chunks', like: string) =>
  Number(
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where key like ${like}`.execute(database.db)
    ).rows[0]?.n,
  );

function suite(kind: string, databaseUrl: () => string | undefined) {
  describe(`database blob store on ${kind}`, () => {
    let database: OpenDatabase;
    beforeAll(async () => {
      const url = databaseUrl();
      database = await openDatabase(url ? { databaseUrl: url } : {});
    });
    afterAll(async () => database?.close());

    it('stores a file over three chunks in chunks, reads it whole and streamed, writes a key once', async () => {
      const store = createPostgresBlobStore(database.db);
      await store.check();
      const bytes = randomBytes(BIG);
      const key = `docs-files/test/${randomBytes(8).toString('hex')}`;
      expect(await store.has(key)).toBe(false);
      expect(await store.get(key)).toBeUndefined();
      expect(await store.stream(key)).toBeUndefined();
      // Two writers at once (two replicas): one blob, one set of chunks.
      await Promise.all([store.put(key, bytes), store.put(key, bytes)]);
      await store.put(key, bytes);
      expect(await count(database, 'blobs', key)).toBe(1);
      expect(await count(database, 'blob_chunks', key)).toBe(5);
      expect(await store.has(key)).toBe(true);
      expect(same(await store.get(key), bytes)).toBe(true);
      const sizes: number[] = [];
      const parts: Uint8Array[] = [];
      for await (const part of (await store.stream(key)) ?? []) {
        sizes.push(part.byteLength);
        parts.push(part);
      }
      expect(sizes).toEqual([BLOB_CHUNK_BYTES, BLOB_CHUNK_BYTES, BLOB_CHUNK_BYTES, BLOB_CHUNK_BYTES, 1234]);
      expect(same(Buffer.concat(parts), bytes)).toBe(true);
      // An empty blob is a blob with no chunks.
      await store.put(`${key}-empty`, new Uint8Array());
      expect((await store.get(`${key}-empty`))?.byteLength).toBe(0);
    });

    it('refuses keys that are not safe relative paths', async () => {
      const store = createPostgresBlobStore(database.db);
      for (const key of ['../x', '/abs', 'a b', 'docs/é', ''])
        await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow(/Invalid blob key/);
    });
  });
}

suite('PGlite', () => undefined);
if ('url' in postgres) suite('PostgreSQL', () => postgres.url);

describe.skipIf('skipped' in postgres)('docs files in the database blob store through the registry', () => {
  let server: TestServer;
  beforeAll(async () => {
    if ('url' in postgres) server = await startRegistryServer({ databaseUrl: postgres.url });
  });
  afterAll(async () => {
    await server?.close();
    if ('url' in postgres) await postgres.drop();
  });

  it('stores one organization’s bytes once, never shares them between organizations', async () => {
    const { baseUrl, token } = server;
    const local = createRegistryClient({ baseUrl, token, baseDelayMs: 10 });
    const acme = createRegistryClient({
      baseUrl,
      token: (await server.app.registry.createOrganization('acme')).token,
      baseDelayMs: 10,
    });
    const big = randomBytes(BIG);
    const first = await publishFiles(local, 'local', 'one.local.test', { 'a.png': big, 'b.png': big });
    expect(first.uploaded).toBe(1);
    // The same bytes again (another site of the same organization): nothing to upload.
    const second = await publishFiles(local, 'local', 'two.local.test', { 'c.png': big });
    expect(second.uploaded).toBe(0);
    const other = await publishFiles(acme, 'acme', 'acme.example.test', { 'a.png': big });
    expect(other.uploaded).toBe(1);

    const database = await server.app.registry.database();
    const keys = (
      await database.db
        .selectFrom('docs_files')
        .select(['org_id', 'blob_key'])
        .where('sha256', '=', first.docs.files['a.png']?.sha256 ?? '')
        .orderBy('org_id')
        .execute()
    ).map((row) => row.blob_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    for (const key of keys) {
      expect(await count(database, 'blobs', key as string)).toBe(1);
      expect(await count(database, 'blob_chunks', key as string)).toBe(5);
    }

    const localId = first.docs.files['a.png']?.fileId as string;
    const acmeId = other.docs.files['a.png']?.fileId as string;
    expect(localId).not.toBe(acmeId);
    expect(same(await server.app.registry.readDocsFile(acmeId), big)).toBe(true);
    // Removing one organization's blobs leaves the other's intact.
    const localKey = (
      await database.db
        .selectFrom('docs_files')
        .select('blob_key')
        .where('id', '=', localId)
        .executeTakeFirstOrThrow()
    ).blob_key;
    await sql`delete from blobs where key = ${localKey}`.execute(database.db);
    expect(await server.app.registry.readDocsFile(localId)).toBeUndefined();
    expect(same(await server.app.registry.readDocsFile(acmeId), big)).toBe(true);
  });
});
