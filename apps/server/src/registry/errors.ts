/**
 * Errors the registry throws. Each is a named error of the SPEC §8 catalogue (or a protocol
 * error) with its fixed HTTP status; the plugin's error handler turns it into
 * `{ "error": "Name", "content": … }`. The catalogue itself lives in the wire contract
 * (`@sextant/registry-client`) so the client decodes exactly the names the server sends.
 */
import {
  isNamedErrorName,
  type NamedErrorName,
  namedErrorStatus,
  PROTOCOL_ERRORS,
  type ProtocolErrorName,
} from '@sextant/registry-client';
import { databaseUnavailableReason } from '../storage/index.js';

/** Every error name the registry can answer with. */
export type ErrorName = NamedErrorName | ProtocolErrorName;

/** A named registry error with its HTTP status. */
export class RegistryError extends Error {
  readonly status: number;
  constructor(
    readonly errorName: ErrorName,
    readonly content: unknown,
  ) {
    super(`${errorName}: ${typeof content === 'string' ? content : JSON.stringify(content)}`);
    this.name = errorName;
    this.status = statusOf(errorName);
  }

  /** The JSON body sent to the client. */
  toBody(): { error: ErrorName; content: unknown } {
    return { error: this.errorName, content: this.content };
  }
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
export function unavailableError(error: unknown): RegistryError | undefined {
  const reason = databaseUnavailableReason(error);
  return reason === undefined
    ? undefined
    : new RegistryError(
        'UnavailableError',
        `The registry's database does not answer (${reason}): retry in a moment`,
      );
}

/** Seconds a client should wait before retrying an UnavailableError. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;
