/**
 * Blob store in S3-compatible storage (`--blob-store s3://bucket/prefix`) through
 * @aws-sdk/client-s3: the endpoint from AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL (path-style
 * addressing when one is set: MinIO, s3rver, Ceph), the region from AWS_REGION (default
 * us-east-1), credentials from the SDK's standard chain (AWS_ACCESS_KEY_ID, profiles, roles).
 * Objects are `<prefix>/<key>`; reads stream the object body.
 */
import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { type BlobStore, BlobStoreUnavailableError, checkBlobKey, singleChunk } from './blob-store.js';

/** Bucket and key prefix of an `s3://bucket/prefix` address. */
export interface S3Location {
  bucket: string;
  prefix: string;
}

/** Parses `s3://bucket[/prefix]`; undefined when `address` is not one. */
export function parseS3Address(address: string): S3Location | undefined {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(address);
  if (!match) return undefined;
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9._/-]+$/.test(prefix)) return undefined;
  return { bucket: match[1] as string, prefix };
}

/** Environment the store reads (process.env by default; tests pass their own). */
export type S3Environment = Partial<
  Record<
    'AWS_ENDPOINT_URL' | 'AWS_ENDPOINT_URL_S3' | 'AWS_REGION' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY',
    string | undefined
  >
>;

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** An S3 blob store at `location`. */
export function createS3BlobStore(location: S3Location, env: S3Environment = process.env): BlobStore {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  const client = new S3Client({
    region: env.AWS_REGION || 'us-east-1',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    // Keys given in `env` (tests); else the SDK's chain reads them (environment, profile, role).
    ...(env !== process.env && env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } }
      : {}),
    maxAttempts: 3,
  });
  const description = `s3://${location.bucket}${location.prefix ? `/${location.prefix}` : ''}`;
  const objectKey = (key: string) => (location.prefix ? `${location.prefix}/` : '') + checkBlobKey(key);
  const open = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  };
  return {
    description,
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: location.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      const object = await open(key);
      return object?.Body ? object.Body.transformToByteArray() : undefined;
    },
    async stream(key) {
      const body = (await open(key))?.Body;
      if (!body) return undefined;
      if (body instanceof Readable) return body;
      return singleChunk(await body.transformToByteArray());
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: location.bucket }));
      } catch (error) {
        const status = statusOf(error);
        const where = endpoint ? ` at ${endpoint}` : '';
        const next =
          status === 404
            ? 'create the bucket or fix the name in --blob-store'
            : status === 403 || status === 401
              ? 'check the AWS credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) and the bucket policy'
              : 'check AWS_ENDPOINT_URL and AWS_REGION, and that the storage service is running';
        const reason = status ? `HTTP ${status}` : (error as Error).message || (error as Error).name;
        throw new BlobStoreUnavailableError(
          `The S3 bucket "${location.bucket}"${where} cannot be used (${reason}): ${next}`,
        );
      }
    },
  };
}
