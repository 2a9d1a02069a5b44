/**
 * Small builders for hand-written IR fixtures in the diff tests: an API, endpoints from a path
 * template, object and enum types, and the common type references.
 */
import type {
  ApiDefinition,
  Endpoint,
  HttpMethod,
  ObjectProperty,
  Parameter,
  PathPart,
  TypeDefinition,
  TypeReference,
} from '../ir/index.js';

export const str: TypeReference = { type: 'primitive', value: { type: 'string' } };
export const int: TypeReference = { type: 'primitive', value: { type: 'integer' } };
export const num: TypeReference = { type: 'primitive', value: { type: 'number' } };

export const optional = (shape: TypeReference): TypeReference => ({ type: 'optional', shape });
export const nullable = (shape: TypeReference): TypeReference => ({ type: 'nullable', shape });
export const list = (itemShape: TypeReference): TypeReference => ({ type: 'list', itemShape });
export const ref = (id: string): TypeReference => ({ type: 'id', id });

/** `{ name: str, tag: optional(str) }` → object properties. */
export function props(shapes: Record<string, TypeReference>): ObjectProperty[] {
  return Object.entries(shapes).map(([key, valueShape]) => ({ key, valueShape }));
}

export function param(key: string, valueShape: TypeReference = str): Parameter {
  return { key, valueShape };
}

export function objectType(
  id: string,
  shapes: Record<string, TypeReference>,
  extra: Partial<TypeDefinition> = {},
): TypeDefinition {
  return { id, name: id, shape: { type: 'object', extends: [], properties: props(shapes) }, ...extra };
}

export function enumType(id: string, values: string[]): TypeDefinition {
  return { id, name: id, shape: { type: 'enum', values: values.map((value) => ({ value })) } };
}

/** An endpoint from `GET /pets/{petId}`: path parts and required string path parameters. */
export function endpoint(method: HttpMethod, template: string, extra: Partial<Endpoint> = {}): Endpoint {
  const path: PathPart[] = [];
  const pathParameters: Parameter[] = [];
  for (const piece of template.split(/(\{[^}]+\})/)) {
    if (piece === '') continue;
    const name = /^\{(.+)\}$/.exec(piece)?.[1];
    if (name) {
      path.push({ type: 'pathParameter', name });
      pathParameters.push(param(name));
    } else {
      path.push({ type: 'literal', value: piece });
    }
  }
  return {
    id: `${method.toLowerCase()}${template.replace(/[^A-Za-z0-9]+/g, '_')}`,
    method,
    title: `${method} ${template}`,
    path,
    pathParameters,
    queryParameters: [],
    requestHeaders: [],
    requests: [],
    responses: [],
    errors: [],
    examples: [],
    auth: [],
    environments: [{ id: 'prod', baseUrl: 'https://api.example.com' }],
    ...extra,
  };
}

/** An API definition holding `endpoints` and `types`, keyed by their ids. */
export function api(
  endpoints: Endpoint[],
  types: TypeDefinition[] = [],
  extra: Partial<ApiDefinition> = {},
): ApiDefinition {
  return {
    irVersion: 1,
    id: 'petstore',
    title: 'Petstore',
    source: { format: 'openapi', version: '3.1.0' },
    endpoints: Object.fromEntries(endpoints.map((item) => [item.id, item])),
    websockets: {},
    webhooks: {},
    types: Object.fromEntries(types.map((type) => [type.id, type])),
    auths: {},
    globalHeaders: [],
    rootPackage: {
      endpoints: endpoints.map((item) => item.id),
      websockets: [],
      webhooks: [],
      subpackages: [],
    },
    subpackages: {},
    ...extra,
  };
}

/** A JSON response body referencing `typeId` (or an inline shape). */
export function jsonResponse(shape: TypeReference, statusCode = 200): Endpoint['responses'][number] {
  return { statusCode, contentType: 'application/json', body: { type: 'alias', shape } };
}

/** A required JSON request body with an inline object. */
export function jsonRequest(shapes: Record<string, TypeReference>): Endpoint['requests'][number] {
  return {
    contentType: 'application/json',
    body: { type: 'object', extends: [], properties: props(shapes) },
  };
}
