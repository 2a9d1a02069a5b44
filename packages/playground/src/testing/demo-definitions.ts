/**
 * API definitions of the demo upstreams (examples/servers) for the playground's e2e tests:
 * echo endpoints for every body kind, streams, files, audio, PDF, every auth kind with the
 * demo credentials, the OAuth token endpoint, and two WebSocket channels. Base URLs are the
 * running demo servers' (ports chosen at test time).
 */
import type { ApiDefinition, Endpoint, TypeReference, WebSocketChannel } from '@sextant/definition';

const str: TypeReference = { type: 'primitive', value: { type: 'string' } };
const int: TypeReference = { type: 'primitive', value: { type: 'integer' } };
const optional = (shape: TypeReference): TypeReference => ({ type: 'optional', shape });

type Partial2 = Partial<Endpoint> & Pick<Endpoint, 'id' | 'method'> & { route: string };

function endpoint(baseUrl: string, { route, ...rest }: Partial2): Endpoint {
  const path = route
    .split(/(\{[^}]+\})/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith('{')
        ? ({ type: 'pathParameter', name: part.slice(1, -1) } as const)
        : ({ type: 'literal', value: part } as const),
    );
  return {
    title: rest.id,
    path,
    pathParameters: [],
    queryParameters: [],
    requestHeaders: [],
    requests: [],
    responses: [{ statusCode: 200, body: { type: 'alias', shape: { type: 'unknown' } } }],
    errors: [],
    examples: [],
    auth: [],
    environments: [{ id: 'demo', baseUrl }],
    ...rest,
  };
}

