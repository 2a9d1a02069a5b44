/**
 * Security schemes → IR auth schemes, and security requirements → the auth ids of an endpoint.
 * http bearer → bearerAuth, http basic → basicAuth, apiKey header/query → header/queryParameter,
 * OAuth2 → oAuth with every declared flow (client credentials, authorization code, password, and
 * implicit read but marked unsupported); each token URL becomes a token endpoint: the spec's own
 * endpoint when one matches it, else a synthetic `POST tokenUrl` endpoint the importer adds (one
 * per URL: a second flow with the same URL finds the first one's). OpenID Connect, and an OAuth2
 * scheme without a usable flow, become a bearer token input (the reader pastes a token).
 */
import type { Location } from '../document/document-set.js';
import type { AuthScheme, AuthSchemeId, OAuthFlow, OAuthScheme, OAuthTokenFlow } from '../ir/auth.js';
import type { Endpoint, Environment, HttpMethod } from '../ir/endpoint.js';
import { pathTemplate } from '../ir/read-types.js';
import { arrayAt, type ImportContext, isObject, type Json, pointerAt, str } from './context.js';
import type { IdAllocator } from './paths.js';
import { parsePath } from './paths.js';

/** An OAuth scheme whose token endpoint is found once all endpoints exist. */
export interface PendingTokenEndpoint {
  scheme: OAuthScheme;
  flow: OAuthTokenFlow;
  tokenUrl: string;
  at: Location;
}

export interface ConvertedSchemes {
  auths: Record<AuthSchemeId, AuthScheme>;
  pending: PendingTokenEndpoint[];
}

/** Converts `components.securitySchemes` (3.x) or `securityDefinitions` (2.0). */
export function convertSecuritySchemes(
  context: ImportContext,
  schemes: unknown,
  at: Location,
): ConvertedSchemes {
  const result: ConvertedSchemes = { auths: {}, pending: [] };
  if (!isObject(schemes)) return result;
  for (const [id, raw] of Object.entries(schemes)) {
    const schemeAt = pointerAt(at, id);
    const { value: scheme, at: resolvedAt } = context.docs.deref(raw, schemeAt);
    if (!isObject(scheme)) {
      context.sink.warn(schemeAt, 'security scheme is not an object; ignored');
      continue;
    }
    const auth = convertScheme(context, id, scheme, resolvedAt, result.pending);
    if (auth) result.auths[id] = auth;
  }
  return result;
}

function convertScheme(
  context: ImportContext,
  id: string,
  scheme: Json,
  at: Location,
  pending: PendingTokenEndpoint[],
): AuthScheme | undefined {
  const description = str(scheme.description);
  const withDescription = <T extends AuthScheme>(auth: T): T => {
    if (description) auth.description = description;
    return auth;
  };
  const type = str(scheme.type);
  if (type === 'basic') return withDescription({ type: 'basicAuth', id });
  if (type === 'http') {
    const httpScheme = (str(scheme.scheme) ?? '').toLowerCase();
    if (httpScheme === 'bearer') return withDescription({ type: 'bearerAuth', id });
    if (httpScheme === 'basic') return withDescription({ type: 'basicAuth', id });
    context.sink.warn(at, `http scheme "${httpScheme}" shown as a raw Authorization header`);
    return withDescription({
      type: 'header',
      id,
      headerWireValue: 'Authorization',
      prefix: str(scheme.scheme) ?? '',
    });
  }
  if (type === 'apiKey') {
    const name = str(scheme.name);
    if (!name) {
      context.sink.warn(at, 'apiKey scheme without a `name`; ignored');
      return undefined;
    }
    if (scheme.in === 'header') return withDescription({ type: 'header', id, headerWireValue: name });
    if (scheme.in === 'query')
      return withDescription({ type: 'queryParameter', id, queryParameterName: name });
    context.sink.warn(at, `apiKey in "${String(scheme.in)}" is not supported; ignored`);
    return undefined;
  }
  if (type === 'oauth2') return oauthScheme(id, scheme, at, pending, withDescription);
  if (type === 'openIdConnect') return withDescription({ type: 'bearerAuth', id, tokenName: 'Access token' });
  context.sink.warn(at, `security scheme type "${String(type)}" is not supported; ignored`);
  return undefined;
}

/** OpenAPI 3.x flow names with their Swagger 2.0 `flow` values, in the order the card offers them. */
const FLOW_NAMES = [
  ['clientCredentials', 'application'],
  ['authorizationCode', 'accessCode'],
  ['password', 'password'],
  ['implicit', 'implicit'],
] as const;

