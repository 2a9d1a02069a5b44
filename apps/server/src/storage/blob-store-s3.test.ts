/**
 * The S3 blob store against a real s3rver on a free loopback port through @aws-sdk/client-s3:
 * write, read, stream, has; a missing bucket and an unreachable endpoint are clear start-up
 * errors; through the registry (PGlite, a real token) uploads land in the bucket, files an
 * earlier configuration kept in the folder store stay readable, and ensure-docs-in-s3 /
 * prepopulate-s3-bucket copy them into the bucket, idempotently, answering counts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRegistryClient } from '@sextant/registry-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { publishFiles, sha256Of } from '../registry/testing/publish-files.js';
import { startRegistryServer } from '../registry/testing/servers.js';
import { BlobStoreUnavailableError, createFileBlobStore } from './blob-store.js';
import { createS3BlobStore, parseS3Address } from './blob-store-s3.js';
import { startS3Server, type TestS3Server } from './testing/s3-server.js';

const BUCKET = 'sextant-blobs';
let s3: TestS3Server;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
  dataDir = await mkdtemp(join(tmpdir(), 'sextant-s3-test-'));
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('S3 blob store (s3rver)', () => {
  it('parses s3:// addresses and refuses others', () => {
    expect(parseS3Address('s3://bucket')).toEqual({ bucket: 'bucket', prefix: '' });
    expect(parseS3Address('s3://my.bucket/a/b/')).toEqual({ bucket: 'my.bucket', prefix: 'a/b' });
    for (const bad of ['s3://', 's3://B', 'http://bucket/x', 's3://bucket/a b', 'bucket/x'])
      expect(parseS3Address(bad), bad).toBeUndefined();
  });

  it('writes, reads, streams and answers has; a missing key is undefined', async () => {
    const store = createS3BlobStore({ bucket: BUCKET, prefix: 'unit' }, s3.env);
    await store.check();
    const bytes = Buffer.from(`bytes ${Math.random()}`.repeat(1000));
    expect(await store.has('docs-files/o/ab/x')).toBe(false);
    expect(await store.get('docs-files/o/ab/x')).toBeUndefined();
    expect(await store.stream('docs-files/o/ab/x')).toBeUndefined();
    await store.put('docs-files/o/ab/x', bytes);
    expect(await store.has('docs-files/o/ab/x')).toBe(true);
    expect(Buffer.from((await store.get('docs-files/o/ab/x')) ?? []).equals(bytes)).toBe(true);
    const parts: Uint8Array[] = [];
    for await (const part of (await store.stream('docs-files/o/ab/x')) ?? []) parts.push(part);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    // Under the prefix, not at the bucket's root.
    expect(
      await createS3BlobStore({ bucket: BUCKET, prefix: '' }, s3.env).has('unit/docs-files/o/ab/x'),
    ).toBe(true);
    await expect(store.put('../escape', bytes)).rejects.toThrow(/Invalid blob key/);
  });

  it('a missing bucket or an unreachable endpoint is a clear error', async () => {
    const missing = createS3BlobStore({ bucket: 'no-such-bucket', prefix: '' }, s3.env);
    const error = await missing.check().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlobStoreUnavailableError);
    expect((error as Error).message).toContain('"no-such-bucket"');
    expect((error as Error).message).toContain('create the bucket');
    const port = await closedPort();
    const away = createS3BlobStore(
      { bucket: BUCKET, prefix: '' },
      { ...s3.env, AWS_ENDPOINT_URL: `http://127.0.0.1:${port}` },
    );
    await expect(away.check()).rejects.toThrow(/cannot be used .*check AWS_ENDPOINT_URL/);
  });
});

describe('registry with --blob-store s3://', () => {
  const saved = { ...process.env };
  beforeAll(() => Object.assign(process.env, s3.env));
  afterAll(() => {
    for (const key of Object.keys(s3.env)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it('refuses to start on a missing bucket, naming it', async () => {
    const app = await buildServer({
      mode: 'local',
      blobStore: 's3://absent-bucket/x',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
    });
    try {
      await expect(app.registry.ready()).rejects.toThrow(/S3 bucket "absent-bucket" .* create the bucket/);
    } finally {
      await app.close();
    }
  });

  it('keeps uploads in the bucket; ensure and prepopulate copy what the folder store had', async () => {
    // First the embedded default: files in <data-dir>/blobs.
    const before = await startRegistryServer({ dataDir });
    const logo = Buffer.from(`\x89PNG logo ${Math.random()}`);
    const icon = Buffer.from(`\x89PNG icon ${Math.random()}`);
    const client = () =>
      createRegistryClient({ baseUrl: server.baseUrl, token: server.token, baseDelayMs: 10 });
    let server = before;
    const old = await publishFiles(client(), 'local', 'old.local.test', {
      'logo.png': logo,
      'icon.png': icon,
    });
    await before.close();
    const folder = createFileBlobStore(join(dataDir, 'blobs'));

    server = await startRegistryServer({ dataDir, blobStore: `s3://${BUCKET}/sextant` });
    try {
      const bucket = createS3BlobStore({ bucket: BUCKET, prefix: 'sextant' }, s3.env);
      // Read through from the previous store until copied.
      const logoId = old.docs.files['logo.png']?.fileId as string;
      expect(Buffer.from((await server.app.registry.readDocsFile(logoId)) ?? []).equals(logo)).toBe(true);

      const registry = client();
      const ensured = await registry.ensureDocsInBlobStore({ body: { url: 'old.local.test' } });
      expect(ensured).toMatchObject({ written: true, files: { total: 2, copied: 2, missing: 0 } });
      expect(await bucket.has(ensured.key)).toBe(true);
      const again = await registry.ensureDocsInBlobStore({ body: { url: 'old.local.test' } });
      expect(again).toMatchObject({ written: false, files: { total: 2, copied: 0, missing: 0 } });

      // New uploads go to the bucket, not the folder.
      const fresh = Buffer.from(`\x89PNG fresh ${Math.random()}`);
      const published = await publishFiles(registry, 'local', 'new.local.test', {
        'fresh.png': fresh,
        'logo.png': logo,
      });
      expect(published.uploaded).toBe(1);
      const database = await server.app.registry.database();
      const freshKey = (
        await database.db
          .selectFrom('docs_files')
          .select('blob_key')
          .where('sha256', '=', sha256Of(fresh))
          .executeTakeFirstOrThrow()
      ).blob_key;
      expect(await bucket.has(freshKey)).toBe(true);
      expect(await folder.has(freshKey)).toBe(false);
      const freshId = published.docs.files['fresh.png']?.fileId as string;
      expect(Buffer.from((await server.app.registry.readDocsFile(freshId)) ?? []).equals(fresh)).toBe(true);

      // Prepopulate: every docs URL's bundle and files; a second run writes nothing.
      const first = await registry.prepopulateBlobStore({ body: { orgId: 'local' } });
      expect(first).toEqual({ total: 2, written: 1, files: { total: 4, copied: 0, missing: 0 } });
      expect(await registry.prepopulateBlobStore({ body: {} })).toEqual({
        total: 2,
        written: 0,
        files: { total: 4, copied: 0, missing: 0 },
      });
      // Without a token, or for another organization: refused.
      const anonymous = createRegistryClient({ baseUrl: server.baseUrl, baseDelayMs: 10 });
      await expect(anonymous.ensureDocsInBlobStore({ body: { url: 'old.local.test' } })).rejects.toThrow();
    } finally {
      await server.close();
    }
  });
});
