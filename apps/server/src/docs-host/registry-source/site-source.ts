/**
 * Where the docs host reads hosted sites from: the `app.docsSiteSource` decorator, provided by
 * one of two plugins, in-process (`in-process-source.ts`, the registry mounted in this server)
 * or over HTTP (`http-source.ts`, `--registry-url`). The docs host and its snippet-templates
 * route declare it as a dependency; a hosted docs host without one does not start.
 */
import type { LoadedDocs, RegistryClient } from '@sextant/registry-client';

/** Which sites changed: their stored URLs (`host/base`), or all. */
export type InvalidatedSites = string[] | 'all';

/** A file linked to a hosted docs version, as the docs host addresses it. */
export interface SiteFileRef {
  fileId: string;
  sha256: string;
}

/** What the docs host needs of the registry. */
export interface SiteSource {
  /** `inprocess` or `http` (logs and readiness). */
  readonly kind: 'inprocess' | 'http';
  /** The docs served at `url` (host plus path): definition, APIs, owner, linked files; undefined when none. */
  loadDocsForUrl(url: string): Promise<LoadedDocs | undefined>;
  /** Hears invalidations (every replica's). Returns unsubscribe. */
  onDocsInvalidated(listener: (urls: InvalidatedSites) => void): () => void;
  /** The bytes of a file linked to the site stored at `siteUrl`; undefined when it is not linked. */
  readDocsFile(siteUrl: string, file: SiteFileRef): Promise<Uint8Array | undefined>;
  /** The typed registry client (snippet templates); in-process it goes through `inject`. */
  client(): RegistryClient;
  /** Resolves when the registry answers; rejects with the reason it does not (readiness). */
  check(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    docsSiteSource: SiteSource;
  }
}

/** Fastify plugin name both source plugins carry (parts depend on it by name). */
export const SITE_SOURCE_PLUGIN = 'sextant-docs-site-source';
