/**
 * A small hand-written IR used by the tests of this package: one endpoint per body kind, parameter
 * style and auth scheme, so each rule is tested against the model and not against an importer.
 */
import type { ApiDefinition, Endpoint, Parameter, TypeReference } from '@sextant/definition';

const str: TypeReference = { type: 'primitive', value: { type: 'string' } };
const int: TypeReference = { type: 'primitive', value: { type: 'integer' } };
const opt = (shape: TypeReference): TypeReference => ({ type: 'optional', shape });
const list = (itemShape: TypeReference): TypeReference => ({ type: 'list', itemShape });
const param = (key: string, valueShape: TypeReference, extra: Partial<Parameter> = {}): Parameter => ({
  key,
  valueShape,
  ...extra,
});
const lit = (value: string) => ({ type: 'literal' as const, value });
const pp = (name: string) => ({ type: 'pathParameter' as const, name });
const environments = [{ id: 'prod', baseUrl: 'https://api.example.com/v1' }];

function endpoint(partial: Partial<Endpoint> & Pick<Endpoint, 'id' | 'method' | 'path'>): Endpoint {
  return {
    title: partial.id,
    pathParameters: [],
    queryParameters: [],
    requestHeaders: [],
    requests: [],
    responses: [{ statusCode: 200, body: { type: 'alias', shape: { type: 'unknown' } } }],
    errors: [],
    examples: [],
    auth: [],
    environments,
    ...partial,
  };
}

export const listPets = endpoint({
  id: 'listPets',
  method: 'GET',
  path: [lit('/pets')],
  queryParameters: [
    param('limit', opt(int)),
    param('tags', opt(list(str))),
    param('ids', opt(list(int)), { style: 'form', explode: false }),
    param('filter', opt({ type: 'map', keyShape: str, valueShape: str }), {
      style: 'deepObject',
      explode: true,
    }),
    param('colors', opt(list(str)), { style: 'pipeDelimited', explode: false }),
    param('names', opt(list(str)), { style: 'spaceDelimited', explode: false }),
    param('q', str),
  ],
  requestHeaders: [param('X-Request-Id', opt(str))],
  auth: ['bearer', 'apiKey'],
  examples: [
    {
      pathParameters: {},
      queryParameters: { limit: 10, tags: ['a', 'b'], q: 'rex' },
      headers: {},
      responseStatusCode: 200,
      synthesized: false,
    },
  ],
});

export const createPet = endpoint({
  id: 'createPet',
  method: 'POST',
  path: [lit('/pets')],
  requests: [
    {
      contentType: 'application/json',
      body: {
        type: 'object',
        extends: ['Base'],
        properties: [
          { key: 'name', valueShape: str },
          { key: 'tag', valueShape: opt(str) },
          { key: 'age', valueShape: opt(int) },
          { key: 'owner', valueShape: opt({ type: 'id', id: 'Owner' }) },
          { key: 'id', valueShape: opt(str), access: 'READ_ONLY' },
        ],
      },
    },
  ],
  auth: ['basic', 'bearer'],
  examples: [
    {
      pathParameters: {},
      queryParameters: {},
      headers: {},
      requestBody: { kind: 'dog', name: 'Rex', tag: 'good' },
      responseStatusCode: 201,
      synthesized: false,
    },
  ],
});

export const getPet = endpoint({
  id: 'getPet',
  method: 'GET',
  path: [lit('/pets/'), pp('petId')],
  pathParameters: [param('petId', str)],
  auth: ['apiKeyHeader'],
  examples: [
    {
      pathParameters: { petId: '42' },
      queryParameters: {},
      headers: {},
      responseStatusCode: 200,
      synthesized: true,
    },
  ],
});

/** Cookie parameters (OpenAPI `in: cookie`): a required session, an optional theme and a list. */
export const getCart = endpoint({
  id: 'getCart',
  method: 'GET',
  path: [lit('/cart')],
  cookieParameters: [
    param('session', str),
    param('theme', opt(str), { examples: ['dark'] }),
    param('ids', opt(list(int)), { style: 'form', explode: false }),
  ],
  queryParameters: [param('page', opt(int))],
});

export const uploadPhoto = endpoint({
  id: 'uploadPhoto',
  method: 'POST',
  path: [lit('/pets/'), pp('petId'), lit('/photo')],
  pathParameters: [param('petId', str)],
  requests: [
    {
      contentType: 'multipart/form-data',
      body: {
        type: 'formData',
        fields: [
          { type: 'file', key: 'photo', isOptional: false, contentType: 'image/png' },
          { type: 'files', key: 'extras', isOptional: true },
          { type: 'property', key: 'caption', valueShape: str },
          { type: 'property', key: 'labels', valueShape: opt(list(str)) },
          { type: 'property', key: 'meta', valueShape: opt({ type: 'map', keyShape: str, valueShape: str }) },
        ],
      },
    },
  ],
  examples: [
    {
      pathParameters: { petId: '7' },
      queryParameters: {},
      headers: {},
      requestBody: { photo: 'photo.png', caption: 'Hello', labels: ['x', 'y'] },
      responseStatusCode: 200,
      synthesized: false,
    },
  ],
});

export const putFile = endpoint({
  id: 'putFile',
  method: 'PUT',
  path: [lit('/files/'), pp('name')],
  pathParameters: [param('name', str)],
  requests: [{ contentType: 'application/octet-stream', body: { type: 'bytes', isOptional: false } }],
  responses: [{ statusCode: 204, body: { type: 'empty' } }],
});

