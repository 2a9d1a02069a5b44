/** Reading the flows of an OAuth scheme: one place for "every flow" and "flows with a token endpoint". */
import type { OAuthFlow, OAuthScheme, OAuthTokenFlow } from './auth.js';

/**
 * Every flow of `scheme`, the default (`value`) first.
 * @example oauthFlows({ type: 'oAuth', id: 'o', value: clientCredentials }) // [clientCredentials]
 */
export function oauthFlows(scheme: OAuthScheme): OAuthFlow[] {
  return scheme.flows && scheme.flows.length > 0 ? scheme.flows : [scheme.value];
}

/** The flows of `scheme` that fetch tokens from a token endpoint (all but implicit). */
export function oauthTokenFlows(scheme: OAuthScheme): OAuthTokenFlow[] {
  return oauthFlows(scheme).filter((flow): flow is OAuthTokenFlow => flow.type !== 'implicit');
}

/** Readers' names of the flows. */
export const OAUTH_FLOW_NAMES = {
  clientCredentials: 'client credentials',
  authorizationCode: 'authorization code',
  password: 'password',
  implicit: 'implicit',
} as const satisfies Record<OAuthFlow['type'], string>;

/**
 * The flows of `scheme` in words, for reference pages and tools.
 * @example describeOAuthFlows(scheme) // 'client credentials, authorization code (PKCE)'
 */
export function describeOAuthFlows(scheme: OAuthScheme): string {
  return oauthFlows(scheme)
    .map((flow) => `${OAUTH_FLOW_NAMES[flow.type]}${flow.type === 'authorizationCode' ? ' (PKCE)' : ''}`)
    .join(', ');
}
