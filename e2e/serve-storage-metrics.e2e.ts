/**
 * The built `sextant serve` with `--blob-store s3://…` against a real s3rver on loopback and
 * `--metrics-token`: a docs file uploaded through the registry lands in the bucket, GET /metrics
 * wants the token and counts the upload under its route pattern; a missing bucket is one error
 * line and exit 1.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createRegistryClient } from '@sextant/registry-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore } from '../apps/server/src/storage/blob-store-s3.js';
import { startS3Server, type TestS3Server } from '../apps/server/src/storage/testing/s3-server.js';
import { runCli, startCli, tempDir } from './cli-harness.js';

const BUCKET = 'sextant-e2e';
const TOKEN = 'e2e-metrics-token-42';
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server([BUCKET]);
});
afterAll(async () => {
  await s3?.close();
});

describe('sextant serve --blob-store s3:// --metrics-token', () => {
  it('stores uploads in the bucket and serves metrics to the token holder', async () => {
    const serve = startCli(
      [
        'serve',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--no-docs',
        '--no-proxy',
        '--no-ws-proxy',
        '--data-dir',
        join(await tempDir(), 'data'),
        '--blob-store',
        `s3://${BUCKET}/files`,
        '--create-org',
        'acme',
        '--allow-domain',
        'docs.acme.test',
        // /metrics answers on the console host only.
        '--console-host',
        '127.0.0.1',
      ],
      { env: { ...s3.env, SEXTANT_METRICS_TOKEN: TOKEN } },
    );
    try {
      const url = (await serve.waitFor(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/, 150_000))[1]!;
      const token = await serve.credential(/admin token of organization acme: (\S+)/);
      const client = createRegistryClient({ baseUrl: url, token, maxRetries: 0 });
      const logo = Buffer.from(`\x89PNG e2e ${Math.random()}`);
      const sha256 = createHash('sha256').update(logo).digest('hex');
      const init = await client.initDocsRegistrationV2({
        body: {
          orgId: 'acme',
          domain: 'docs.acme.test',
          files: [{ path: 'logo.png', sha256, size: logo.length, contentType: 'image/png' }],
        },
      });
      const status = init.files[0];
      if (status?.status !== 'upload') throw new Error('expected an upload target');
      await client.uploadDocsFile({ params: { uploadId: status.upload.uploadId }, body: logo });

      const bucket = createS3BlobStore({ bucket: BUCKET, prefix: 'files' }, s3.env);
      const org = createHash('sha256').update('acme').digest('hex').slice(0, 32);
      const stored = await bucket.get(`docs-files/${org}/${sha256.slice(0, 2)}/${sha256}`);
      expect(Buffer.from(stored ?? []).equals(logo)).toBe(true);

      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const metrics = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toContain(
        'sextant_http_requests_total{part="registry",route="/v2/registry/docs/files/:uploadId",method="PUT",status_class="2xx"} 1',
      );
      expect(text).toMatch(/^sextant_db_query_duration_seconds_count\{operation="insert"\} [1-9]/m);
      expect(text).not.toContain(status.upload.uploadId);
    } finally {
      await serve.stop('SIGKILL');
    }
  });

  it('a missing bucket is one error line and exit 1', async () => {
    const run = await runCli(
      ['serve', '--port', '0', '--no-docs', '--data-dir', join(await tempDir(), 'data')],
      { env: { ...s3.env, SEXTANT_BLOB_STORE: 's3://absent-bucket/x' } },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^error: the blob store cannot be used: The S3 bucket "absent-bucket" at http:\/\/127\.0\.0\.1:\d+ cannot be used \(HTTP 404\): create the bucket/m,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
