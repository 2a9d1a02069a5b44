/**
 * The server's one error wire shape: every 4xx/5xx JSON reply of every part is
 * `{ "error": Code, "content": { "message": …, …details } }`, where `Code` is a catalogue code in
 * the one style (`ApiDoesNotExistError`) and `content.message` a sentence a person can act on. It
 * is the registry's `{ error, content }` (SPEC §8, which the typed client decodes) with `content`
 * always an object carrying `message`. JSON-RPC answers (MCP) keep their own protocol.
 */
import { SextantError, type SextantErrorOptions } from '@sextant/definition/errors';

/** The JSON body of every error reply. */
export interface ErrorReplyBody {
  error: string;
  content: { message: string; [detail: string]: unknown };
}

/**
 * The body of an error reply; `details` (never secrets) stand beside the message.
 * @example errorBody('BadRequestError', 'api is required') // { error: 'BadRequestError', content: { message: 'api is required' } }
 */
export function errorBody(code: string, message: string, details?: Record<string, unknown>): ErrorReplyBody {
  return { error: code, content: { message, ...withoutMessage(details) } };
}

function withoutMessage(details: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!details) return {};
  const { message: _message, ...rest } = details;
  return rest;
}

/** A failure the server answers with an HTTP status and the one error body. */
export class ReplyError<Code extends string = string> extends SextantError<Code> {
  readonly status: number;
  constructor(code: Code, status: number, message: string, options: SextantErrorOptions = {}) {
    super(code, message, options);
    this.status = status;
  }

  /** The JSON body sent to the client. */
  toBody(): ErrorReplyBody {
    return errorBody(this.code, this.message, this.details);
  }
}
