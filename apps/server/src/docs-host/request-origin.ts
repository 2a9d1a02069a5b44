/**
 * The origin a reader used to reach the docs host, for the absolute URLs social cards need
 * (og:image, twitter:image). The scheme is https when `requestIsHttps` says so (a TLS socket, or
 * X-Forwarded-Proto from a proxy trusted by `--trust-proxy`); the host is the Host header.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../error-replies/index.js';
import { requestIsHttps } from '../trust-proxy/index.js';

/** A Host header value: name or IPv4, or bracketed IPv6, with an optional port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * `https://docs.example.com` for a request, or undefined when its Host header is missing or malformed.
 * @example requestOrigin(request) // 'https://docs.example.com' behind a trusted TLS-terminating proxy
 */
export function requestOrigin(request: Pick<FastifyRequest, 'headers' | 'protocol'>): string | undefined {
  const host = request.headers.host?.trim().toLowerCase();
  if (!host || !HOST.test(host)) return undefined;
  return `${requestIsHttps(request) ? 'https' : 'http'}://${host}`;
}

/** The refusal of a site route that writes absolute URLs when the request's Host is malformed. */
export function refuseMalformedHost(reply: FastifyReply): FastifyReply {
  return sendError(
    reply,
    400,
    'MalformedHostError',
    'The Host header is malformed: send the host name of the docs site.',
  );
}
