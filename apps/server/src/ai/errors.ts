/**
 * The named errors of Ask AI. Each has a stable code (the chat's `error` event and JSON answers
 * carry it), an HTTP status for answers before streaming, and a message with the reader's or
 * operator's next step.
 */

export const AI_ERROR_CODES = [
  'AiNotConfiguredError',
  'AiRateLimitedError',
  'AiProviderError',
  'BadRequestError',
] as const;
export type AiErrorCode = (typeof AI_ERROR_CODES)[number];

/** The base of Ask AI's errors: a code from `AI_ERROR_CODES` and the status it answers with. */
export abstract class AiError extends Error {
  abstract readonly code: AiErrorCode;
  abstract readonly status: number;
}

/** Ask AI is enabled in docs.yml but the server has no key for the model's provider. */
export class AiNotConfiguredError extends AiError {
  readonly code = 'AiNotConfiguredError';
  readonly status = 503;
  constructor(detail = 'Ask AI is not configured on this server') {
    super(detail);
    this.name = 'AiNotConfiguredError';
  }
}

/** The visitor asked too often. */
export class AiRateLimitedError extends AiError {
  readonly code = 'AiRateLimitedError';
  readonly status = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many questions: wait ${retryAfterSeconds} seconds, then ask again.`);
    this.name = 'AiRateLimitedError';
  }
}

/** The model provider failed (rate limit, overload, timeout, refused key). */
export class AiProviderError extends AiError {
  readonly code = 'AiProviderError';
  readonly status = 502;
  constructor(message: string) {
    super(message);
    this.name = 'AiProviderError';
  }
}

/** The request body is not what the endpoint accepts. */
export class AiBadRequestError extends AiError {
  readonly code = 'BadRequestError';
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = 'BadRequestError';
  }
}
