/**
 * A small hand-written API definition for the playground's own tests: one endpoint per body
 * kind and auth kind, a streaming endpoint, an OAuth token endpoint, and a WebSocket channel.
 * Target base URLs are parameters so tests can point them at real local servers.
 */
import type { ApiDefinition, Endpoint, WebSocketChannel } from '@sextant/definition';

const str = { type: 'primitive', value: { type: 'string' } } as const;
const int = { type: 'primitive', value: { type: 'integer' } } as const;
const opt = <T>(shape: T) => ({ type: 'optional', shape }) as const;

function endpoint(
  partial: Partial<Endpoint> & Pick<Endpoint, 'id' | 'method' | 'path'>,
  baseUrl: string,
): Endpoint {
  return {
    title: partial.id,
    pathParameters: [],
    queryParameters: [],
    requestHeaders: [],
    requests: [],
    responses: [],
    errors: [],
    examples: [],
    auth: [],
    environments: [{ id: 'default', baseUrl }],
    ...partial,
  };
}

/** The fixture definition with every endpoint aimed at `baseUrl` and the channel at `wsBaseUrl`. */
export function fixtureDefinition(baseUrl: string, wsBaseUrl = 'ws://127.0.0.1:1'): ApiDefinition {
  const channel: WebSocketChannel = {
    id: 'chat',
    title: 'Chat',
    path: [
      { type: 'literal', value: '/chat/' },
      { type: 'pathParameter', name: 'room' },
    ],
    pathParameters: [{ key: 'room', valueShape: str }],
    queryParameters: [{ key: 'lang', valueShape: opt(str) }],
    requestHeaders: [{ key: 'X-Client', valueShape: opt(str) }],
    environments: [{ id: 'default', baseUrl: wsBaseUrl }],
    auth: [],
    messages: [
      { type: 'say', origin: 'client', displayName: 'Say', body: { type: 'id', id: 'Say' } },
      { type: 'ping', origin: 'client', displayName: 'Ping', body: { type: 'unknown' } },
      { type: 'said', origin: 'server', displayName: 'Said', body: { type: 'unknown' } },
    ],
    examples: [
      {
        pathParameters: { room: 'lobby' },
        queryParameters: {},
        headers: {},
        messages: [{ type: 'say', origin: 'client', body: { text: 'hello' } }],
        synthesized: false,
      },
    ],
  };
  return {
    irVersion: 1,
    id: 'fixture',
    title: 'Fixture API',
    source: { format: 'openapi', version: '3.1.0' },
    endpoints: {
      getPet: endpoint(
        {
          id: 'getPet',
          method: 'GET',
          title: 'Get a pet',
          path: [
            { type: 'literal', value: '/pets/' },
            { type: 'pathParameter', name: 'petId' },
          ],
          pathParameters: [{ key: 'petId', valueShape: int }],
          queryParameters: [{ key: 'fields', valueShape: opt({ type: 'list', itemShape: str }) }],
          requestHeaders: [{ key: 'X-Trace', valueShape: opt(str) }],
          responses: [{ statusCode: 200, body: { type: 'alias', shape: { type: 'id', id: 'Pet' } } }],
          examples: [
            {
              pathParameters: { petId: 7 },
              queryParameters: { fields: ['name', 'tag'] },
              headers: {},
              responseStatusCode: 200,
              synthesized: false,
            },
          ],
          auth: ['bearer'],
        },
        baseUrl,
      ),
      createPet: endpoint(
        {
          id: 'createPet',
          method: 'POST',
          title: 'Create a pet',
          path: [{ type: 'literal', value: '/pets' }],
          requests: [
            {
              contentType: 'application/json',
              body: {
                type: 'object',
                extends: [],
                properties: [
                  { key: 'name', valueShape: str },
                  { key: 'tag', valueShape: opt(str) },
                  { key: 'age', valueShape: opt(int) },
                  { key: 'kind', valueShape: { type: 'id', id: 'Kind' } },
                ],
              },
            },
          ],
          responses: [{ statusCode: 201, body: { type: 'alias', shape: { type: 'id', id: 'Pet' } } }],
          examples: [
            {
              pathParameters: {},
              queryParameters: {},
              headers: {},
              requestBody: { name: 'Rex', kind: 'dog' },
              responseStatusCode: 201,
              synthesized: false,
            },
          ],
          auth: ['basic'],
        },
        baseUrl,
      ),
      upload: endpoint(
        {
          id: 'upload',
          method: 'POST',
          title: 'Upload files',
          path: [{ type: 'literal', value: '/upload' }],
          requests: [
            {
              contentType: 'multipart/form-data',
              body: {
                type: 'formData',
                fields: [
                  { type: 'files', key: 'attachments', isOptional: false },
                  { type: 'file', key: 'cover', isOptional: true },
                  { type: 'property', key: 'note', valueShape: opt(str) },
                ],
              },
            },
          ],
          auth: ['apiKey'],
        },
        baseUrl,
      ),
      events: endpoint(
        {
          id: 'events',
          method: 'GET',
          title: 'Stream events',
          path: [{ type: 'literal', value: '/events' }],
          responses: [
            { statusCode: 200, body: { type: 'stream', framing: 'sse', shape: { type: 'unknown' } } },
          ],
          auth: ['oauth'],
        },
        baseUrl,
      ),
      token: endpoint(
        {
          id: 'token',
          method: 'POST',
          title: 'Get a token',
          path: [{ type: 'literal', value: '/oauth/token' }],
          requests: [
            {
              contentType: 'application/json',
              body: {
                type: 'object',
                extends: [],
                properties: [
                  { key: 'client_id', valueShape: str },
                  { key: 'client_secret', valueShape: str },
                  { key: 'grant_type', valueShape: str },
                ],
              },
            },
          ],
        },
        baseUrl,
      ),
    },
    websockets: { chat: channel },
    webhooks: {},
    types: {
      Pet: {
        id: 'Pet',
        name: 'Pet',
        shape: {
          type: 'object',
          extends: [],
          properties: [
            { key: 'id', valueShape: int },
            { key: 'name', valueShape: str },
          ],
        },
      },
      Kind: {
        id: 'Kind',
        name: 'Kind',
        shape: { type: 'enum', values: [{ value: 'dog' }, { value: 'cat' }] },
      },
      Say: {
        id: 'Say',
        name: 'Say',
        shape: { type: 'object', extends: [], properties: [{ key: 'text', valueShape: str }] },
      },
    },
    auths: {
      bearer: { type: 'bearerAuth', id: 'bearer' },
      basic: { type: 'basicAuth', id: 'basic' },
      apiKey: { type: 'header', id: 'apiKey', headerWireValue: 'X-API-Key' },
      oauth: {
        type: 'oAuth',
        id: 'oauth',
        value: {
          type: 'clientCredentials',
          tokenEndpoint: { endpointId: 'token', accessTokenLocator: '$.access_token' },
          scopes: [],
        },
      },
    },
    globalHeaders: [],
    rootPackage: {
      endpoints: ['getPet', 'createPet', 'upload', 'events', 'token'],
      websockets: ['chat'],
      webhooks: [],
      subpackages: [],
    },
    subpackages: {},
  };
}
