/**
 * Blob store in the registry database (migration 004_blobs): each blob is a `blobs` row (size,
 * sha256, chunk count) and its bytes in 256 KiB `blob_chunks` rows, written in one transaction
 * (a reader never sees half a blob; two replicas writing one key agree on the first). Reads go
 * four chunks per query, so memory stays bounded by 1 MiB while streaming and by the file size
 * (no copies of the whole result set) for `get`. Works on PostgreSQL and on PGlite.
 */

import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { BlobChunksMissingError } from '../errors.js';
import { type BlobStore, BlobStoreUnavailableError, checkBlobKey } from './blob-store.js';
import type { Database } from './tables.js';

/** Chunk size of stored blobs. */
export const BLOB_CHUNK_BYTES = 256 * 1024;
/** Chunks read per query: 1 MiB in memory at most while streaming, a quarter of the round trips. */
const CHUNKS_PER_QUERY = 4;

/** The tables of migration 004 (typed here so the shared schema types stay untouched). */
export type BlobTables = {
  blobs: { key: string; size_bytes: number; chunk_count: number; sha256: string };
  blob_chunks: { key: string; idx: number; data: Uint8Array };
};

/** A blob store in `db` (PostgreSQL or PGlite, migrated). */
export function createPostgresBlobStore(
  database: Kysely<Database>,
  chunkBytes = BLOB_CHUNK_BYTES,
): BlobStore {
  const db = database.withTables<BlobTables>();
  const header = (key: string) =>
    db.selectFrom('blobs').select(['size_bytes', 'chunk_count']).where('key', '=', key).executeTakeFirst();
  /** Chunks `from` .. `from + CHUNKS_PER_QUERY - 1` of `key`, in order (fewer at the end). */
  const chunks = async (key: string, from: number, count: number): Promise<Uint8Array[]> => {
    const rows = await db
      .selectFrom('blob_chunks')
      .select(['idx', 'data'])
      .where('key', '=', key)
      .where('idx', '>=', from)
      .where('idx', '<', from + Math.min(count - from, CHUNKS_PER_QUERY))
      .orderBy('idx')
      .execute();
    if (
      rows.length !== Math.min(count - from, CHUNKS_PER_QUERY) ||
      rows.some((row, i) => row.idx !== from + i)
    )
      throw new BlobChunksMissingError(key, from);
    return rows.map((row) => row.data);
  };
  return {
    description: 'postgres',
    async put(key, bytes) {
      checkBlobKey(key);
      const chunkCount = Math.ceil(bytes.byteLength / chunkBytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('blobs')
          .values({ key, size_bytes: bytes.byteLength, chunk_count: chunkCount, sha256 })
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!inserted) return; // Another writer stored this key first (same content address).
        for (let idx = 0; idx < chunkCount; idx++)
          await trx
            .insertInto('blob_chunks')
            .values({ key, idx, data: bytes.subarray(idx * chunkBytes, (idx + 1) * chunkBytes) })
            .execute();
      });
    },
    async get(key) {
      const found = await header(key);
      if (!found) return undefined;
      const bytes = new Uint8Array(found.size_bytes);
      let offset = 0;
      for (let from = 0; from < found.chunk_count; from += CHUNKS_PER_QUERY)
        for (const data of await chunks(key, from, found.chunk_count)) {
          bytes.set(data, offset);
          offset += data.byteLength;
        }
      return bytes;
    },
    async stream(key) {
      const found = await header(key);
      if (!found) return undefined;
      return (async function* () {
        for (let from = 0; from < found.chunk_count; from += CHUNKS_PER_QUERY)
          yield* await chunks(key, from, found.chunk_count);
      })();
    },
    async has(key) {
      return (await header(key)) !== undefined;
    },
    async check() {
      try {
        await sql`select 1 from blobs limit 1`.execute(db);
      } catch (error) {
        throw new BlobStoreUnavailableError(
          `The database blob store cannot be read (${(error as Error).message}): check DATABASE_URL and that migration 004_blobs ran`,
        );
      }
    },
  };
}