const IMPLICIT_UNSUPPORTED =
  'The implicit flow is not offered: it returns the token in the address bar, which OAuth 2.0 Security Best Current Practice forbids; use the authorization code flow with PKCE.';

function oauthScheme(
  id: string,
  scheme: Json,
  at: Location,
  pending: PendingTokenEndpoint[],
  withDescription: <T extends AuthScheme>(auth: T) => T,
): AuthScheme {
  // 3.x: `flows.<name>`; 2.0: one `flow` with its URLs on the scheme itself.
  const flows = isObject(scheme.flows) ? scheme.flows : undefined;
  const converted: { flow: OAuthFlow; tokenUrl: string | undefined; at: Location }[] = [];
  for (const [name, swaggerName] of FLOW_NAMES) {
    const raw = flows ? flows[name] : scheme.flow === swaggerName ? scheme : undefined;
    if (!isObject(raw)) continue;
    const flow = oauthFlow(name, raw);
    if (flow) converted.push({ ...flow, at: flows ? pointerAt(at, 'flows', name) : at });
  }
  const first = converted[0];
  if (!first) return withDescription({ type: 'bearerAuth', id, tokenName: 'Access token' });
  const auth: OAuthScheme = withDescription({ type: 'oAuth', id, value: first.flow });
  if (converted.length > 1) auth.flows = converted.map((item) => item.flow);
  for (const item of converted)
    if (item.tokenUrl && item.flow.type !== 'implicit')
      pending.push({ scheme: auth, flow: item.flow, tokenUrl: item.tokenUrl, at: item.at });
  return auth;
}

/** One flow object; undefined when a URL it cannot work without is missing. */
function oauthFlow(
  name: (typeof FLOW_NAMES)[number][0],
  flow: Json,
): { flow: OAuthFlow; tokenUrl: string | undefined } | undefined {
  const scopes = isObject(flow.scopes)
    ? Object.entries(flow.scopes).map(([scope, text]) =>
        typeof text === 'string' && text !== '' ? { name: scope, description: text } : { name: scope },
      )
    : [];
  const tokenUrl = str(flow.tokenUrl);
  const authorizationUrl = str(flow.authorizationUrl);
  const refreshUrl = str(flow.refreshUrl);
  const tokenEndpoint = {
    endpointId: '',
    accessTokenLocator: '$.access_token',
    expiresInLocator: '$.expires_in',
  };
  const refresh = refreshUrl ? { refreshUrl } : {};
  switch (name) {
    case 'clientCredentials':
      return tokenUrl ? { flow: { type: 'clientCredentials', tokenEndpoint, scopes }, tokenUrl } : undefined;
    case 'authorizationCode':
      return tokenUrl && authorizationUrl
        ? {
            flow: {
              type: 'authorizationCode',
              authorizationUrl,
              tokenEndpoint,
              ...refresh,
              scopes,
              pkce: 'S256',
            },
            tokenUrl,
          }
        : undefined;
    case 'password':
      return tokenUrl
        ? { flow: { type: 'password', tokenEndpoint, ...refresh, scopes }, tokenUrl }
        : undefined;
    case 'implicit':
      return authorizationUrl
        ? {
            flow: { type: 'implicit', authorizationUrl, scopes, unsupported: IMPLICIT_UNSUPPORTED },
            tokenUrl: undefined,
          }
        : undefined;
  }
}

/**
 * Points each pending OAuth scheme at the spec's endpoint matching its tokenUrl (a POST whose
 * path, after the server base path, equals the URL's path), or adds a synthetic one.
 */
export function resolveTokenEndpoints(
  pending: PendingTokenEndpoint[],
  endpoints: Record<string, Endpoint>,
  environments: Environment[],
  ids: IdAllocator,
): void {
  for (const item of pending) {
    const tokenPath = urlPath(item.tokenUrl);
    const match = Object.values(endpoints).find(
      (endpoint) => endpoint.method === 'POST' && endpointMatchesPath(endpoint, tokenPath),
    );
    if (match) {
      item.flow.tokenEndpoint.endpointId = match.id;
      continue;
    }
    const endpoint = syntheticTokenEndpoint(
      ids.take(`${item.scheme.id}_token`),
      item.tokenUrl,
      environments,
      GRANT_TYPES[item.flow.type],
    );
    endpoints[endpoint.id] = endpoint;
    item.flow.tokenEndpoint.endpointId = endpoint.id;
  }
}

