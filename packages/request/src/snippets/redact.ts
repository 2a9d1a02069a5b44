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
  const auth = request.auth;
  if (!auth) return request;
  const redacted = redactedAuth(auth);
  if (redacted.type === 'queryParameter' && auth.type === 'queryParameter') {
    const from = `${encodeComponent(auth.parameter)}=${encodeComponent(auth.secret)}`;
    const at = request.url.lastIndexOf(from);
    const url =
      at < 0
        ? request.url
        : `${request.url.slice(0, at)}${encodeComponent(auth.parameter)}=${redacted.secret}${request.url.slice(at + from.length)}`;
    return { ...request, url, auth: redacted };
  }
  if (redacted.type === 'queryParameter') return request;
  const value = redacted.type === 'basicAuth' ? `Basic ${REDACTED.credentials}` : authHeaderValue(redacted);
  return { ...request, headers: { ...request.headers, [redacted.header]: value }, auth: redacted };
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
