/**
 * What every route handler receives: the storage, the caches and the caller. Handlers are plain
 * async functions keyed by route name; they return the response value, or `RawJson` bytes when
 * the serialised form is cached (large definitions are served straight from compressed bytes).
 */
import type { RouteName, RouteOutput, RouteRequest } from '@sextant/registry-client';
import type { Kysely } from 'kysely';
import type { BlobStore, Database } from '../storage/index.js';
import type { DefinitionCache } from './definition-cache.js';
import type { DocsCache } from './docs-cache.js';
import { fail } from './errors.js';
import type { DomainPolicy } from './host-ownership.js';
import type { Caller } from './identity.js';

/** Shared state of the registry. */
export interface RegistryContext {
  db: Kysely<Database>;
  blobs: BlobStore;
  /** The store an earlier configuration used (read when a blob is missing from `blobs`; ensure copies from it). */
  previousBlobs?: BlobStore;
  docsCache: DocsCache;
  definitions: DefinitionCache;
  /** Host suffix of preview URLs, e.g. `preview.localhost`. */
  previewDomain: string;
  /** Who may take a host nobody owns yet (mode, operator-approved hosts, DNS resolver). */
  domains: DomainPolicy;
}

/** One call's caller. */
export interface CallContext {
  caller: Caller | undefined;
}

/** Pre-serialised JSON: gzip bytes, sent with Content-Encoding when the client accepts it. */
export class RawJson {
  constructor(
    readonly gz: Buffer,
    readonly json: () => Promise<Buffer>,
  ) {}
}

/** The handler of route `N`. */
export type Handler<N extends RouteName> = (
  ctx: RegistryContext,
  request: RouteRequest<N>,
  call: CallContext,
) => Promise<RouteOutput<N> | RawJson>;

/** Handlers of a set of routes. */
export type Handlers<N extends RouteName> = { [K in N]: Handler<K> };

/** ISO text of a database timestamp. */
export function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** Validates a 1-based page number (InvalidPageError otherwise); defaults to 1. */
export function pageNumber(page: number | undefined): number {
  if (page === undefined) return 1;
  if (!Number.isInteger(page) || page < 1)
    fail('InvalidPageError', `page must be an integer of 1 or more, got ${page}`);
  return page;
}