export const login = endpoint({
  id: 'login',
  method: 'POST',
  path: [lit('/login')],
  requests: [
    {
      contentType: 'application/x-www-form-urlencoded',
      body: {
        type: 'formData',
        fields: [
          { type: 'property', key: 'user', valueShape: str },
          {
            type: 'property',
            key: 'remember',
            valueShape: opt({ type: 'primitive', value: { type: 'boolean' } }),
          },
        ],
      },
    },
  ],
});

export const rpcAdd = endpoint({
  id: 'rpc.add',
  method: 'POST',
  path: [lit('/rpc')],
  requests: [
    { contentType: 'application/json', body: { type: 'alias', shape: { type: 'id', id: 'AddParams' } } },
  ],
  protocol: { type: 'openrpc', methodName: 'add' },
  examples: [
    {
      pathParameters: {},
      queryParameters: {},
      headers: {},
      requestBody: { a: 1, b: 2 },
      responseStatusCode: 200,
      synthesized: true,
    },
  ],
});

export const tokenEndpoint = endpoint({
  id: 'getToken',
  method: 'POST',
  path: [lit('/oauth/token')],
  requests: [
    {
      contentType: 'application/x-www-form-urlencoded',
      body: {
        type: 'formData',
        fields: ['grant_type', 'client_id', 'client_secret', 'scope'].map((key) => ({
          type: 'property' as const,
          key,
          valueShape: str,
        })),
      },
    },
  ],
  auth: ['oauth'],
});

export const deletePet = endpoint({
  id: 'deletePet',
  method: 'DELETE',
  path: [lit('/pets/'), pp('petId')],
  pathParameters: [param('petId', str)],
  auth: ['oauth', 'apiKeyHeader'],
  responses: [{ statusCode: 204, body: { type: 'empty' } }],
});

export const postNote = endpoint({
  id: 'postNote',
  method: 'POST',
  path: [lit('/notes')],
  requests: [{ contentType: 'text/plain; charset=utf-8', body: { type: 'alias', shape: str } }],
});

export const headPets = endpoint({ id: 'headPets', method: 'HEAD', path: [lit('/pets')], responses: [] });

/** Needs an API key and an app token together (API key header + bearer), or else basic auth alone. */
export const listOrders = endpoint({
  id: 'listOrders',
  method: 'POST',
  path: [lit('/orders')],
  queryParameters: [param('page', opt(int))],
  requests: [
    {
      contentType: 'multipart/form-data',
      body: {
        type: 'formData',
        fields: [
          { type: 'property', key: 'note', valueShape: str },
          { type: 'file', key: 'receipt', isOptional: false, contentType: 'application/pdf' },
          { type: 'files', key: 'photos', isOptional: true },
        ],
      },
    },
  ],
  auth: ['apiKeyHeader', 'bearer', 'apiKey', 'basic'],
  authRequirements: [['apiKeyHeader', 'bearer'], ['apiKey', 'bearer'], ['basic']],
});

export const definition: ApiDefinition = {
  irVersion: 1,
  id: 'petstore',
  title: 'Petstore',
  source: { format: 'openapi', version: '3.1.0' },
  endpoints: Object.fromEntries(
    [
      listPets,
      createPet,
      getPet,
      getCart,
      uploadPhoto,
      putFile,
      login,
      rpcAdd,
      tokenEndpoint,
      deletePet,
      headPets,
      postNote,
      listOrders,
    ].map((e) => [e.id, e]),
  ),
  websockets: {},
  webhooks: {},
  types: {
    Base: {
      id: 'Base',
      name: 'Base',
      shape: {
        type: 'object',
        extends: [],
        properties: [{ key: 'kind', valueShape: { type: 'id', id: 'Kind' } }],
      },
    },
    Kind: { id: 'Kind', name: 'Kind', shape: { type: 'enum', values: [{ value: 'cat' }, { value: 'dog' }] } },
    Owner: {
      id: 'Owner',
      name: 'Owner',
      shape: {
        type: 'object',
        extends: [],
        properties: [
          { key: 'name', valueShape: str },
          { key: 'email', valueShape: opt(str) },
          { key: 'phone', valueShape: opt(str) },
        ],
      },
    },
    AddParams: {
      id: 'AddParams',
      name: 'AddParams',
      shape: {
        type: 'object',
        extends: [],
        properties: [
          { key: 'a', valueShape: int },
          { key: 'b', valueShape: int },
        ],
      },
    },
  },
  auths: {
    bearer: { type: 'bearerAuth', id: 'bearer' },
    basic: { type: 'basicAuth', id: 'basic' },
    apiKeyHeader: { type: 'header', id: 'apiKeyHeader', headerWireValue: 'X-API-Key', prefix: 'Token' },
    apiKey: { type: 'queryParameter', id: 'apiKey', queryParameterName: 'api_key' },
    oauth: {
      type: 'oAuth',
      id: 'oauth',
      value: {
        type: 'clientCredentials',
        tokenEndpoint: { endpointId: 'getToken', accessTokenLocator: '$.access_token' },
        scopes: [{ name: 'read' }],
      },
    },
  },
  globalHeaders: [param('X-Client', opt(str))],
  rootPackage: { endpoints: [], websockets: [], webhooks: [], subpackages: [] },
  subpackages: {},
};

/** Options that hand `buildRequest` the fixture's schemes, global headers and types. */
export const buildOptions = {
  auths: definition.auths,
  globalHeaders: definition.globalHeaders,
  types: definition.types,
};
