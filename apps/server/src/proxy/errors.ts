/**
 * Every error the HTTP and WebSocket proxies report, in one table: a stable code (the catalogue
 * style, `ProxyTargetPrivateError`), its HTTP status, and the sentence the playground shows. A
 * refusal is answered in the server's one error shape, `{ error: code, content: { message } }`
 * (error-replies/), with the code again in `x-sextant-proxy-error`; the WebSocket proxy closes
 * with the same sentences. README lists the codes (and the `PROXY_…` names they had before).
 */
import { ReplyError } from '../error-replies/index.js';

/** The proxy's error table: code → name, status and the reason shown to the reader. */
export const PROXY_ERRORS = {
  ProxyTargetMissingError: {
    status: 400,
    reason: 'No target URL: call /proxy/{full target URL}, e.g. /proxy/https://api.example.com/pets.',
  },
  ProxyTargetInvalidUrlError: {
    status: 400,
    reason: 'The target is not a valid absolute URL.',
  },
  ProxyTargetSchemeError: {
    status: 400,
    reason: 'Only http and https targets can be proxied (ws and wss through /proxy/ws).',
  },
  ProxyTargetUserinfoError: {
    status: 400,
    reason: 'The target URL contains a user name or password; send credentials in a header instead.',
  },
  ProxyTargetLocalhostError: {
    status: 403,
    reason: 'Cannot send requests to localhost from a hosted docs site.',
  },
  ProxyTargetPrivateError: {
    status: 403,
    reason:
      'The target resolves to a private, loopback or otherwise reserved address, which the proxy never calls.',
  },
  ProxyTargetNotAllowedError: {
    status: 403,
    reason: "The target host is not in this docs site's list of allowed API hosts.",
  },
  ProxyTargetNotRegisteredError: {
    status: 403,
    reason:
      'The target is not a server of an API registered here; this proxy only calls registered API servers.',
  },
  ProxyTargetPortError: {
    status: 403,
    reason: 'The target port is not allowed by the proxy.',
  },
  ProxyTargetUnresolvedError: {
    status: 502,
    reason: 'The target host name could not be resolved.',
  },
  ProxyRedirectRefusedError: {
    status: 403,
    reason: 'The API redirected to an address the proxy never calls.',
  },
  ProxyTooManyRedirectsError: {
    status: 508,
    reason: 'The API redirected too many times.',
  },
  ProxyRequestTooLargeError: {
    status: 413,
    reason: 'The request body is larger than the proxy allows.',
  },
  ProxyResponseTooLargeError: {
    status: 502,
    reason: 'The response is larger than the proxy allows.',
  },
  ProxyTooManyRequestsError: {
    status: 429,
    reason: 'Too many requests through the proxy; wait a moment and try again.',
  },
  ProxyTooManyConcurrentError: {
    status: 429,
    reason: 'Too many requests in flight through the proxy; wait for one to finish.',
  },
  ProxyUpstreamTimeoutError: {
    status: 504,
    reason: 'The API did not answer in time.',
  },
  ProxyUpstreamTlsError: {
    status: 502,
    reason: "The API's TLS certificate could not be verified.",
  },
  ProxyUpstreamUnreachableError: {
    status: 502,
    reason: 'The API could not be reached.',
  },
  ProxyWsHandshakeError: {
    status: 400,
    reason: 'The first message must be {"type":"handshake","url":"ws(s)://…","headers":{…}}.',
  },
  ProxyWsHandshakeTimeoutError: {
    status: 408,
    reason: 'No handshake message arrived in time.',
  },
  ProxyWsIdleError: {
    status: 408,
    reason: 'The connection was idle for too long.',
  },
  ProxyWsFrameTooLargeError: {
    status: 413,
    reason: 'A message was larger than the proxy allows.',
  },
} as const satisfies Record<string, { status: number; reason: string }>;

/** A code of the proxy's error table. */
export type ProxyErrorCode = keyof typeof PROXY_ERRORS;

/** A proxy failure with its stable code; `detail` is appended to the reason when it helps the reader. */
export class ProxyError extends ReplyError<ProxyErrorCode> {
  readonly detail: string | undefined;
  constructor(code: ProxyErrorCode, detail?: string) {
    super(
      code,
      PROXY_ERRORS[code].status,
      detail ? `${PROXY_ERRORS[code].reason} (${detail})` : PROXY_ERRORS[code].reason,
    );
    this.detail = detail;
  }
}
