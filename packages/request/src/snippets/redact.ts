/**
 * Redaction of credentials in snippets (SPEC §5 "Auth header values can be redacted"): a copy of
 * the built request whose secret is replaced by a placeholder, wherever it appears.
 */
import { authHeaderValue } from '../auth/apply-auth.js';
import { AUTH_PLACEHOLDERS } from '../auth/placeholders.js';
import type { AppliedAuth, BuiltRequest } from '../build/built-request.js';
import { encodeComponent } from '../build/encode.js';

/** Placeholders shown instead of secrets: the same ones a snippet shows for a credential not entered. */
export const REDACTED = {
  token: AUTH_PLACEHOLDERS.token,
  apiKey: AUTH_PLACEHOLDERS.apiKey,
  password: AUTH_PLACEHOLDERS.password,
  credentials: AUTH_PLACEHOLDERS.credentials,
} as const;

/**
 * @example
 * redactAuth(request).headers.Authorization; // 'Bearer <token>'
 */
export function redactAuth(request: BuiltRequest): BuiltRequest {
  return request.auths.reduce((redacted, auth, index) => redactOne(redacted, auth, index), request);
}

/** `request` with its `index`th credential (`auth`) replaced by placeholders in the URL or header. */
function redactOne(request: BuiltRequest, auth: AppliedAuth, index: number): BuiltRequest {
  const redacted = redactedAuth(auth);
  const auths = request.auths.map((a, i) => (i === index ? redacted : a));
  if (redacted.type === 'queryParameter' && auth.type === 'queryParameter') {
    const from = `${encodeComponent(auth.parameter)}=${encodeComponent(auth.secret)}`;
    const at = request.url.lastIndexOf(from);
    const url =
      at < 0
        ? request.url
        : `${request.url.slice(0, at)}${encodeComponent(auth.parameter)}=${redacted.secret}${request.url.slice(at + from.length)}`;
    return { ...request, url, auths };
  }
  if (redacted.type === 'queryParameter') return request;
  const value = redacted.type === 'basicAuth' ? `Basic ${REDACTED.credentials}` : authHeaderValue(redacted);
  return { ...request, headers: { ...request.headers, [redacted.header]: value }, auths };
}

function redactedAuth(auth: AppliedAuth): AppliedAuth {
  switch (auth.type) {
    case 'basicAuth':
      return { ...auth, password: REDACTED.password };
    case 'bearerAuth':
    case 'oAuth':
      return { ...auth, secret: REDACTED.token };
    case 'header':
    case 'queryParameter':
      return { ...auth, secret: REDACTED.apiKey };
  }
}
