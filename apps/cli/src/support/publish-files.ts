/**
 * The file half of a publish: hash the project's files, compare them with the files the domain
 * serves now, and upload exactly the ones the registry asks for after init (it answers
 * "stored" for content the organization already has).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { ProjectFile } from '@sextant/docs-project';
import {
  type DocsFileDeclaration,
  type DocsFileStatus,
  type LinkedDocsFile,
  MAX_DOCS_FILE_BYTES,
  type RegistryClient,
} from '@sextant/registry-client';
import { CliError } from './cli-error.js';

/** A project file with its content hash. */
export interface HashedFile extends ProjectFile {
  sha256: string;
}

/** What happened to one file: uploaded now, already stored by the registry, or (dry run / unchanged) not sent. */
export type FileStatus = 'uploaded' | 'stored' | 'unchanged' | 'would-upload';

/** One file in the publish result. */
export interface PublishedFile {
  path: string;
  size: number;
  sha256: string;
  contentType: string;
  status: FileStatus;
}

/** Reports progress: a line of text. */
export type FileProgress = (text: string) => void;

const UPLOAD_CONCURRENCY = 4;

/** `1.2 MB`, `340 kB`, `12 B`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function sha256Of(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Hashes every file (streamed); a file over the registry's cap fails before anything is sent. */
export async function hashFiles(
  files: readonly ProjectFile[],
  progress?: FileProgress,
): Promise<HashedFile[]> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  let done = 0;
  const hashed: HashedFile[] = [];
  for (const [index, file] of files.entries()) {
    if (file.size > MAX_DOCS_FILE_BYTES)
      throw new CliError(
        `${file.referencedAt}: "${file.path}" is ${formatBytes(file.size)}; the registry accepts files up to ${formatBytes(MAX_DOCS_FILE_BYTES)}`,
      );
    progress?.(
      `hashing ${file.path} (file ${index + 1} of ${files.length}, ${formatBytes(done)} of ${formatBytes(total)})`,
    );
    hashed.push({ ...file, sha256: await sha256Of(file.absolutePath) });
    done += file.size;
  }
  return hashed;
}

/** True when the files differ (path, content or type) from the ones the domain serves. */
export function filesChanged(
  local: readonly HashedFile[],
  published: Record<string, LinkedDocsFile>,
): boolean {
  const paths = Object.keys(published);
  if (paths.length !== local.length) return true;
  return local.some((file) => {
    const other = Object.hasOwn(published, file.path) ? published[file.path] : undefined;
    return other?.sha256 !== file.sha256 || other.contentType !== file.contentType;
  });
}

/** The init declaration of the files. */
export function declarations(files: readonly HashedFile[]): DocsFileDeclaration[] {
  return files.map((file) => ({
    path: file.path,
    sha256: file.sha256,
    size: file.size,
    contentType: file.contentType,
  }));
}

/** The plan without asking the registry: content the domain already serves is not sent again. */
export function plannedFiles(
  files: readonly HashedFile[],
  published: Record<string, LinkedDocsFile> | undefined,
  changed: boolean,
): PublishedFile[] {
  const known = new Set(Object.values(published ?? {}).map((file) => file.sha256));
  return files.map((file) => ({
    ...summary(file),
    status: !changed ? 'unchanged' : known.has(file.sha256) ? 'stored' : 'would-upload',
  }));
}

function summary(file: HashedFile): Omit<PublishedFile, 'status'> {
  return { path: file.path, size: file.size, sha256: file.sha256, contentType: file.contentType };
}

/**
 * Uploads the files init asked for (each content once, a few at a time), reporting progress by
 * files and bytes; returns every file with what happened to it.
 */
export async function uploadRequested(
  client: RegistryClient,
  files: readonly HashedFile[],
  statuses: readonly DocsFileStatus[],
  progress?: FileProgress,
): Promise<PublishedFile[]> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const uploads = new Map<string, HashedFile>();
  for (const status of statuses) {
    const file = byPath.get(status.path);
    if (status.status === 'upload' && file) uploads.set(status.upload.uploadId, file);
  }
  const queue = [...uploads.entries()];
  const totalBytes = queue.reduce((sum, [, file]) => sum + file.size, 0);
  let sentBytes = 0;
  let sentFiles = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [uploadId, file] = next;
      progress?.(
        `uploading ${file.path} (${formatBytes(file.size)}; ${sentFiles} of ${uploads.size} files, ${formatBytes(sentBytes)} of ${formatBytes(totalBytes)} sent)`,
      );
      await client.uploadDocsFile(
        { params: { uploadId }, body: await readFile(file.absolutePath) },
        { timeoutInSeconds: 300 },
      );
      sentBytes += file.size;
      sentFiles++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, queue.length) }, worker));
  const uploadedHashes = new Set([...uploads.values()].map((file) => file.sha256));
  return files.map((file) => {
    const status = statuses.find((entry) => entry.path === file.path);
    const uploaded = status?.status === 'upload' && uploadedHashes.has(file.sha256);
    return { ...summary(file), status: uploaded ? 'uploaded' : 'stored' };
  });
}
