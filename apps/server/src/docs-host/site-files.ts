/**
 * A site's own files (images, downloads, the favicon) at `{base}/_sextant/files/…`: in local
 * mode by project path, read from the project folder; in hosted mode by content hash, read from
 * the registry, only the files linked to the site's docs version.
 */
import { readFile } from 'node:fs/promises';
import { join, normalize, posix, relative, sep } from 'node:path';
import { contentTypeOf } from '@sextant/docs-project';
import type { DocsSite } from '@sextant/docs-site';
import type { SiteSource } from './registry-source/site-source.js';
import type { HostedFile, ResolvedSite } from './resolved-site.js';

export const FILES_PREFIX = '/_sextant/files/';

/** A file's bytes and the allowlisted type of its extension; `sha256` when content-addressed. */
export interface SiteFile {
  body: Buffer;
  contentType: string;
  sha256?: string;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** Local mode: files by project path, read from disk. */
export function localFileUrl(basePath: string, path: string): string {
  return `${basePath}${FILES_PREFIX}${encodePath(path)}`;
}

/** Hosted mode: files by content hash (immutable), named for the reader; undefined when not linked. */
export function hostedFileUrl(
  basePath: string,
  path: string,
  file: HostedFile | undefined,
): string | undefined {
  return file && `${basePath}${FILES_PREFIX}${file.sha256}/${encodeURIComponent(posix.basename(path))}`;
}

/** Reads `file` only when it lies inside `dir`. */
export async function readInside(dir: string, file: string): Promise<Buffer | undefined> {
  const full = normalize(join(dir, file));
  const inside = relative(dir, full);
  if (inside.startsWith('..') || inside.split(sep).includes('..')) return undefined;
  return readFile(full).catch(() => undefined);
}

/** Reads sites' files; hosted files through `source` (undefined in local mode). */
export function createSiteFiles(source: () => SiteSource | undefined) {
  /** Served with the allowlisted type of its extension, never the type its publisher declared. */
  const readLinked = async (
    siteUrl: string,
    linked: HostedFile,
    path: string,
  ): Promise<SiteFile | undefined> => {
    const bytes = await source()?.readDocsFile(siteUrl, linked);
    // A view of the bytes, not a copy: a large file is held once per request, not twice.
    const body = bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return body && { body, contentType: contentTypeOf(path), sha256: linked.sha256 };
  };

  /** A file of the site by project path: from disk (local) or the registry (hosted, linked files only). */
  const byPath = async (resolved: ResolvedSite, path: string): Promise<SiteFile | undefined> => {
    if (resolved.hostedFiles) {
      const linked = Object.hasOwn(resolved.hostedFiles, path) ? resolved.hostedFiles[path] : undefined;
      return linked && readLinked(resolved.hostedUrl ?? '', linked, path);
    }
    if (!resolved.projectDir || !resolved.files.includes(path)) return undefined;
    const body = await readInside(resolved.projectDir, path);
    return body && { body, contentType: contentTypeOf(path) };
  };

  /** `{sha256}/{name}` of the site's own linked files: one tenant never reaches another's bytes. */
  const byHash = async (
    siteUrl: string,
    files: Record<string, HostedFile>,
    address: string,
  ): Promise<SiteFile | undefined> => {
    const match = /^([0-9a-f]{64})\/([^/]+)$/.exec(address);
    if (!match) return undefined;
    const [, sha256, name] = match;
    const candidates = Object.entries(files).filter(([, file]) => file.sha256 === sha256);
    const named = candidates.find(([path]) => posix.basename(path) === name) ?? candidates[0];
    return named && readLinked(siteUrl, named[1], named[0]);
  };

  return {
    byPath,
    /** The file a `/_sextant/files/{address}` URL names: a project path (local) or `{sha256}/{name}` (hosted). */
    byAddress(resolved: ResolvedSite, address: string): Promise<SiteFile | undefined> {
      return resolved.hostedFiles
        ? byHash(resolved.hostedUrl ?? '', resolved.hostedFiles, address)
        : byPath(resolved, address);
    },
  };
}

export type SiteFiles = ReturnType<typeof createSiteFiles>;

/** A site's file URLs: the site's own (hosted: by hash), else by project path under `basePath`. */
export function siteFileUrl(site: DocsSite, basePath: string): (path: string) => string {
  return (path) => site.fileUrl?.(path) ?? localFileUrl(basePath, path);
}
