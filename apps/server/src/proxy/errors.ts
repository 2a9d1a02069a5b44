/**
 * Every error the HTTP and WebSocket proxies report, in one table: a stable code, the error
 * name the JSON body carries, its HTTP status, and the sentence the playground shows. A
 * refusal is answered as `{ error, code, reason }`; the WebSocket proxy uses the same codes as
 * its close reasons.
 */

/** The proxy's error table: code → name, status and the reason shown to the reader. */
export const PROXY_ERRORS = {
  PROXY_TARGET_MISSING: {
    name: 'ProxyTargetInvalid',
    status: 400,
    reason: 'No target URL: call /proxy/{full target URL}, e.g. /proxy/https://api.example.com/pets.',
  },
  PROXY_TARGET_INVALID_URL: {
    name: 'ProxyTargetInvalid',
    status: 400,
    reason: 'The target is not a valid absolute URL.',
  },
  PROXY_TARGET_SCHEME: {
    name: 'ProxyTargetInvalid',
    status: 400,
    reason: 'Only http and https targets can be proxied (ws and wss through /proxy/ws).',
  },
  PROXY_TARGET_USERINFO: {
    name: 'ProxyTargetRefused',
    status: 400,
    reason: 'The target URL contains a user name or password; send credentials in a header instead.',
  },
  PROXY_TARGET_LOCALHOST: {
    name: 'ProxyTargetRefused',
    status: 403,
    reason: 'Cannot send requests to localhost from a hosted docs site.',
  },
  PROXY_TARGET_PRIVATE: {
    name: 'ProxyTargetRefused',
    status: 403,
    reason:
      'The target resolves to a private, loopback or otherwise reserved address, which the proxy never calls.',
  },
  PROXY_TARGET_NOT_ALLOWED: {
    name: 'ProxyTargetRefused',
    status: 403,
    reason: "The target host is not in this docs site's list of allowed API hosts.",
  },
  PROXY_TARGET_NOT_REGISTERED: {
    name: 'ProxyTargetRefused',
    status: 403,
    reason:
      'The target is not a server of an API registered here; this proxy only calls registered API servers.',
  },
  PROXY_TARGET_PORT: {
    name: 'ProxyTargetRefused',
    status: 403,
    reason: 'The target port is not allowed by the proxy.',
  },
  PROXY_TARGET_UNRESOLVED: {
    name: 'ProxyTargetUnresolved',
    status: 502,
    reason: 'The target host name could not be resolved.',
  },
  PROXY_REDIRECT_REFUSED: {
    name: 'ProxyTargetRefused',
    status: 403,
    reason: 'The API redirected to an address the proxy never calls.',
  },
  PROXY_TOO_MANY_REDIRECTS: {
    name: 'ProxyTooManyRedirects',
    status: 508,
    reason: 'The API redirected too many times.',
  },
  PROXY_REQUEST_TOO_LARGE: {
    name: 'ProxyRequestTooLarge',
    status: 413,
    reason: 'The request body is larger than the proxy allows.',
  },
  PROXY_RESPONSE_TOO_LARGE: {
    name: 'ProxyResponseTooLarge',
    status: 502,
    reason: 'The response is larger than the proxy allows.',
  },
  PROXY_TOO_MANY_REQUESTS: {
    name: 'ProxyTooManyRequests',
    status: 429,
    reason: 'Too many requests through the proxy; wait a moment and try again.',
  },
  PROXY_TOO_MANY_CONCURRENT: {
    name: 'ProxyTooManyRequests',
    status: 429,
    reason: 'Too many requests in flight through the proxy; wait for one to finish.',
  },
  PROXY_UPSTREAM_TIMEOUT: {
    name: 'ProxyUpstreamTimeout',
    status: 504,
    reason: 'The API did not answer in time.',
  },
  PROXY_UPSTREAM_TLS: {
    name: 'ProxyUpstreamTls',
    status: 502,
    reason: "The API's TLS certificate could not be verified.",
  },
  PROXY_UPSTREAM_UNREACHABLE: {
    name: 'ProxyUpstreamUnreachable',
    status: 502,
    reason: 'The API could not be reached.',
  },
  PROXY_WS_BAD_HANDSHAKE: {
    name: 'ProxyHandshakeInvalid',
    status: 400,
    reason: 'The first message must be {"type":"handshake","url":"ws(s)://…","headers":{…}}.',
  },
  PROXY_WS_HANDSHAKE_TIMEOUT: {
    name: 'ProxyHandshakeInvalid',
    status: 408,
    reason: 'No handshake message arrived in time.',
  },
  PROXY_WS_IDLE: {
    name: 'ProxyIdleTimeout',
    status: 408,
    reason: 'The connection was idle for too long.',
  },
  PROXY_WS_FRAME_TOO_LARGE: {
    name: 'ProxyFrameTooLarge',
    status: 413,
    reason: 'A message was larger than the proxy allows.',
  },
} as const satisfies Record<string, { name: string; status: number; reason: string }>;

/** A code of the proxy's error table. */
export type ProxyErrorCode = keyof typeof PROXY_ERRORS;

/** The JSON body of every proxy error response. */
export interface ProxyErrorBody {
  error: string;
  code: ProxyErrorCode;
  reason: string;
}

/** A proxy failure with its stable code; `detail` is appended to the reason when it helps the reader. */
export class ProxyError extends Error {
  readonly code: ProxyErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  constructor(code: ProxyErrorCode, detail?: string) {
    super(detail ? `${PROXY_ERRORS[code].reason} (${detail})` : PROXY_ERRORS[code].reason);
    this.name = PROXY_ERRORS[code].name;
    this.code = code;
    this.status = PROXY_ERRORS[code].status;
    this.detail = detail;
  }

  /** The response body: `{ error, code, reason }`. */
  toBody(): ProxyErrorBody {
    return { error: this.name, code: this.code, reason: this.message };
  }
}
