export type { BlobStore } from './blob-store.js';
export { BlobStoreUnavailableError, createFileBlobStore, createMemoryBlobStore } from './blob-store.js';
export { createPostgresBlobStore } from './blob-store-postgres.js';
export type { BlobStores } from './blob-store-select.js';
export { checkBlobStoreSpec, openBlobStores } from './blob-store-select.js';
export type { DatabaseOptions, OpenDatabase } from './database.js';
export { openDatabase } from './database.js';
export type { Notifier } from './notifier.js';
export type { Database } from './tables.js';
