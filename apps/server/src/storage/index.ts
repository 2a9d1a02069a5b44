export type { BlobStore } from './blob-store.js';
export { BlobStoreUnavailableError, createFileBlobStore, createMemoryBlobStore } from './blob-store.js';
export { createPostgresBlobStore } from './blob-store-postgres.js';
export type { BlobStores } from './blob-store-select.js';
export { checkBlobStoreSpec, openBlobStores } from './blob-store-select.js';
export type { DatabaseOptions, OpenDatabase } from './database.js';
export { openDatabase } from './database.js';
export {
  asDatabaseUnavailable,
  DatabaseUnavailableError,
  databaseUnavailableReason,
  isDatabaseUnavailable,
} from './database-unavailable.js';
export type { Notifier } from './notifier.js';
export { createLocalNotifier, createPostgresNotifier, NOTIFIER_RECONNECTED } from './notifier.js';
export { connectOrUnavailable, createPgPool, kyselyPool, sidePoolSize } from './pg-pool.js';
export { type SiteDatabase, siteDatabaseOf, siteDatabasePlugin } from './site-database.js';
export type { Database } from './tables.js';
