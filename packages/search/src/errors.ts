/** The error catalogue of @sextant/search. */
import { type ErrorCatalogue, SextantError } from '@sextant/definition/errors';

/** A serialized search index of another format version (built by another release). */
export class SearchIndexFormatError extends SextantError<'SearchIndexFormatError'> {
  constructor(found: unknown, expected: number) {
    super('SearchIndexFormatError', `search index format ${String(found)} is not ${expected}`, {
      details: { found, expected },
    });
  }
}

export const searchErrors: ErrorCatalogue = {
  packageName: '@sextant/search',
  entries: [
    {
      code: 'SearchIndexFormatError',
      description: 'A serialized search index has another format version; rebuild it.',
      example: () => new SearchIndexFormatError(1, 2),
    },
  ],
};
