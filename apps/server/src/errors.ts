/**
 * The coded errors of @sextant/server's parts that have no part of their own. Its catalogue, with
 * every code the server throws or answers with outside the registry's wire catalogue, is
 * `error-catalogue.ts`.
 */
import { SextantError } from '@sextant/definition/errors';

/** The docs host runs in local mode but was given no project folder. */
export class LocalProjectMissingError extends SextantError<'LocalProjectMissingError'> {
  constructor() {
    super('LocalProjectMissingError', 'the docs host runs in local mode without a project folder');
  }
}

/** The registry ended its invalidation event stream; the docs host reconnects. */
export class EventStreamClosedError extends SextantError<'EventStreamClosedError'> {
  constructor() {
    super('EventStreamClosedError', 'the registry closed the event stream');
  }
}

/** A site route was declared with a path that is not absolute, or twice. */
export class SiteRouteError extends SextantError<'SiteRouteError'> {
  constructor(message: string) {
    super('SiteRouteError', message);
  }
}

/** A readiness check did not settle in time. */
export class ReadinessTimeoutError extends SextantError<'ReadinessTimeoutError'> {
  constructor(readonly timeoutMs: number) {
    super('ReadinessTimeoutError', `the check did not answer within ${timeoutMs} ms`, {
      details: { timeoutMs },
    });
  }
}

/** The site has no API reference at the slug an llms text was asked for. */
export class NoSuchApiTextError extends SextantError<'NoSuchApiTextError'> {
  constructor(message: string) {
    super('NoSuchApiTextError', message);
  }
}

/** A docs site's URL rows grouped without one row: a broken invariant of the registry's query. */
export class EmptyDocsSiteGroupError extends SextantError<'EmptyDocsSiteGroupError'> {
  constructor() {
    super('EmptyDocsSiteGroupError', 'a docs site group holds no URL');
  }
}

/** A blob key outside the safe characters, or one that would leave the store's folder. */
export class InvalidBlobKeyError extends SextantError<'InvalidBlobKeyError'> {
  constructor(readonly key: string) {
    super('InvalidBlobKeyError', `Invalid blob key "${key}"`);
  }
}

/** A stored blob misses chunks (the database was edited by hand?). */
export class BlobChunksMissingError extends SextantError<'BlobChunksMissingError'> {
  constructor(key: string, from: number) {
    super(
      'BlobChunksMissingError',
      `Blob "${key}" lacks chunks after ${from} (the database was edited by hand?)`,
    );
  }
}

/** PGlite's initdb, run in a worker, failed. */
export class PgliteInitError extends SextantError<'PgliteInitError'> {
  constructor(exitCode: number) {
    super('PgliteInitError', `PGlite initdb worker exited with code ${exitCode}`);
  }
}

/** Another process is making the same PGlite data directory. */
export class DataDirBusyError extends SextantError<'DataDirBusyError'> {
  constructor(dir: string) {
    super(
      'DataDirBusyError',
      `PGlite data directory ${dir} could not be made: another process is writing there`,
    );
  }
}

/** PGlite has no cursors: Kysely's streamQuery is not offered on it. */
export class StreamQueryUnsupportedError extends SextantError<'StreamQueryUnsupportedError'> {
  constructor() {
    super('StreamQueryUnsupportedError', 'streamQuery is not supported on PGlite');
  }
}

/** A part asked for the registry's database in a process that runs none. */
export class NoRegistryDatabaseError extends SextantError<'NoRegistryDatabaseError'> {
  constructor() {
    super(
      'NoRegistryDatabaseError',
      'no registry database in this process: run the registry, or set DATABASE_URL',
    );
  }
}
