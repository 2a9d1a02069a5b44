/**
 * Choosing and applying the credentials of a request: the first of the endpoint's security
 * requirements (in order) whose schemes the reader filled in, every scheme of it applied (an API
 * key and an app token required together both go out), skipping an OAuth client-credentials
 * scheme whose token endpoint is the very endpoint being built (SPEC §5).
 */
import { type AuthScheme, type AuthSchemeId, type Endpoint, oauthTokenFlows } from '@sextant/definition';
import type { AppliedAuth } from '../build/built-request.js';
import { type AuthState, oauthAccessToken } from './auth-state.js';
import { AUTH_PLACEHOLDERS, isAuthPlaceholder } from './placeholders.js';

const filled = (value: string | undefined): value is string => (value ?? '').trim() !== '';

type AuthedEndpoint = Pick<Endpoint, 'id' | 'auth' | 'authRequirements'>;

/**
 * The endpoint's security requirements in order: each a list of schemes applied together. Its
 * key (`requirementKey`) is what an auth card's scheme picker selects.
 * @example authRequirementsOf({ auth: ['a', 'b'] }) // [['a'], ['b']]
 */
export function authRequirementsOf(endpoint: Pick<Endpoint, 'auth' | 'authRequirements'>): AuthSchemeId[][] {
  return endpoint.authRequirements ?? endpoint.auth.map((id) => [id]);
}

/** The name of a requirement for a picker: its scheme id, or the ids joined with `+`. */
export function requirementKey(requirement: readonly AuthSchemeId[]): string {
  return requirement.join('+');
}

/** The credentials `selectAuths` chose, and whether they make up the whole requirement. */
export interface SelectedAuth {
  applied: AppliedAuth[];
  /** Every scheme of the chosen requirement has a value. */
  complete: boolean;
}

/**
 * The credentials to put on a request to `endpoint`: the first requirement whose every scheme is
 * filled in, else the filled schemes of the first requirement with any (a partial credential is
 * still sent, so the API's own answer tells the reader what is missing). `only` names the
 * requirement the auth card selected (`requirementKey`).
 * @example
 * selectAuths({ id: 'e', auth: ['key', 'app'], authRequirements: [['key', 'app']] }, { header: { headers: { 'X-Key': 'k' } }, bearer: { token: 't' } }, auths)
 * // → { applied: [header X-Key, bearer], complete: true }
 */
export function selectAuths(
  endpoint: AuthedEndpoint,
  auth: AuthState | undefined,
  schemes: Record<AuthSchemeId, AuthScheme>,
  only?: string,
): SelectedAuth {
  if (!auth) return { applied: [], complete: false };
  let partial: AppliedAuth[] | undefined;
  const first = endpoint.auth[0];
  for (const requirement of authRequirementsOf(endpoint)) {
    if (only !== undefined && only !== requirementKey(requirement)) continue;
    const usable = requirement
      .map((id) => schemes[id])
      .filter((scheme): scheme is AuthScheme => !!scheme && !isSelfReferencingOAuth(scheme, endpoint.id));
    if (usable.length === 0) continue;
    const applied = usable
      .map((scheme) => applyScheme(scheme, auth, scheme.id === first))
      .filter((a): a is AppliedAuth => a !== undefined);
    if (applied.length === usable.length) return { applied, complete: true };
    if (applied.length > 0) partial ??= applied;
  }
  return { applied: partial ?? [], complete: false };
}

/**
 * The first credential `selectAuths` puts on a request, or `undefined` when none is filled in.
 * @example
 * selectAuth(endpoint, { bearer: { token: 'sk_1' } }, definition.auths);
 * // → { type: 'bearerAuth', header: 'Authorization', prefix: 'Bearer', secret: 'sk_1', ... }
 */
export function selectAuth(
  endpoint: AuthedEndpoint,
  auth: AuthState | undefined,
  schemes: Record<AuthSchemeId, AuthScheme>,
  only?: string,
): AppliedAuth | undefined {
  return selectAuths(endpoint, auth, schemes, only).applied[0];
}

/** SPEC §5: an OAuth scheme is not applied to its own token endpoint (that of any of its flows). */
export function isSelfReferencingOAuth(scheme: AuthScheme | undefined, endpointId: string): boolean {
  return (
    scheme?.type === 'oAuth' &&
    oauthTokenFlows(scheme).some((flow) => flow.tokenEndpoint.endpointId === endpointId)
  );
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
            prefix: oauthTokenFlows(scheme).find((flow) => flow.tokenPrefix)?.tokenPrefix ?? 'Bearer',
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