function endpointMatchesPath(endpoint: Endpoint, tokenPath: string): boolean {
  const path = pathTemplate(endpoint.path);
  if (path === tokenPath) return true;
  return endpoint.environments.some(
    (environment) => `${urlPath(environment.baseUrl)}${path}`.replace(/\/\//g, '/') === tokenPath,
  );
}

function urlPath(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(url);
  const path = match ? (match[1] ?? '/') : (url.split(/[?#]/)[0] ?? url);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function urlOrigin(url: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url)?.[1];
}

const STRING = { type: 'primitive', value: { type: 'string' } } as const;

const GRANT_TYPES = {
  clientCredentials: 'client_credentials',
  authorizationCode: 'authorization_code',
  password: 'password',
} as const;

const GRANT_NAMES = {
  client_credentials: 'client-credentials',
  authorization_code: 'authorization-code',
  password: 'password',
} as const;

/** The token endpoint of an OAuth2 flow, as RFC 6749 §4 describes it (the grant of the flow that added it). */
function syntheticTokenEndpoint(
  id: string,
  tokenUrl: string,
  environments: Environment[],
  grantType: (typeof GRANT_TYPES)[keyof typeof GRANT_TYPES],
): Endpoint {
  const origin = urlOrigin(tokenUrl);
  const method: HttpMethod = 'POST';
  return {
    id,
    method,
    title: 'Get an access token',
    description: `OAuth 2.0 ${GRANT_NAMES[grantType]} token request to ${tokenUrl}.`,
    path: parsePath(origin ? urlPath(tokenUrl) : tokenUrl),
    pathParameters: [],
    queryParameters: [],
    requestHeaders: [],
    requests: [
      {
        contentType: 'application/x-www-form-urlencoded',
        body: {
          type: 'formData',
          fields: [
            {
              type: 'property',
              key: 'grant_type',
              valueShape: { type: 'literal', value: grantType },
            },
            { type: 'property', key: 'client_id', valueShape: STRING },
            { type: 'property', key: 'client_secret', valueShape: STRING },
            { type: 'property', key: 'scope', valueShape: { type: 'optional', shape: STRING } },
          ],
        },
      },
    ],
    responses: [
      {
        statusCode: 200,
        contentType: 'application/json',
        body: {
          type: 'object',
          extends: [],
          properties: [
            { key: 'access_token', valueShape: STRING },
            { key: 'token_type', valueShape: { type: 'optional', shape: STRING } },
            {
              key: 'expires_in',
              valueShape: { type: 'optional', shape: { type: 'primitive', value: { type: 'integer' } } },
            },
          ],
        },
      },
    ],
    errors: [],
    examples: [],
    auth: [],
    environments: origin ? [{ id: origin, baseUrl: origin }] : environments,
    synthetic: true,
  };
}

/** Auth ids of a security requirement list; unknown scheme names warn. `[]` means no auth. */
export function securityRequirements(
  context: ImportContext,
  security: unknown,
  at: Location,
  auths: Record<AuthSchemeId, AuthScheme>,
): AuthSchemeId[] {
  const ids: AuthSchemeId[] = [];
  arrayAt(context, security, at, '`security`').forEach((requirement, index) => {
    if (!isObject(requirement)) return;
    for (const name of Object.keys(requirement)) {
      if (!auths[name]) {
        context.sink.warn(
          pointerAt(at, index, name),
          `security scheme "${name}" is not defined or not supported`,
        );
        continue;
      }
      if (!ids.includes(name)) ids.push(name);
    }
  });
  return ids;
}

/**
 * The requirement sets of a security requirement list (known schemes only), when one names two
 * or more schemes applied together; undefined when each requirement is a single scheme.
 * @example combinedRequirements([{ apiKey: [], appToken: [] }, { oauth: [] }], auths) // [['apiKey', 'appToken'], ['oauth']]
 */
export function combinedRequirements(
  security: unknown,
  auths: Record<AuthSchemeId, AuthScheme>,
): AuthSchemeId[][] | undefined {
  if (!Array.isArray(security)) return undefined;
  const sets = security
    .filter(isObject)
    .map((requirement) => Object.keys(requirement).filter((name) => auths[name] !== undefined))
    .filter((set) => set.length > 0);
  return sets.some((set) => set.length > 1) ? sets : undefined;
}
