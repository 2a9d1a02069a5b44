/**
 * How any failure becomes an error reply: a ReplyError answers itself; a database that is away
 * answers 503 `UnavailableError` with Retry-After; Fastify's own refusals (malformed JSON, body too
 * large, wrong media type) answer their 4xx under a catalogue code; anything else is a 500
 * `InternalError` whose detail stays in the server log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { databaseUnavailableReason } from '../storage/index.js';
import { ReplyError } from './reply-error.js';

/** Seconds a client should wait before retrying an UnavailableError. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/** Catalogue codes of the statuses Fastify refuses a request with (other 4xx answer BadRequestError). */
const FRAMEWORK_CODES: Record<number, string> = {
  400: 'BadRequestError',
  404: 'RouteNotFoundError',
  405: 'MethodNotAllowedError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
};

/**
 * UnavailableError (503) for a failure that means the database is away (connection lost,
 * refused, shutting down: storage/database-unavailable.ts), else undefined.
 * @example unavailableReply(pgError)?.status // 503 when pgError.code is 57P01 (terminating connection)
 */
export function unavailableReply(error: unknown, what = "The registry's database"): ReplyError | undefined {
  const reason = databaseUnavailableReason(error);
  return reason === undefined
    ? undefined
    : new ReplyError('UnavailableError', 503, `${what} does not answer (${reason}): retry in a moment`);
}

/**
 * The reply for any failure; `part` names the part in the log line of an unexpected one.
 * @example replyErrorOf(new SyntaxError('x'), request, 'docs host').code // 'InternalError'
 */
export function replyErrorOf(error: unknown, request: FastifyRequest, part = 'server'): ReplyError {
  if (error instanceof ReplyError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = fastifyError.message ?? 'The request cannot be read';
    return new ReplyError(FRAMEWORK_CODES[status] ?? 'BadRequestError', status, message);
  }
  const unavailable = unavailableReply(error);
  if (unavailable) {
    request.log.warn({ err: error }, `${part}: the database does not answer`);
    return unavailable;
  }
  request.log.error({ err: error }, `${part}: unexpected failure`);
  return new ReplyError('InternalError', 500, 'Unexpected server failure; see the server log');
}

/** Sends `error` in the one shape: never cached; Retry-After on UnavailableError. */
export function sendErrorReply(reply: FastifyReply, error: ReplyError): FastifyReply {
  if (error.code === 'UnavailableError') reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(error.toBody());
}

/**
 * Answers `status` with the one body, for a refusal a route decides itself.
 * @example return sendError(reply, 400, 'BadRequestError', 'api and endpoint are required');
 */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: Record<string, unknown>,
): FastifyReply {
  return sendErrorReply(reply, new ReplyError(code, status, message, details ? { details } : {}));
}
