/**
 * Errors the registry throws. Each is a named error of the SPEC §8 catalogue (or a protocol
 * error) with its fixed HTTP status; the plugin's error handler turns it into
 * `{ "error": "Name", "content": { "message": … } }` (error-replies/). The catalogue itself lives in the wire contract
 * (`@sextant/registry-client`) so the client decodes exactly the names the server sends.
 */
import {
  isNamedErrorName,
  type NamedErrorName,
  namedErrorStatus,
  PROTOCOL_ERRORS,
  type ProtocolErrorName,
} from '@sextant/registry-client';
import { ReplyError, unavailableReply } from '../error-replies/index.js';

export { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../error-replies/index.js';

/** Every error name the registry can answer with. */
export type ErrorName = NamedErrorName | ProtocolErrorName;

/**
 * A named registry error with its HTTP status. `content` is what the route has to say: a
 * sentence, or `{ message, …details }`; on the wire it is always the latter.
 */
export class RegistryError extends ReplyError<ErrorName> {
  constructor(errorName: ErrorName, content: unknown) {
    const { message, details } = messageAndDetails(errorName, content);
    super(errorName, statusOf(errorName), message, details ? { details } : {});
  }

  /** The error's catalogue name (its code). */
  get errorName(): ErrorName {
    return this.code;
  }
}

function messageAndDetails(
  name: ErrorName,
  content: unknown,
): { message: string; details?: Record<string, unknown> } {
  if (typeof content === 'string') return { message: content };
  if (content && typeof content === 'object' && !Array.isArray(content)) {
    const { message, ...details } = content as Record<string, unknown>;
    return { message: typeof message === 'string' ? message : name, details };
  }
  return { message: name, ...(content === undefined ? {} : { details: { value: content } }) };
}

/** HTTP status of an error name. */
export function statusOf(name: ErrorName): number {
  return isNamedErrorName(name) ? namedErrorStatus(name) : PROTOCOL_ERRORS[name as ProtocolErrorName].status;
}

/**
 * Throws the named error; `content` should name the field or value at fault.
 * @example fail('ApiDoesNotExistError', `No API definition has id "${id}"`)
 */
export function fail(name: ErrorName, content: unknown): never {
  throw new RegistryError(name, content);
}

/**
 * UnavailableError for a failure that means the database is away (connection lost, refused,
 * shutting down: storage/database-unavailable.ts), else undefined. Answered 503 with Retry-After:
 * the call succeeds again once the database is back, on a fresh connection.
 * @example unavailableError(pgError)?.status // 503 when pgError.code is 57P01 (terminating connection)
 */
export function unavailableError(error: unknown): ReplyError | undefined {
  return unavailableReply(error);
}
