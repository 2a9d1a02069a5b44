/** The site a request resolved to, local or hosted, with what its files are read from. */
import type { DocsSite } from '@sextant/docs-site';

/** A file linked to a hosted docs version (the registry's `files` entry). */
export interface HostedFile {
  fileId: string;
  sha256: string;
  contentType: string;
}

export interface ResolvedSite {
  site: DocsSite;
  basePath: string;
  /** Local mode: the project files served from disk (project paths). */
  files: string[];
  projectDir?: string;
  /** Hosted mode: the files linked to the docs version, by project path. */
  hostedFiles?: Record<string, HostedFile>;
  /** Hosted mode: the stored docs URL (`host/base`) the files are read under. */
  hostedUrl?: string;
  /** Hosted mode: the owner and the docs URL the registry serves the site under. */
  hostedOwner?: { orgId: string; docsUrl: string };
}
