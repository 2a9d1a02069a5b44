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

export interface OAuthClientCredentials {
  type: 'clientCredentials';
  /**
   * The endpoint that issues tokens. When the spec's tokenUrl matches one of its own endpoints,
   * that endpoint is referenced; otherwise the importer adds a synthetic token endpoint so the
   * reference always resolves.
   */
  tokenEndpoint: {
    endpointId: EndpointId;
    /** JSONPath-like locator of the access token in the token response (`$.access_token`). */
    accessTokenLocator: string;
    /** Locator of the lifetime in seconds, when the response carries one. */
    expiresInLocator?: string;
  };
  scopes: { name: string; description?: string }[];
  /** Prefix of the Authorization header value. Defaults to `Bearer`. */
  tokenPrefix?: string;
}

export interface OAuthScheme {
  type: 'oAuth';
  id: AuthSchemeId;
  value: OAuthClientCredentials;
  description?: string;
}

export type AuthScheme =
  | BearerAuthScheme
  | BasicAuthScheme
  | HeaderAuthScheme
  | QueryParameterAuthScheme
  | OAuthScheme;
