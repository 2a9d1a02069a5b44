/**
 * Blob store: where docs files and docs bundles live (uploads, ensure-docs-in-s3,
 * prepopulate-s3-bucket). The interface is S3-shaped (put, get, stream, has by key); this module
 * holds the interface, the folder store (writes made atomic by a rename so a crash never leaves
 * half a blob under its key) and the memory store. PostgreSQL and S3 stores are beside it
 * (blob-store-postgres.ts, blob-store-s3.ts); blob-store-select.ts picks one from the options.
 */

import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { SextantError } from '@sextant/definition/errors';
import { InvalidBlobKeyError } from '../errors.js';

/** Key/value storage of bytes. */
export interface BlobStore {
  /** What it is, for logs and errors (`fs:/var/blobs`, `postgres`, `s3://bucket/prefix`). */
  readonly description: string;
  /** Stores `bytes` under `key` (replacing nothing: keys are content addresses or immutable bundles). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The whole blob, or undefined. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** The blob as a sequence of chunks (memory bounded by one chunk), or undefined. */
  stream(key: string): Promise<AsyncIterable<Uint8Array> | undefined>;
  has(key: string): Promise<boolean>;
  /** Fails with BlobStoreUnavailableError when the store cannot be used (checked at start). */
  check(): Promise<void>;
}

/** The blob store cannot be reached or used; the message says what to fix. */
export class BlobStoreUnavailableError extends SextantError<'BlobStoreUnavailableError'> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('BlobStoreUnavailableError', message, options);
  }
}

/** One chunk as a stream. */
export async function* singleChunk(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/** Keys are relative paths of safe characters (every store accepts the same keys). */
export function checkBlobKey(key: string): string {
  if (!/^[A-Za-z0-9._/-]+$/.test(key) || key.includes('..') || key.startsWith('/'))
    throw new InvalidBlobKeyError(key);
  return key;
}

/** A blob store in a folder. */
export function createFileBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    const path = resolve(join(base, checkBlobKey(key)));
    if (!path.startsWith(base + sep)) throw new InvalidBlobKeyError(key);
    return path;
  };
  return {
    description: `fs:${base}`,
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async stream(key) {
      const path = pathOf(key);
      return (await this.has(key)) ? createReadStream(path) : undefined;
    },
    async has(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async check() {
      try {
        await mkdir(base, { recursive: true });
      } catch (error) {
        throw new BlobStoreUnavailableError(
          `The blob folder ${base} cannot be created (${(error as Error).message}): choose another with --blob-dir`,
        );
      }
    },
  };
}

/** A blob store in memory (tests, in-memory databases). */
export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, Uint8Array>();
  return {
    description: 'memory',
    async put(key, bytes) {
      blobs.set(checkBlobKey(key), bytes);
    },
    async get(key) {
      return blobs.get(key);
    },
    async stream(key) {
      const bytes = blobs.get(key);
      return bytes && singleChunk(bytes);
    },
    async has(key) {
      return blobs.has(key);
    },
    async check() {},
  };
}
