/**
 * `buildRequest`: endpoint + form state + credentials + environment → the concrete HTTP request
 * (SPEC §5, §7). Pure: the snippet renderers and Send Request both read its result.
 */
import {
  type AuthScheme,
  type AuthSchemeId,
  cookieParametersOf,
  type Endpoint,
  type Environment,
  type Parameter,
} from '@sextant/definition';
import { authHeaderValue, selectAuths } from '../auth/apply-auth.js';
import type { AuthState } from '../auth/auth-state.js';
import { isAuthPlaceholder } from '../auth/placeholders.js';
import type { EndpointFormState } from '../form-state/form-state.js';
import { isOptionalShape, type TypeTable } from '../form-state/shapes.js';
import type { BuiltRequest, ResponseKind } from './built-request.js';
import { type CookiePair, cookiePair } from './cookie.js';
import { encodeComponent } from './encode.js';
import { serializeHeaderValue, serializePathParameter } from './path.js';
import { serializeQueryParameter } from './query.js';
import { buildBody, concreteContentType } from './request-body.js';

export interface BuildRequestOptions {
  /** `ApiDefinition.auths`: the schemes the endpoint's `auth` ids point at. */
  auths?: Record<AuthSchemeId, AuthScheme>;
  /** `ApiDefinition.globalHeaders`: headers every request carries (values come from the form's headers). */
  globalHeaders?: Parameter[];
  /** `ApiDefinition.types`, to tell optional parameters behind aliases. */
  types?: TypeTable;
  /** Apply only this requirement (the one the auth card has selected: a scheme id, or ids joined by `+`). */
  authSchemeId?: string;
}

/**
 * Builds the request Send Request sends and the snippets show.
 * @example
 * const request = buildRequest(endpoint, state, { bearer: { token: 'sk_1' } }, endpoint.environments[0], { auths: definition.auths });
 * // → { method: 'POST', url: 'https://api.example.com/pets', headers: { Authorization: 'Bearer sk_1', 'Content-Type': 'application/json' }, body: { type: 'json', ... } }
 */
export function buildRequest(
  endpoint: Endpoint,
  formState: EndpointFormState,
  auth: AuthState | undefined,
  environment: Pick<Environment, 'baseUrl'> | undefined,
  options: BuildRequestOptions = {},
): BuiltRequest {
  const types = options.types ?? {};
  const { applied } = selectAuths(endpoint, auth, options.auths ?? {}, options.authSchemeId);
  const missingPathParameters: string[] = [];
  const pathParameters = new Map(endpoint.pathParameters.map((p) => [p.key, p]));
  const path = endpoint.path
    .map((part) => {
      if (part.type === 'literal') return part.value;
      const text = serializePathParameter(
        pathParameters.get(part.name) ?? { key: part.name },
        formState.pathParameters[part.name],
      );
      if (text === undefined) {
        missingPathParameters.push(part.name);
        return `:${part.name}`;
      }
      return text;
    })
    .join('');

  const query = [
    ...parameterEntries(endpoint.queryParameters, formState.queryParameters, types).flatMap(
      ([param, value]) => serializeQueryParameter(param.key, value, param),
    ),
    ...applied.flatMap((credential) =>
      credential.type === 'queryParameter'
        ? [
            // A placeholder (`<api-key>`) is shown as written: a snippet reader replaces it.
            `${encodeComponent(credential.parameter)}=${isAuthPlaceholder(credential.secret) ? credential.secret : encodeComponent(credential.secret)}`,
          ]
        : [],
    ),
  ];
  const baseUrl = (environment?.baseUrl ?? endpoint.environments[0]?.baseUrl ?? '').replace(/\/+$/, '');
  // A spec path may carry a fragment (`/pets#by-tag`, to tell apart operations on one path): it is
  // never sent, so it is dropped; a literal query (`/search?type=a`) keeps its place before ours.
  const wirePath = path.split('#')[0] ?? '';
  const joiner = wirePath.includes('?') ? '&' : '?';
  const url = `${baseUrl}${wirePath.startsWith('/') || wirePath === '' ? '' : '/'}${wirePath}${query.length ? `${joiner}${query.join('&')}` : ''}`;

  const headers: Record<string, string> = {};
  for (const credential of applied)
    if (credential.type !== 'queryParameter')
      setHeader(headers, credential.header, authHeaderValue(credential));
  const headerParameters = [...(options.globalHeaders ?? []), ...endpoint.requestHeaders];
  for (const [param, value] of parameterEntries(headerParameters, formState.headers, types)) {
    const text = serializeHeaderValue(value, param.explode ?? false);
    if (text !== '') setHeader(headers, param.key, text);
  }
  // Like a header, a cookie whose value is empty text is not sent.
  const cookies: CookiePair[] = parameterEntries(cookieParametersOf(endpoint), formState.cookies ?? {}, types)
    .map(([param, value]) => cookiePair(param.key, value))
    .filter(([, text]) => text !== '');
  const declared = endpoint.requests[0];
  // A wildcard (`*/*`) is what the API accepts, never what a request is: a concrete type goes out.
  const contentType =
    endpoint.protocol?.type === 'openrpc' ? 'application/json' : declared && concreteContentType(declared);
  const body = buildBody(endpoint, formState.body);
  // An optional body left out goes without a Content-Type: there is nothing to describe; nor does
  // a multipart body with no part, whose Content-Type would name no boundary.
  const omitted =
    body.type === 'none' && (declared?.isOptional === true || /^multipart\//i.test(contentType ?? ''));
  if (contentType && endpoint.method !== 'GET' && !omitted) setHeader(headers, 'Content-Type', contentType);

  return {
    endpointId: endpoint.id,
    method: endpoint.method,
    url,
    headers,
    cookies,
    body,
    auths: applied,
    missingPathParameters,
    expects: responseKind(endpoint),
  };
}

/**
 * Declared parameters with a value (in declaration order), then undeclared keys the form holds.
 * Null is omitted; an optional parameter left empty is omitted.
 */
function parameterEntries(
  declared: readonly Parameter[],
  values: Record<string, unknown>,
  types: TypeTable,
): [Pick<Parameter, 'key' | 'style' | 'explode'>, unknown][] {
  const out: [Pick<Parameter, 'key' | 'style' | 'explode'>, unknown][] = [];
  const seen = new Set<string>();
  for (const param of declared) {
    if (seen.has(param.key)) continue;
    seen.add(param.key);
    const value = values[param.key];
    if (value === undefined || value === null) continue;
    if (value === '' && isOptionalShape(param.valueShape, types)) continue;
    out.push([param, value]);
  }
  for (const [key, value] of Object.entries(values)) {
    if (!seen.has(key) && value !== undefined && value !== null) out.push([{ key }, value]);
  }
  return out;
}

/** Sets a header, replacing one of the same name in any letter case. */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const existing of Object.keys(headers)) {
    if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  }
  headers[name] = value;
}

function responseKind(endpoint: Endpoint): ResponseKind {
  const body = endpoint.responses[0]?.body;
  if (!body) return endpoint.method === 'HEAD' ? 'empty' : 'json';
  switch (body.type) {
    case 'object':
    case 'alias':
      return 'json';
    case 'fileDownload':
      return 'file';
    case 'streamingText':
    case 'stream':
      return 'stream';
    case 'empty':
      return 'empty';
  }
}
