/**
 * The OAuth token requests of the auth card: the request to a flow's token endpoint
 * (built with `buildRequest`, so it honours the endpoint's content type) and reading the access
 * token out of the JSON response with the scheme's locator (`$.access_token`).
 */
import type { Endpoint } from '@sextant/definition';
import { buildRequest } from '../build/build-request.js';
import type { BuiltRequest } from '../build/built-request.js';
import type { EndpointFormState } from '../form-state/form-state.js';

/**
 * The token request for client credentials: `grant_type`, `client_id`, `client_secret` and, when
 * scopes are given, `scope` (space-separated), as form fields or a JSON object after the endpoint's content type.
 * @example
 * const request = buildTokenRequest(definition.endpoints[scheme.value.tokenEndpoint.endpointId], 'id', 'secret', ['read']);
 * const { url, init } = toFetchInit(request, { proxyUrl });
 */
export function buildTokenRequest(
  tokenEndpoint: Endpoint,
  clientId: string,
  clientSecret: string,
  scopes: readonly string[] = [],
  environment?: { baseUrl: string },
): BuiltRequest {
  return buildGrantRequest(
    tokenEndpoint,
    clientCredentialsGrant(clientId, clientSecret, scopes),
    environment,
  );
}

/** The token request fields of the client-credentials grant (RFC 6749 §4.4.2). */
export function clientCredentialsGrant(
  clientId: string,
  clientSecret: string,
  scopes: readonly string[] = [],
): Record<string, string> {
  const fields: Record<string, string> = {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
  };
  if (scopes.length) fields.scope = scopes.join(' ');
  return fields;
}

/**
 * A token request of any grant (RFC 6749 §4.1.3, §4.3.2, §4.4.2): `fields` as form fields (a JSON
 * object when the spec's own token endpoint takes JSON).
 * @example buildGrantRequest(tokenEndpoint, { grant_type: 'password', username: 'ada', password: 'pw' }).body.type // 'urlencoded'
 */
export function buildGrantRequest(
  tokenEndpoint: Endpoint,
  fields: Readonly<Record<string, string>>,
  environment?: { baseUrl: string },
): BuiltRequest {
  const requestBody = tokenEndpoint.requests[0]?.body;
  const endpoint: Endpoint = requestBody
    ? tokenEndpoint
    : {
        ...tokenEndpoint,
        requests: [
          { contentType: 'application/x-www-form-urlencoded', body: { type: 'formData', fields: [] } },
        ],
      };
  const state: EndpointFormState = {
    type: 'endpoint',
    pathParameters: {},
    queryParameters: {},
    headers: {},
    body:
      endpoint.requests[0]?.body.type === 'formData'
        ? {
            type: 'form-data',
            value: Object.fromEntries(
              Object.entries(fields).map(([k, v]) => [k, { type: 'json', value: v }]),
            ),
          }
        : { type: 'json', value: { ...fields } },
  };
  return buildRequest(endpoint, state, undefined, environment);
}

/**
 * Reads a value with a JSONPath-like locator: `$.a.b`, `$.list[0].c`, `$['odd key']`.
 * Returns the token as a string, or `undefined` when absent or not a string/number.
 * @example
 * extractAccessToken({ data: { token: 'abc' } }, '$.data.token'); // 'abc'
 */
export function extractAccessToken(responseJson: unknown, locator: string): string | undefined {
  const steps = parseLocator(locator);
  if (!steps) return undefined;
  let current = responseJson;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  if (typeof current === 'string') return current;
  if (typeof current === 'number') return String(current);
  return undefined;
}

function parseLocator(locator: string): (string | number)[] | undefined {
  const text = locator.trim();
  const body = text.startsWith('$') ? text.slice(1) : `.${text}`;
  const steps: (string | number)[] = [];
  const pattern = /\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[(['"])(.*?)\3\]/gy;
  let match: RegExpExecArray | null = pattern.exec(body);
  let consumed = 0;
  while (match) {
    consumed = pattern.lastIndex;
    if (match[1] !== undefined) steps.push(match[1]);
    else if (match[2] !== undefined) steps.push(Number(match[2]));
    else if (match[4] !== undefined) steps.push(match[4]);
    match = pattern.exec(body);
  }
  return consumed === body.length ? steps : undefined;
}
