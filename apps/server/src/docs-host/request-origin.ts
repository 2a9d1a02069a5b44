/**
 * The origin a reader used to reach the docs host, for the absolute URLs social cards need
 * (og:image, twitter:image). The scheme is the connection's, or X-Forwarded-Proto's when the
 * host is told to trust the proxy in front of it; the host is the Host header.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** A Host header value: name or IPv4, or bracketed IPv6, with an optional port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * `https://docs.example.com` for a request, or undefined when its Host header is missing or malformed.
 * @example requestOrigin(req, true) // 'https://docs.example.com' behind a TLS-terminating proxy
 */
export function requestOrigin(request: IncomingMessage, trustForwardedProto: boolean): string | undefined {
  const host = request.headers.host?.trim().toLowerCase();
  if (!host || !HOST.test(host)) return undefined;
  const forwarded = trustForwardedProto
    ? String(request.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim()
        .toLowerCase()
    : undefined;
  const scheme =
    forwarded === 'https' || forwarded === 'http'
      ? forwarded
      : (request.socket as Partial<TLSSocket>).encrypted
        ? 'https'
        : 'http';
  return `${scheme}://${host}`;
}
