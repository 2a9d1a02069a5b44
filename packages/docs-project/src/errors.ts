/**
 * The error catalogue of @sextant/docs-project: a project that cannot be loaded, its templates,
 * and the specs it reads.
 */
import { type ErrorCatalogue, SextantError } from '@sextant/definition/errors';

/** The error a docs project that cannot be loaded raises: it names the file, line and pointer. */
export class DocsProjectError extends SextantError<'DocsProjectError'> {
  constructor(
    /** Path of the file at fault, relative to the project folder (`docs.yml`, `pages/a.md`). */
    readonly file: string,
    /** JSON pointer into that file (`/navigation/2/path`), '' for the whole file. */
    readonly pointer: string,
    readonly reason: string,
    /** 1-based line, when known. */
    readonly line?: number,
    /** The failure behind it (an API's import error), when there is one. */
    cause?: unknown,
  ) {
    super(
      'DocsProjectError',
      `${file}${line ? `:${line}` : ''}${pointer ? ` at ${pointer}` : ''}: ${reason}`,
      cause === undefined ? {} : { cause },
    );
  }
}

/** A generators.yml or templates file that cannot be used; the message names the file. */
export class ProjectTemplatesError extends SextantError<'ProjectTemplatesError'> {
  constructor(message: string) {
    super('ProjectTemplatesError', message);
  }
}

/** A spec loaded by URL names another file (a relative `$ref`), which a URL spec cannot reach. */
export class UrlSpecReferenceError extends SextantError<'UrlSpecReferenceError'> {
  constructor(readonly path: string) {
    super('UrlSpecReferenceError', `a spec loaded by URL cannot refer to other files (${path})`, {
      details: { path },
    });
  }
}

/** A file the last commit's API description refers to is not in git HEAD. */
export class NotInGitHeadError extends SextantError<'NotInGitHeadError'> {
  constructor(readonly file: string) {
    super('NotInGitHeadError', `${file} is not in git HEAD`, { details: { file } });
  }
}

export const docsProjectErrors: ErrorCatalogue = {
  packageName: '@sextant/docs-project',
  entries: [
    {
      code: 'DocsProjectError',
      description: 'The docs project cannot be loaded; the message names the file, line and JSON pointer.',
      example: () => new DocsProjectError('docs.yml', '/navigation/0', 'unknown key', 3),
    },
    {
      code: 'ProjectTemplatesError',
      description:
        'generators.yml or an SDK snippet templates file cannot be used; the message names the file.',
      example: () => new ProjectTemplatesError('generators.yml: cannot read sdk/go.json'),
    },
    {
      code: 'UrlSpecReferenceError',
      description: 'A spec loaded by URL refers to another file, which a URL spec cannot reach.',
      example: () => new UrlSpecReferenceError('schemas/pet.yaml'),
    },
    {
      code: 'NotInGitHeadError',
      description: "A file the last commit's API description refers to is not in git HEAD.",
      example: () => new NotInGitHeadError('openapi.yaml'),
    },
  ],
};
