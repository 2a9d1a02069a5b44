/**
 * Auth schemes an endpoint or channel may require. Endpoints list the ids of the schemes they
 * accept (any one of them suffices); the schemes themselves live in `ApiDefinition.auths`.
 */
import type { EndpointId } from './endpoint.js';

export type AuthSchemeId = string;

export interface BearerAuthScheme {
  type: 'bearerAuth';
  id: AuthSchemeId;
  /** Label of the token input. Defaults to "Bearer token" in the UI when absent. */
  tokenName?: string;
  description?: string;
}

export interface BasicAuthScheme {
  type: 'basicAuth';
  id: AuthSchemeId;
  /** Label of the username input. Defaults to "Username". */
  usernameName?: string;
  /** Label of the password input. Defaults to "Password". */
  passwordName?: string;
  description?: string;
}

export interface HeaderAuthScheme {
  type: 'header';
  id: AuthSchemeId;
  /** The header name on the wire, e.g. `X-API-Key`. */
  headerWireValue: string;
  /** A friendlier label for the input. */
  nameOverride?: string;
  /** Prefix put before the value, e.g. `Token` gives `Token <value>`. */
  prefix?: string;
  description?: string;
}

/** An API key sent as a query parameter (OpenAPI apiKey `in: query`). */
export interface QueryParameterAuthScheme {
  type: 'queryParameter';
  id: AuthSchemeId;
  queryParameterName: string;
  nameOverride?: string;
  description?: string;
}

/** Where a flow's tokens come from: an endpoint of the definition (the spec's own, or a synthetic one). */
export interface OAuthTokenEndpoint {
  endpointId: EndpointId;
  /** JSONPath-like locator of the access token in the token response (`$.access_token`). */
  accessTokenLocator: string;
  /** Locator of the lifetime in seconds, when the response carries one. */
  expiresInLocator?: string;
}

export interface OAuthScope {
  name: string;
  description?: string;
}

export interface OAuthClientCredentials {
  type: 'clientCredentials';
  /**
   * The endpoint that issues tokens. When the spec's tokenUrl matches one of its own endpoints,
   * that endpoint is referenced; otherwise the importer adds a synthetic token endpoint so the
   * reference always resolves.
   */
  tokenEndpoint: OAuthTokenEndpoint;
  scopes: OAuthScope[];
  /** Prefix of the Authorization header value. Defaults to `Bearer`. */
  tokenPrefix?: string;
}

/**
 * The authorization-code flow (RFC 6749 §4.1). A browser is a public client, so the playground
 * always adds PKCE with S256 (RFC 7636); `pkce` records that.
 */
export interface OAuthAuthorizationCode {
  type: 'authorizationCode';
  /** Where the reader is sent to log in and consent. */
  authorizationUrl: string;
  tokenEndpoint: OAuthTokenEndpoint;
  refreshUrl?: string;
  scopes: OAuthScope[];
  pkce: 'S256';
  tokenPrefix?: string;
}

/** The resource-owner password flow (RFC 6749 §4.3): username and password traded for a token. */
export interface OAuthPassword {
  type: 'password';
  tokenEndpoint: OAuthTokenEndpoint;
  refreshUrl?: string;
  scopes: OAuthScope[];
  tokenPrefix?: string;
}

/** The implicit flow: read from the spec, not offered (`unsupported` says why). */
export interface OAuthImplicit {
  type: 'implicit';
  authorizationUrl: string;
  scopes: OAuthScope[];
  unsupported: string;
}

export type OAuthFlow = OAuthClientCredentials | OAuthAuthorizationCode | OAuthPassword | OAuthImplicit;

/** The flows that fetch tokens from a token endpoint. */
export type OAuthTokenFlow = Exclude<OAuthFlow, OAuthImplicit>;

export interface OAuthScheme {
  type: 'oAuth';
  id: AuthSchemeId;
  /** The flow shown first: client credentials when declared, else authorization code, password, implicit. */
  value: OAuthFlow;
  /** Every flow the spec declares, `value` first; absent when `value` is the only one. */
  flows?: OAuthFlow[];
  description?: string;
}

export type AuthScheme =
  | BearerAuthScheme
  | BasicAuthScheme
  | HeaderAuthScheme
  | QueryParameterAuthScheme
  | OAuthScheme;