/** The demo REST API as an IR definition. */
export function demoRestDefinition(restUrl: string): ApiDefinition {
  const e = (spec: Partial2) => endpoint(restUrl, spec);
  const list: Endpoint[] = [
    e({
      id: 'echoJson',
      method: 'POST',
      title: 'Echo a JSON body',
      route: '/echo/{name}',
      pathParameters: [{ key: 'name', valueShape: str }],
      queryParameters: [{ key: 'tags', valueShape: optional({ type: 'list', itemShape: str }) }],
      requestHeaders: [{ key: 'X-Trace-Id', valueShape: optional(str) }],
      requests: [
        {
          contentType: 'application/json',
          body: {
            type: 'object',
            extends: [],
            properties: [
              { key: 'name', valueShape: str },
              { key: 'species', valueShape: { type: 'id', id: 'Species' } },
              { key: 'waterEveryDays', valueShape: optional(int) },
              { key: 'notes', valueShape: optional(str) },
              { key: 'tags', valueShape: optional({ type: 'list', itemShape: str }) },
            ],
          },
        },
      ],
      examples: [
        {
          pathParameters: { name: 'fern' },
          queryParameters: {},
          headers: {},
          requestBody: { name: 'Fern', species: 'fern' },
          responseStatusCode: 200,
          synthesized: false,
        },
      ],
    }),
    e({
      id: 'echoForm',
      method: 'POST',
      title: 'Echo a URL-encoded form',
      route: '/echo/form',
      requests: [
        {
          contentType: 'application/x-www-form-urlencoded',
          body: {
            type: 'formData',
            fields: [
              { type: 'property', key: 'city', valueShape: str },
              { type: 'property', key: 'zip', valueShape: optional(str) },
            ],
          },
        },
      ],
      examples: [
        {
          pathParameters: {},
          queryParameters: {},
          headers: {},
          requestBody: { city: 'Lyon' },
          responseStatusCode: 200,
          synthesized: false,
        },
      ],
    }),
    e({
      id: 'upload',
      method: 'POST',
      title: 'Upload files',
      route: '/upload',
      requests: [
        {
          contentType: 'multipart/form-data',
          body: {
            type: 'formData',
            fields: [
              { type: 'files', key: 'photos', isOptional: false },
              { type: 'property', key: 'caption', valueShape: optional(str) },
            ],
          },
        },
      ],
    }),
    e({
      id: 'uploadRaw',
      method: 'PUT',
      title: 'Upload raw bytes',
      route: '/upload/raw',
      requests: [{ contentType: 'application/octet-stream', body: { type: 'bytes', isOptional: false } }],
    }),
    e({
      id: 'sse',
      method: 'GET',
      title: 'Server-sent events',
      route: '/stream/sse',
      queryParameters: [
        { key: 'count', valueShape: optional(int) },
        { key: 'delayMs', valueShape: optional(int) },
      ],
      responses: [
        {
          statusCode: 200,
          body: { type: 'stream', framing: 'sse', shape: { type: 'unknown' }, terminator: '[DONE]' },
        },
      ],
      examples: [
        {
          pathParameters: {},
          queryParameters: { count: 4, delayMs: 700 },
          headers: {},
          responseStatusCode: 200,
          synthesized: false,
        },
      ],
    }),
    e({
      id: 'ndjson',
      method: 'GET',
      title: 'NDJSON stream',
      route: '/stream/ndjson',
      queryParameters: [
        { key: 'count', valueShape: optional(int) },
        { key: 'delayMs', valueShape: optional(int) },
      ],
      responses: [
        { statusCode: 200, body: { type: 'stream', framing: 'ndjson', shape: { type: 'unknown' } } },
      ],
      examples: [
        {
          pathParameters: {},
          queryParameters: { count: 4, delayMs: 700 },
          headers: {},
          responseStatusCode: 200,
          synthesized: false,
        },
      ],
    }),
    e({
      id: 'csv',
      method: 'GET',
      title: 'Download a CSV report',
      route: '/files/report.csv',
      responses: [{ statusCode: 200, body: { type: 'fileDownload', contentType: 'text/csv' } }],
    }),
    e({
      id: 'pdf',
      method: 'GET',
      title: 'Invoice PDF',
      route: '/files/invoice.pdf',
      responses: [{ statusCode: 200, body: { type: 'fileDownload', contentType: 'application/pdf' } }],
    }),
    e({
      id: 'tone',
      method: 'GET',
      title: 'A WAV tone',
      route: '/media/tone.wav',
      responses: [{ statusCode: 200, body: { type: 'fileDownload', contentType: 'audio/wav' } }],
    }),
    e({ id: 'bearer', method: 'GET', title: 'Bearer protected', route: '/secure/bearer', auth: ['bearer'] }),
    e({ id: 'basic', method: 'GET', title: 'Basic protected', route: '/secure/basic', auth: ['basic'] }),
    e({
      id: 'apiKey',
      method: 'GET',
      title: 'API key protected',
      route: '/secure/api-key',
      auth: ['apiKey'],
    }),
    e({
      id: 'oauthProfile',
      method: 'GET',
      title: 'OAuth protected',
      route: '/secure/oauth/profile',
      auth: ['oauth'],
    }),
    e({ id: 'whoami', method: 'GET', title: 'Echo my credentials', route: '/echo/whoami', auth: ['bearer'] }),
    e({
      id: 'token',
      method: 'POST',
      title: 'Get a token',
      route: '/oauth/token',
      requests: [
        { contentType: 'application/x-www-form-urlencoded', body: { type: 'formData', fields: [] } },
      ],
    }),
  ];
  return {
    irVersion: 1,
    id: 'demo-rest',
    title: 'Demo REST API',
    source: { format: 'openapi', version: '3.1.0' },
    endpoints: Object.fromEntries(list.map((item) => [item.id, item])),
    websockets: {},
    webhooks: {},
    types: {
      Species: {
        id: 'Species',
        name: 'Species',
        shape: { type: 'enum', values: [{ value: 'fern' }, { value: 'cactus' }, { value: 'orchid' }] },
      },
    },
    auths: {
      bearer: { type: 'bearerAuth', id: 'bearer' },
      basic: { type: 'basicAuth', id: 'basic' },
      apiKey: { type: 'header', id: 'apiKey', headerWireValue: 'X-API-Key', nameOverride: 'API key' },
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
    rootPackage: { endpoints: list.map((item) => item.id), websockets: [], webhooks: [], subpackages: [] },
    subpackages: {},
  };
}

/** The demo WebSocket API: channel `chat` and a second channel `news` on the same server. */
export function demoWsDefinition(wsUrl: string): ApiDefinition {
  const chat: WebSocketChannel = {
    id: 'chat',
    title: 'Chat',
    path: [{ type: 'literal', value: '/chat' }],
    pathParameters: [],
    queryParameters: [
      { key: 'room', valueShape: optional(str) },
      { key: 'tickMs', valueShape: optional(int) },
    ],
    requestHeaders: [{ key: 'X-Client', valueShape: optional(str) }],
    environments: [{ id: 'demo', baseUrl: wsUrl }],
    auth: [],
    messages: [
      { type: 'say', origin: 'client', displayName: 'Say', body: { type: 'id', id: 'Say' } },
      { type: 'binary', origin: 'client', displayName: 'Ask for binary', body: { type: 'id', id: 'Binary' } },
      { type: 'close', origin: 'client', displayName: 'Ask to close', body: { type: 'id', id: 'Close' } },
      { type: 'welcome', origin: 'server', displayName: 'Welcome', body: { type: 'unknown' } },
      { type: 'echo', origin: 'server', displayName: 'Echo', body: { type: 'unknown' } },
      { type: 'tick', origin: 'server', displayName: 'Tick', body: { type: 'unknown' } },
    ],
    examples: [
      {
        pathParameters: {},
        queryParameters: { room: 'lobby', tickMs: 0 },
        headers: { 'X-Client': 'sextant-e2e' },
        messages: [
          { type: 'say', origin: 'client', body: { type: 'say', text: 'hello' } },
          { type: 'binary', origin: 'client', body: { type: 'binary', size: 8 } },
          {
            type: 'close',
            origin: 'client',
            body: { type: 'close', code: 4001, reason: 'Upstream says goodbye' },
          },
        ],
        synthesized: false,
      },
    ],
  };
  const news: WebSocketChannel = {
    ...chat,
    id: 'news',
    title: 'News',
    path: [{ type: 'literal', value: '/news' }],
    examples: [],
  };
  const object = (id: string, properties: [string, TypeReference][]) => ({
    id,
    name: id,
    shape: {
      type: 'object' as const,
      extends: [],
      properties: properties.map(([key, valueShape]) => ({ key, valueShape })),
    },
  });
  return {
    irVersion: 1,
    id: 'demo-ws',
    title: 'Demo WebSocket API',
    source: { format: 'asyncapi', version: '3.0.0' },
    endpoints: {},
    websockets: { chat, news },
    webhooks: {},
    types: {
      Say: object('Say', [
        ['type', { type: 'literal', value: 'say' }],
        ['text', str],
      ]),
      Binary: object('Binary', [
        ['type', { type: 'literal', value: 'binary' }],
        ['size', int],
      ]),
      Close: object('Close', [
        ['type', { type: 'literal', value: 'close' }],
        ['code', int],
        ['reason', str],
      ]),
    },
    auths: {},
    globalHeaders: [],
    rootPackage: { endpoints: [], websockets: ['chat', 'news'], webhooks: [], subpackages: [] },
    subpackages: {},
  };
}
