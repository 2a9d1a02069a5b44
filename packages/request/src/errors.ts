/**
 * Every error of @sextant/request, each a named class with a stable code. The messages are SPEC §8
 * "Snippet errors" verbatim, so the UI can show `error.message` as is.
 */
import { type ErrorCatalogue, SextantError } from '@sextant/definition/errors';

export type RequestErrorCode =
  | 'SnippetGeneratorsError'
  | 'NoSdkSnippetError'
  | 'SnippetGenerationError'
  | 'SnippetError'
  | 'UnsupportedLanguageError'
  | 'NoLanguageConfigurationError'
  | 'NoDefaultExampleError'
  | 'EndpointNotFoundError'
  | 'InvalidEndpointReferenceError';

/** Base class: `code` is the class name, `message` is the SPEC text. */
export class RequestError extends SextantError<RequestErrorCode> {}

/** The snippet templates could not be read (invalid JSON shape). */
export class SnippetGeneratorsError extends RequestError {
  constructor(cause?: unknown) {
    super('SnippetGeneratorsError', 'Failed to create snippet generators', { cause });
  }
}

/** The SDK is configured for the language, but this endpoint has no template in it. */
export class NoSdkSnippetError extends RequestError {
  constructor(readonly language: string) {
    super('NoSdkSnippetError', `No SDK snippet available for ${language}`);
  }
}

/** A template failed while being filled in. */
export class SnippetGenerationError extends RequestError {
  constructor(
    readonly language: string,
    reason: string,
    cause?: unknown,
  ) {
    super('SnippetGenerationError', `Failed to generate ${language} code: ${reason}`, { cause });
  }
}

/** Something other than an `Error` was thrown while generating. */
export class SnippetError extends RequestError {
  constructor(cause?: unknown) {
    super('SnippetError', 'Error generating code snippet', { cause });
  }
}

/** Not a language snippets exist for (SPEC §9 list, plus Java of SPEC §2). */
export class UnsupportedLanguageError extends RequestError {
  constructor(readonly language: string) {
    super('UnsupportedLanguageError', 'Unsupported language');
  }
}

/** A supported SDK language for which the API has no SDK configured. */
export class NoLanguageConfigurationError extends RequestError {
  constructor(readonly language: string) {
    super('NoLanguageConfigurationError', 'No configuration found for language');
  }
}

/** No values were given and the endpoint has no example to start from. */
export class NoDefaultExampleError extends RequestError {
  constructor(readonly endpointId: string) {
    super('NoDefaultExampleError', 'No default example found for endpoint');
  }
}

/** A well-formed `METHOD /path` reference that matches no endpoint. */
export class EndpointNotFoundError extends RequestError {
  constructor(readonly reference: string) {
    super('EndpointNotFoundError', `Failed to find endpoint identified by ${reference}`);
  }
}

/** The reference is not `METHOD /path` (SPEC §5). */
export class InvalidEndpointReferenceError extends RequestError {
  constructor(readonly reference: string) {
    super('InvalidEndpointReferenceError', 'Invalid endpoint reference');
  }
}

/** Why an authorization redirect cannot be used. */
export type OAuthRedirectFailure =
  | 'state-mismatch'
  | 'missing-state'
  | 'missing-code'
  | 'provider-error'
  | 'bad-authorization-url';

/** The authorization redirect cannot be used; `failure` says why. */
export class OAuthRedirectError extends SextantError<'OAuthRedirectError'> {
  constructor(
    readonly failure: OAuthRedirectFailure,
    message: string,
  ) {
    super('OAuthRedirectError', message, { details: { failure } });
  }
}

/** A template that cannot be filled (its author's mistake, not the reader's). */
export class TemplateResolutionError extends SextantError<'TemplateResolutionError'> {
  constructor(message: string) {
    super('TemplateResolutionError', message);
  }
}

export const requestErrors: ErrorCatalogue = {
  packageName: '@sextant/request',
  entries: [
    {
      code: 'SnippetGeneratorsError',
      description: 'The snippet templates could not be read.',
      example: () => new SnippetGeneratorsError(),
    },
    {
      code: 'NoSdkSnippetError',
      description: 'The SDK has no template for this endpoint.',
      example: () => new NoSdkSnippetError('go'),
    },
    {
      code: 'SnippetGenerationError',
      description: 'A snippet template failed while being filled in.',
      example: () => new SnippetGenerationError('go', 'bad value'),
    },
    {
      code: 'SnippetError',
      description: 'Something other than an Error was thrown while generating a snippet.',
      example: () => new SnippetError('x'),
    },
    {
      code: 'UnsupportedLanguageError',
      description: 'Not a language snippets exist for.',
      example: () => new UnsupportedLanguageError('cobol'),
    },
    {
      code: 'NoLanguageConfigurationError',
      description: 'The API has no SDK configured for this language.',
      example: () => new NoLanguageConfigurationError('go'),
    },
    {
      code: 'NoDefaultExampleError',
      description: 'No values were given and the endpoint has no example.',
      example: () => new NoDefaultExampleError('pets.list'),
    },
    {
      code: 'EndpointNotFoundError',
      description: 'A `METHOD /path` reference matches no endpoint.',
      example: () => new EndpointNotFoundError('GET /nothing'),
    },
    {
      code: 'InvalidEndpointReferenceError',
      description: 'An endpoint reference is not `METHOD /path`.',
      example: () => new InvalidEndpointReferenceError('pets'),
    },
    {
      code: 'OAuthRedirectError',
      description: 'The OAuth redirect back cannot be used (state mismatch, no code, a provider error).',
      example: () => new OAuthRedirectError('state-mismatch', 'The state does not match'),
    },
    {
      code: 'TemplateResolutionError',
      description: "An SDK snippet template cannot be filled (its author's mistake).",
      example: () => new TemplateResolutionError('the function invocation resolved to nothing'),
    },
  ],
};
