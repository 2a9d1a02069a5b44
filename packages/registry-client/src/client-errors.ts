/**
 * Errors the typed client throws (SPEC §8 "Transport"). Every failure is a `RegistryClientError`
 * with a `reason` discriminant; named registry errors are decoded into `RegistryNamedError`
 * carrying the catalogue name, and errors outside the catalogue stay `unknown-named`.
 */
import { SextantError } from '@sextant/definition/errors';
import { isNamedErrorName, type NamedErrorName } from './contract/errors.js';

/** Why a call failed. */
export type ClientErrorReason = 'status' | 'named' | 'timeout' | 'aborted' | 'unknown' | 'non-json';

/** Codes of the client's own failures; a decoded named error's code is its wire name. */
export type RegistryClientErrorCode =
  | 'RegistryClientError'
  | 'RegistryTimeoutError'
  | 'RegistryAbortError'
  | NamedErrorName;

/** Base of every client failure. */
export class RegistryClientError extends SextantError<RegistryClientErrorCode> {
  constructor(
    readonly reason: ClientErrorReason,
    message: string,
    /** HTTP status, when a response arrived. */
    readonly status?: number,
    /** Parsed JSON body, or the raw text for non-json. */
    readonly body?: unknown,
    code: RegistryClientErrorCode = 'RegistryClientError',
  ) {
    super(code, message);
  }
}

/** A named registry error: of the SPEC §8 catalogue (e.g. `ApiDoesNotExistError`) or of docs file uploads. */
export class RegistryNamedError extends RegistryClientError {
  constructor(
    readonly errorName: NamedErrorName,
    readonly content: unknown,
    status: number,
    body: unknown,
  ) {
    super('named', `${errorName}: ${describe(content)}`, status, body, errorName);
  }
}

/** The client's own timeout fired. */
export class RegistryTimeoutError extends RegistryClientError {
  constructor() {
    super('timeout', 'timeout', undefined, undefined, 'RegistryTimeoutError');
  }
}

/** The caller aborted the request through its signal. */
export class RegistryAbortError extends RegistryClientError {
  constructor() {
    super('aborted', 'The user aborted a request', undefined, undefined, 'RegistryAbortError');
  }
}

/** True when `error` is the named registry error `name`. */
export function isRegistryError<N extends NamedErrorName>(
  error: unknown,
  name: N,
): error is RegistryNamedError & { errorName: N } {
  return error instanceof RegistryNamedError && error.errorName === name;
}

function describe(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content && typeof content === 'object' && 'message' in content) return String(content.message);
  return JSON.stringify(content) ?? '';
}

/** Turns a non-2xx response body into the right error. */
export function errorFromResponse(status: number, text: string): RegistryClientError {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    return new RegistryClientError('non-json', `HTTP ${status}: non-json body`, status, text);
  }
  if (body && typeof body === 'object' && 'error' in body) {
    const { error, content } = body as { error: unknown; content?: unknown };
    if (isNamedErrorName(error)) return new RegistryNamedError(error, content, status, body);
    return new RegistryClientError(
      'status',
      `HTTP ${status} ${String(error)}: ${describe(content)}`,
      status,
      body,
    );
  }
  return new RegistryClientError('status', `HTTP ${status}`, status, body);
}
