/**
 * Choosing and applying the credential of a request: the first of the endpoint's schemes (in
 * order) for which the reader entered a value, skipping an OAuth client-credentials scheme whose
 * token endpoint is the very endpoint being built (SPEC §5).
 */
import type { AuthScheme, AuthSchemeId, Endpoint } from '@sextant/definition';
import type { AppliedAuth } from '../build/built-request.js';
import { type AuthState, oauthAccessToken } from './auth-state.js';
import { AUTH_PLACEHOLDERS, isAuthPlaceholder } from './placeholders.js';

const filled = (value: string | undefined): value is string => (value ?? '').trim() !== '';

/**
 * The credential to put on a request to `endpoint`, or `undefined` when none is filled in.
 * @example
 * selectAuth(endpoint, { bearer: { token: 'sk_1' } }, definition.auths);
 * // → { type: 'bearerAuth', header: 'Authorization', prefix: 'Bearer', secret: 'sk_1', ... }
 */
export function selectAuth(
  endpoint: Pick<Endpoint, 'id' | 'auth'>,
  auth: AuthState | undefined,
  schemes: Record<AuthSchemeId, AuthScheme>,
  only?: AuthSchemeId,
): AppliedAuth | undefined {
  if (!auth) return undefined;
  for (const [index, id] of endpoint.auth.entries()) {
    const scheme = schemes[id];
    if (!scheme || isSelfReferencingOAuth(scheme, endpoint.id) || (only !== undefined && only !== id))
      continue;
    const applied = applyScheme(scheme, auth, index === 0);
    if (applied) return applied;
  }
  return undefined;
}

/** SPEC §5: an OAuth client-credentials scheme is not applied to its own token endpoint. */
export function isSelfReferencingOAuth(scheme: AuthScheme | undefined, endpointId: string): boolean {
  return scheme?.type === 'oAuth' && scheme.value.tokenEndpoint.endpointId === endpointId;
}

function applyScheme(scheme: AuthScheme, auth: AuthState, isFirstScheme: boolean): AppliedAuth | undefined {
  const base = { schemeId: scheme.id, isFirstScheme };
  switch (scheme.type) {
    case 'bearerAuth':
      return filled(auth.bearer?.token)
        ? {
            ...base,
            type: 'bearerAuth',
            header: 'Authorization',
            prefix: 'Bearer',
            secret: auth.bearer.token.trim(),
          }
        : undefined;
    case 'basicAuth': {
      const basic = auth.basic;
      return basic && filled(basic.username) && filled(basic.password)
        ? {
            ...base,
            type: 'basicAuth',
            header: 'Authorization',
            username: basic.username,
            password: basic.password,
          }
        : undefined;
    }
    case 'header': {
      const value = auth.header?.headers[scheme.headerWireValue];
      if (!filled(value)) return undefined;
      return {
        ...base,
        type: 'header',
        header: scheme.headerWireValue,
        ...(scheme.prefix ? { prefix: scheme.prefix } : {}),
        secret: value.trim(),
      };
    }
    case 'queryParameter': {
      const value = auth.queryParameter?.values[scheme.queryParameterName];
      return filled(value)
        ? { ...base, type: 'queryParameter', parameter: scheme.queryParameterName, secret: value.trim() }
        : undefined;
    }
    case 'oAuth': {
      const token = oauthAccessToken(auth.oauth);
      return filled(token)
        ? {
            ...base,
            type: 'oAuth',
            header: 'Authorization',
            prefix: scheme.value.tokenPrefix ?? 'Bearer',
            secret: token.trim(),
          }
        : undefined;
    }
  }
}

/** Base64 of UTF-8 bytes (works in Node and browsers, unlike `btoa` on non-Latin-1 text). */
export function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The header value an applied header credential produces. */
export function authHeaderValue(applied: Exclude<AppliedAuth, { type: 'queryParameter' }>): string {
  if (applied.type === 'basicAuth') {
    if (isAuthPlaceholder(applied.username) || isAuthPlaceholder(applied.password))
      return `Basic ${AUTH_PLACEHOLDERS.credentials}`;
    return `Basic ${base64Utf8(`${applied.username}:${applied.password}`)}`;
  }
  return applied.prefix ? `${applied.prefix} ${applied.secret}` : applied.secret;
}
