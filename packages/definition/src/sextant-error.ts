/**
 * The base of every coded error in Sextant, and the shape of a package's error catalogue.
 *
 * The one code style is the registry's: an error's `code` is its PascalCase name
 * (`ApiDoesNotExistError`), the same word in code, in logs and on the wire, where a server reply
 * is `{ "error": code, "content": … }`. Each package lists its codes in its `src/errors.ts`.
 */

/** What every code looks like: PascalCase letters and digits, e.g. `InvalidSemverError`. */
export const ERROR_CODE_STYLE = /^[A-Z][A-Za-z0-9]*$/;

export interface SextantErrorOptions {
  /** Facts a caller or a reply can use (a file, a field, a limit); never secrets. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** A failure with a stable `code` (see ERROR_CODE_STYLE) and a message a person can act on. */
export class SextantError<Code extends string = string> extends Error {
  readonly code: Code;
  readonly details: Record<string, unknown> | undefined;
  // No parameter properties in this file: Vite loads the docs client's config (which reaches it)
  // with Node's type stripping, which refuses them.
  constructor(code: Code, message: string, options: SextantErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details;
  }
}

/** One code of a catalogue: what it means, and an instance built the way the code throws it. */
export interface ErrorCatalogueEntry {
  readonly code: string;
  readonly description: string;
  readonly example: () => Error & { readonly code: string };
}

/** A package's codes, as its `src/errors.ts` exports them. */
export interface ErrorCatalogue {
  readonly packageName: string;
  readonly entries: readonly ErrorCatalogueEntry[];
}

/**
 * The error `thrown` as an Error: itself when it is one, else wrapped with its text as the message.
 * @example asError('boom').message // 'boom'
 */
export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new ThrownValueError(thrown);
}

/** Something other than an Error was thrown (a string, an object); its text is the message. */
export class ThrownValueError extends SextantError<'ThrownValueError'> {
  readonly value: unknown;
  constructor(value: unknown) {
    super('ThrownValueError', String(value));
    this.value = value;
  }
}

/**
 * A call over HTTP answered a status the caller cannot use; `what` names what was asked for.
 * @example new UnexpectedStatusError('the search index', 404).message // 'the search index: HTTP 404'
 */
export class UnexpectedStatusError extends SextantError<'UnexpectedStatusError'> {
  readonly what: string;
  readonly status: number;
  constructor(what: string, status: number, message = `${what}: HTTP ${status}`) {
    super('UnexpectedStatusError', message, { details: { status } });
    this.what = what;
    this.status = status;
  }
}

/**
 * The message of an error reply `{ error, content }` (content a string or `{ message }`), else undefined.
 * @example errorReplyMessage({ error: 'BadRequestError', content: { message: 'api is required' } }) // 'api is required'
 */
export function errorReplyMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('error' in body)) return undefined;
  const content = (body as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  if (content && typeof content === 'object' && 'message' in content && typeof content.message === 'string')
    return content.message;
  return typeof body.error === 'string' ? body.error : undefined;
}
