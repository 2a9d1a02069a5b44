export type { BlobStore } from './blob-store.js';
export { createFileBlobStore, createMemoryBlobStore } from './blob-store.js';
export type { DatabaseOptions, OpenDatabase } from './database.js';
export { openDatabase } from './database.js';
export type { Notifier } from './notifier.js';
export type { Database } from './tables.js';
