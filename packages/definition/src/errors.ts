/**
 * The error catalogue of @sextant/definition: every code this package throws, with its meaning.
 * The classes live beside the code that throws them; this file names them all in one place.
 */
import { InvalidSemverError } from './diff/next-version.js';
import { DocsDefinitionError } from './docs/build-docs-definition.js';
import { DefinitionImportError } from './ir/import-result.js';
import {
  type ErrorCatalogue,
  SextantError,
  ThrownValueError,
  UnexpectedStatusError,
} from './sextant-error.js';
import { SliceTargetNotFoundError } from './slice/slice.js';

/** A JSON pointer that does not start with `/` (RFC 6901 pointers are '' or start with '/'). */
export class JsonPointerSyntaxError extends SextantError<'JsonPointerSyntaxError'> {
  constructor(readonly pointer: string) {
    super('JsonPointerSyntaxError', `JSON pointer must start with "/": ${pointer}`, { details: { pointer } });
  }
}

/** A regex feature the example sampler does not draw from (the sampler then gives up on the pattern). */
export class UnsupportedPatternError extends SextantError<'UnsupportedPatternError'> {
  constructor(readonly feature: string) {
    super('UnsupportedPatternError', `the pattern sampler does not support ${feature}`, {
      details: { feature },
    });
  }
}

export {
  DefinitionImportError,
  DocsDefinitionError,
  InvalidSemverError,
  SliceTargetNotFoundError,
  ThrownValueError,
};

export const definitionErrors: ErrorCatalogue = {
  packageName: '@sextant/definition',
  entries: [
    {
      code: 'DefinitionImportError',
      description:
        'An API description cannot be imported; the message names the file, line and JSON pointer.',
      example: () => new DefinitionImportError('openapi.yaml', '/paths', 'must be an object', 3),
    },
    {
      code: 'DocsDefinitionError',
      description: 'A navigation entry points at an API the project does not hold.',
      example: () => new DocsDefinitionError('navigation entry "api" names no API'),
    },
    {
      code: 'InvalidSemverError',
      description: 'A version is not a semantic version (MAJOR.MINOR.PATCH).',
      example: () => new InvalidSemverError('one'),
    },
    {
      code: 'JsonPointerSyntaxError',
      description: 'A JSON pointer does not start with "/".',
      example: () => new JsonPointerSyntaxError('paths'),
    },
    {
      code: 'SliceTargetNotFoundError',
      description: 'The endpoint, channel or webhook to show is not in the API definition.',
      example: () => new SliceTargetNotFoundError('endpoint', 'pets.list'),
    },
    {
      code: 'ThrownValueError',
      description: 'Something other than an Error was thrown; its text is the message.',
      example: () => new ThrownValueError('boom'),
    },
    {
      code: 'UnexpectedStatusError',
      description: 'A call over HTTP answered a status the caller cannot use (the message names the call).',
      example: () => new UnexpectedStatusError('the search index', 404),
    },
    {
      code: 'UnsupportedPatternError',
      description: 'A regex feature the example sampler does not draw from; the example is left out.',
      example: () => new UnsupportedPatternError('lookaround'),
    },
  ],
};
