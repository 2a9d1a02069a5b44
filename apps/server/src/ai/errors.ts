/**
 * The named errors of Ask AI. Each has a stable code (the chat's `error` event and JSON answers
 * carry it), an HTTP status for answers before streaming, and a message with the reader's or
 * operator's next step. They answer in the server's one error shape (error-replies/).
 */
import { ReplyError } from '../error-replies/index.js';

export const AI_ERROR_CODES = [
  'AiNotConfiguredError',
  'AiNotEnabledError',
  'AiRateLimitedError',
  'AiProviderError',
  'BadRequestError',
] as const;
export type AiErrorCode = (typeof AI_ERROR_CODES)[number];

/** The base of Ask AI's errors: a code from `AI_ERROR_CODES` and the status it answers with. */
export abstract class AiError<Code extends AiErrorCode = AiErrorCode> extends ReplyError<Code> {}

/** Ask AI is enabled in docs.yml but the server has no key for the model's provider. */
export class AiNotConfiguredError extends AiError<'AiNotConfiguredError'> {
  constructor(detail = 'Ask AI is not configured on this server') {
    super('AiNotConfiguredError', 503, detail);
  }
}

/** Ask AI (on the site, or for Slack or Discord) is not enabled in this site's docs.yml. */
export class AiNotEnabledError extends AiError<'AiNotEnabledError'> {
  constructor(message: string) {
    super('AiNotEnabledError', 404, message);
  }
}

/** The visitor asked too often. */
export class AiRateLimitedError extends AiError<'AiRateLimitedError'> {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'AiRateLimitedError',
      429,
      `Too many questions: wait ${retryAfterSeconds} seconds, then ask again.`,
      {
        details: { retryAfterSeconds },
      },
    );
  }
}

/** The model provider failed (rate limit, overload, timeout, refused key). */
export class AiProviderError extends AiError<'AiProviderError'> {
  constructor(message: string) {
    super('AiProviderError', 502, message);
  }
}

/** The request body is not what the endpoint accepts. */
export class AiBadRequestError extends AiError<'BadRequestError'> {
  constructor(message: string) {
    super('BadRequestError', 400, message);
  }
}
