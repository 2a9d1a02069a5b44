/**
 * Options of the docs site's API-key injection: which identity provider the docs site logs
 * readers in with. `demo` is the built-in demo provider (local mode's default); `oauth` is any
 * OAuth 2.0 authorization-code provider.
 */

/** A real OAuth 2.0 authorization-code provider. */
export interface OAuthProviderOptions {
  type: 'oauth';
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  clientSecret?: string;
  scope?: string;
}

export interface AuthInjectionOptions {
  provider: { type: 'demo' } | OAuthProviderOptions;
  /** Name of the return parameter the authorization URL carries (default `state`). */
  returnToQueryParam?: string;
  /** Session lifetime in seconds (default 8 hours). */
  sessionTtlSeconds?: number;
}

/** The paths of the plugin. */
export const AUTH_PATHS = {
  config: '/api/auth/api-key-injection',
  callback: '/api/auth/callback',
  logout: '/api/auth/logout',
  demoAuthorize: '/demo-idp/authorize',
  demoToken: '/demo-idp/token',
} as const;

/** Cookie carrying the reader's session id (HttpOnly: scripts never see it). */
export const SESSION_COOKIE = 'sextant_session';

/** The demo provider's client id. */
export const DEMO_CLIENT_ID = 'sextant-demo-docs';
