/**
 * Credentials as placeholders in snippets: a reader copies a snippet and must see where the
 * credential goes (`Authorization: Bearer <token>`, `-u '<username>:<password>'`, the API-key
 * header or query parameter with `<api-key>`). When the visitor has entered a credential for one
 * of the endpoint's schemes, that one is used as it is (and redacted on request, SPEC §5);
 * otherwise the first scheme the endpoint accepts gets placeholders for its empty fields. SPEC §5's
 * choice of what the curl snippet applies is left to the targets, so it still holds.
 */
import type { AuthScheme, AuthSchemeId, Endpoint } from '@sextant/definition';
import { authRequirementsOf, isSelfReferencingOAuth, selectAuths } from './apply-auth.js';
import { type AuthState, emptyOAuthState } from './auth-state.js';
import { AUTH_PLACEHOLDERS } from './placeholders.js';

/**
 * `auth` unchanged when it already fills a whole requirement of the endpoint; otherwise a copy in
 * which every scheme of the requirement in use (the one partly filled in, else the first) holds
 * placeholders where it is empty: an API key and an app token required together both show.
 * @example
 * authWithPlaceholders(endpoint, undefined, definition.auths); // { bearer: { token: '<token>' } }
 */
export function authWithPlaceholders(
  endpoint: Pick<Endpoint, 'id' | 'auth' | 'authRequirements'>,
  auth: AuthState | undefined,
  schemes: Record<AuthSchemeId, AuthScheme>,
): AuthState | undefined {
  const selected = selectAuths(endpoint, auth, schemes);
  if (selected.complete) return auth;
  const requirements = authRequirementsOf(endpoint).map((requirement) =>
    requirement
      .map((id) => schemes[id])
      .filter((scheme): scheme is AuthScheme => !!scheme && !isSelfReferencingOAuth(scheme, endpoint.id)),
  );
  const started = selected.applied[0]?.schemeId;
  const requirement =
    requirements.find((r) => started !== undefined && r.some((scheme) => scheme.id === started)) ??
    requirements.find((r) => r.length > 0);
  if (!requirement) return auth;
  const filledIds = new Set(selected.applied.map((a) => a.schemeId));
  return requirement.reduce(
    (state, scheme) => (filledIds.has(scheme.id) ? state : withPlaceholder(state, scheme)),
    auth ?? {},
  );
}

const blank = (value: string | undefined) => (value ?? '').trim() === '';

function withPlaceholder(auth: AuthState, scheme: AuthScheme): AuthState {
  switch (scheme.type) {
    case 'bearerAuth':
      return { ...auth, bearer: { token: AUTH_PLACEHOLDERS.token } };
    case 'basicAuth':
      return {
        ...auth,
        basic: {
          username: blank(auth.basic?.username) ? AUTH_PLACEHOLDERS.username : (auth.basic?.username ?? ''),
          password: blank(auth.basic?.password) ? AUTH_PLACEHOLDERS.password : (auth.basic?.password ?? ''),
        },
      };
    case 'header':
      return {
        ...auth,
        header: { headers: { ...auth.header?.headers, [scheme.headerWireValue]: AUTH_PLACEHOLDERS.apiKey } },
      };
    case 'queryParameter':
      return {
        ...auth,
        queryParameter: {
          values: { ...auth.queryParameter?.values, [scheme.queryParameterName]: AUTH_PLACEHOLDERS.apiKey },
        },
      };
    case 'oAuth':
      return {
        ...auth,
        oauth: {
          ...(auth.oauth ?? emptyOAuthState()),
          selectedInputMethod: 'token',
          userSuppliedAccessToken: AUTH_PLACEHOLDERS.token,
        },
      };
  }
}
