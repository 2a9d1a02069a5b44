/**
 * A real S3-compatible server for tests: s3rver (in process) on a free loopback port with a
 * temporary folder, buckets created up front. `env` is what a Sextant server needs to use it
 * (endpoint, region, the keys s3rver accepts); pass `--blob-store s3://<bucket>/<prefix>`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/** A running s3rver. */
export interface TestS3Server {
  endpoint: string;
  /** AWS_ENDPOINT_URL, AWS_REGION and the access keys s3rver accepts. */
  env: {
    AWS_ENDPOINT_URL: string;
    AWS_REGION: string;
    AWS_ACCESS_KEY_ID: string;
    AWS_SECRET_ACCESS_KEY: string;
  };
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (any free port) with `buckets` created. */
export async function startS3Server(buckets: readonly string[]): Promise<TestS3Server> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = await mkdtemp(join(tmpdir(), 'sextant-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
