/**
 * Every error of @sextant/request, each a named class with a stable code. The messages are SPEC §8
 * "Snippet errors" verbatim, so the UI can show `error.message` as is.
 */

export type RequestErrorCode =
  | 'SNIPPET_GENERATORS_FAILED'
  | 'NO_SDK_SNIPPET'
  | 'SNIPPET_GENERATION_FAILED'
  | 'SNIPPET_ERROR'
  | 'UNSUPPORTED_LANGUAGE'
  | 'NO_LANGUAGE_CONFIGURATION'
  | 'NO_DEFAULT_EXAMPLE'
  | 'ENDPOINT_NOT_FOUND'
  | 'INVALID_ENDPOINT_REFERENCE';

/** Base class: `code` is stable, `message` is the SPEC text. */
export class RequestError extends Error {
  constructor(
    readonly code: RequestErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The snippet templates could not be read (invalid JSON shape). */
export class SnippetGeneratorsError extends RequestError {
  constructor(cause?: unknown) {
    super('SNIPPET_GENERATORS_FAILED', 'Failed to create snippet generators', { cause });
  }
}

/** The SDK is configured for the language, but this endpoint has no template in it. */
export class NoSdkSnippetError extends RequestError {
  constructor(readonly language: string) {
    super('NO_SDK_SNIPPET', `No SDK snippet available for ${language}`);
  }
}

/** A template failed while being filled in. */
export class SnippetGenerationError extends RequestError {
  constructor(
    readonly language: string,
    reason: string,
    cause?: unknown,
  ) {
    super('SNIPPET_GENERATION_FAILED', `Failed to generate ${language} code: ${reason}`, { cause });
  }
}

/** Something other than an `Error` was thrown while generating. */
export class SnippetError extends RequestError {
  constructor(cause?: unknown) {
    super('SNIPPET_ERROR', 'Error generating code snippet', { cause });
  }
}

/** Not a language snippets exist for (SPEC §9 list, plus Java of SPEC §2). */
export class UnsupportedLanguageError extends RequestError {
  constructor(readonly language: string) {
    super('UNSUPPORTED_LANGUAGE', 'Unsupported language');
  }
}

/** A supported SDK language for which the API has no SDK configured. */
export class NoLanguageConfigurationError extends RequestError {
  constructor(readonly language: string) {
    super('NO_LANGUAGE_CONFIGURATION', 'No configuration found for language');
  }
}

/** No values were given and the endpoint has no example to start from. */
export class NoDefaultExampleError extends RequestError {
  constructor(readonly endpointId: string) {
    super('NO_DEFAULT_EXAMPLE', 'No default example found for endpoint');
  }
}

/** A well-formed `METHOD /path` reference that matches no endpoint. */
export class EndpointNotFoundError extends RequestError {
  constructor(readonly reference: string) {
    super('ENDPOINT_NOT_FOUND', `Failed to find endpoint identified by ${reference}`);
  }
}

/** The reference is not `METHOD /path` (SPEC §5). */
export class InvalidEndpointReferenceError extends RequestError {
  constructor(readonly reference: string) {
    super('INVALID_ENDPOINT_REFERENCE', 'Invalid endpoint reference');
  }
}
