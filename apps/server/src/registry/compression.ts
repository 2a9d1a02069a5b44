/** JSON stored gzip-compressed: definitions are large and compress ~10×. */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { rememberJsonBytes } from '../docs-host/index.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Serialises and compresses a JSON value. */
export async function packJson(value: unknown): Promise<{ gz: Buffer; json: Buffer }> {
  const json = Buffer.from(JSON.stringify(value));
  return { gz: await gzipAsync(json, { level: 6 }), json };
}

/** Decompresses stored JSON bytes (without parsing). */
export async function unpackBytes(gz: Uint8Array): Promise<Buffer> {
  return gunzipAsync(gz);
}

/** Parses JSON bytes, remembering their length for the caches' byte estimates (`jsonHeapBytes`). */
export function parseJsonBytes<T>(json: Buffer): T {
  return rememberJsonBytes(JSON.parse(json.toString('utf8')) as T, json.length);
}

/** Decompresses and parses stored JSON. */
export async function unpackJson<T>(gz: Uint8Array): Promise<T> {
  return parseJsonBytes<T>(await gunzipAsync(gz));
}
