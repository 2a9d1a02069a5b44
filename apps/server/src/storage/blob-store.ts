/**
 * Blob store: where docs bundles go for ensure-docs-in-s3 and prepopulate-s3-bucket. The
 * interface is S3-shaped (put, get, has by key); the default implementation is a folder, with
 * writes made atomic by a rename so a crash never leaves half a blob under its key.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Key/value storage of bytes. */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | undefined>;
  has(key: string): Promise<boolean>;
}

/** A blob store in a folder; keys are relative paths of safe characters. */
export function createFileBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    if (!/^[A-Za-z0-9._/-]+$/.test(key) || key.includes('..')) throw new Error(`Invalid blob key "${key}"`);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`Invalid blob key "${key}"`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async has(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}

/** A blob store in memory (tests, in-memory databases). */
export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, Uint8Array>();
  return {
    async put(key, bytes) {
      blobs.set(key, bytes);
    },
    async get(key) {
      return blobs.get(key);
    },
    async has(key) {
      return blobs.has(key);
    },
  };
}
