/**
 * Picks the registry's blob store from the options: `--blob-store s3://bucket/prefix`,
 * `fs:/path` or `postgres`; without one, PostgreSQL (DATABASE_URL) keeps files in the database
 * and PGlite in a folder (`--blob-dir`, else `<data-dir>/blobs`, else memory). The store that
 * the defaults would have picked stays readable as `previous` when another is chosen, so
 * ensure-docs-in-s3 can copy what an earlier configuration stored. The chosen store is checked
 * before the registry answers: an unreachable one is a start-up error.
 */
import { join } from 'node:path';
import {
  type BlobStore,
  BlobStoreUnavailableError,
  createFileBlobStore,
  createMemoryBlobStore,
} from './blob-store.js';
import { createPostgresBlobStore } from './blob-store-postgres.js';
import type { S3Environment } from './blob-store-s3.js';
import type { OpenDatabase } from './database.js';

/** Where blobs go: what the options say, and what is read when a blob is missing there. */
export interface BlobStores {
  primary: BlobStore;
  previous?: BlobStore;
}

/** What selects the store. */
export interface BlobStoreOptions {
  /** `s3://bucket/prefix`, `fs:/path` or `postgres`. */
  blobStore?: string;
  blobDir?: string;
  dataDir?: string;
  /** Environment of the S3 client (default process.env). */
  env?: S3Environment;
}

/** Fails with BlobStoreUnavailableError when `spec` is not a blob store address. */
export async function checkBlobStoreSpec(spec: string): Promise<void> {
  if (spec === 'postgres' || /^fs:.+/.test(spec)) return;
  // The AWS SDK loads only when S3 is chosen.
  if (spec.startsWith('s3://') && (await import('./blob-store-s3.js')).parseS3Address(spec)) return;
  throw new BlobStoreUnavailableError(
    `--blob-store "${spec}" is not a blob store: use s3://bucket/prefix, fs:/path or postgres`,
  );
}

/** The stores for `options` on `database`, the primary one checked. */
export async function openBlobStores(options: BlobStoreOptions, database: OpenDatabase): Promise<BlobStores> {
  const folder = options.blobDir ?? (options.dataDir ? join(options.dataDir, 'blobs') : undefined);
  const fallback = (): BlobStore | undefined => {
    if (database.kind === 'postgres') return createPostgresBlobStore(database.db);
    return folder ? createFileBlobStore(folder) : undefined;
  };
  const spec = options.blobStore;
  let stores: BlobStores;
  if (!spec) {
    const chosen =
      options.blobDir || database.kind === 'pglite'
        ? folder
          ? createFileBlobStore(folder)
          : createMemoryBlobStore()
        : createPostgresBlobStore(database.db);
    // Files a PostgreSQL deployment kept in <data-dir>/blobs before blobs moved into the database.
    const earlier =
      database.kind === 'postgres' && !options.blobDir && folder ? createFileBlobStore(folder) : undefined;
    stores = { primary: chosen, ...(earlier ? { previous: earlier } : {}) };
  } else {
    await checkBlobStoreSpec(spec);
    const s3Module = spec.startsWith('s3://') ? await import('./blob-store-s3.js') : undefined;
    const s3 = s3Module?.parseS3Address(spec);
    const primary =
      s3Module && s3
        ? s3Module.createS3BlobStore(s3, options.env)
        : spec === 'postgres'
          ? createPostgresBlobStore(database.db)
          : createFileBlobStore(spec.slice('fs:'.length));
    const previous = spec === 'postgres' ? (folder ? createFileBlobStore(folder) : undefined) : fallback();
    stores = { primary, ...(previous ? { previous } : {}) };
  }
  await stores.primary.check();
  return stores;
}
