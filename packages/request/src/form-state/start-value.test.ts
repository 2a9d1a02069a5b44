/**
 * Issue #28 item 4: every field kind starts from what the spec gives for it (`example`,
 * `examples`, `default`), on real imports (OpenAPI 3.1, Swagger 2.0, AsyncAPI 3.0) with example
 * synthesis on, and a field the spec gives nothing for starts empty, never invented.
 */
import { importDefinition } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { emptyFormState, initialFormState, initialWebSocketFormState } from './initial-state.js';
import { addAllOptionalProperties } from './operations.js';

const json = (value: unknown) => ({ entry: 'spec.json', read: () => JSON.stringify(value) });

const shop = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1' },
  servers: [{ url: 'http://127.0.0.1:1' }],
  paths: {
    '/buckets/{bucket}/photos': {
      post: {
        parameters: [
          { name: 'bucket', in: 'path', required: true, schema: { type: 'string', default: 'photos' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', default: 20 } },
          { name: 'q', in: 'query', schema: { type: 'string' }, example: 'gears' },
          {
            name: 'sort',
            in: 'query',
            schema: { type: 'string' },
            examples: { newest: { value: 'new' }, oldest: { value: 'old' } },
          },
          { name: 'X-Trace', in: 'header', schema: { type: 'string', examples: ['t-1'] } },
          { name: 'X-Region', in: 'header', schema: { $ref: '#/components/schemas/Region' } },
          { name: 'opt', in: 'query', schema: { type: 'string', pattern: '^[A-Z]{3}$' } },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['title', 'count'],
                properties: {
                  title: { type: 'string', example: 'Sunset' },
                  count: { type: 'integer', minimum: 1 },
                  kind: { type: 'string', default: 'photo' },
                  tags: { type: 'array', items: { type: 'string' } },
                  sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' },
                  file: { type: 'string', format: 'binary' },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/carts': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object',
                properties: { sku: { type: 'string', examples: ['ABC-1234'] }, qty: { type: 'integer' } },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/orders': {
      put: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
  components: {
    schemas: {
      Region: { type: 'string', enum: ['eu', 'us'], example: 'eu' },
      Order: {
        type: 'object',
        required: ['sku'],
        properties: {
          sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' },
          tags: { type: 'array', items: { type: 'string' } },
          note: { type: 'string', example: 'gift wrap' },
          size: { type: 'string', enum: ['S', 'M'], default: 'M' },
        },
      },
    },
  },
};

function endpointOf(
  definition: ReturnType<typeof importDefinition>['definition'],
  method: string,
  path: string,
) {
  const found = Object.values(definition.endpoints).find(
    (e) =>
      e.method === method &&
      e.path.map((p) => (p.type === 'literal' ? p.value : `{${p.name}}`)).join('') === path,
  );
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

describe('fields start from the spec', () => {
  const { definition } = importDefinition(json(shop));
  const types = definition.types;

  it('path, query and header parameters take their example, examples or default; the others stay out', () => {
    const state = initialFormState(endpointOf(definition, 'POST', '/buckets/{bucket}/photos'), { types });
    expect(state.pathParameters).toEqual({ bucket: 'photos' });
    expect(state.queryParameters).toEqual({ limit: 20, q: 'gears', sort: 'new' });
    expect(state.headers).toEqual({ 'X-Trace': 't-1', 'X-Region': 'eu' });
  });

  it('multipart fields take their example or default; a required field without one is empty, an optional one absent', () => {
    const state = initialFormState(endpointOf(definition, 'POST', '/buckets/{bucket}/photos'), { types });
    expect(state.body).toEqual({
      type: 'form-data',
      value: {
        title: { type: 'json', value: 'Sunset' },
        count: { type: 'json', value: 1 },
        kind: { type: 'json', value: 'photo' },
        file: { type: 'file', value: undefined },
      },
    });
  });

  it('urlencoded fields take their examples', () => {
    const state = initialFormState(endpointOf(definition, 'POST', '/carts'), { types });
    expect(state.body).toEqual({ type: 'form-data', value: { sku: { type: 'json', value: 'ABC-1234' } } });
  });

  it('Clear form sets no parameter and no optional field', () => {
    const state = emptyFormState(endpointOf(definition, 'POST', '/buckets/{bucket}/photos'), types);
    expect(state.queryParameters).toEqual({});
    expect(state.headers).toEqual({});
    expect(state.body?.type === 'form-data' && Object.keys(state.body.value)).toEqual([
      'title',
      'count',
      'file',
    ]);
  });

  it('added optional fields get the spec value or an empty one: no tags: ["tags"], no sku: AAA-0000', () => {
    const order = endpointOf(definition, 'PUT', '/orders');
    const state = addAllOptionalProperties(emptyFormState(order, types), order, { types });
    expect(state.body).toEqual({ type: 'json', value: { sku: '', tags: [], note: 'gift wrap', size: 'M' } });
  });

  it('Swagger 2.0 formData and query parameters: x-example and default', () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'S', version: '1' },
      host: '127.0.0.1',
      paths: {
        '/upload': {
          post: {
            consumes: ['multipart/form-data'],
            parameters: [
              { name: 'page', in: 'query', type: 'integer', default: 2 },
              { name: 'who', in: 'query', type: 'string', 'x-example': 'ada' },
              { name: 'caption', in: 'formData', type: 'string', 'x-example': 'Hello' },
              { name: 'kind', in: 'formData', type: 'string', default: 'doc' },
              { name: 'upload', in: 'formData', type: 'file' },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const imported = importDefinition(json(swagger)).definition;
    const state = initialFormState(endpointOf(imported, 'POST', '/upload'), { types: imported.types });
    expect(state.queryParameters).toEqual({ page: 2, who: 'ada' });
    expect(state.body).toEqual({
      type: 'form-data',
      value: {
        caption: { type: 'json', value: 'Hello' },
        kind: { type: 'json', value: 'doc' },
        upload: { type: 'file', value: undefined },
      },
    });
  });
});

describe('WebSocket fields start from the spec', () => {
  const asyncapi = {
    asyncapi: '3.0.0',
    info: { title: 'Live', version: '1' },
    servers: { local: { host: '127.0.0.1:1', protocol: 'ws' } },
    channels: {
      live: {
        address: '/live/{room}',
        parameters: { room: { default: 'lobby' } },
        bindings: {
          ws: {
            headers: {
              type: 'object',
              properties: { 'X-Client': { type: 'string', example: 'docs' }, 'X-Other': { type: 'string' } },
            },
            query: { type: 'object', properties: { since: { type: 'string', default: 'now' } } },
          },
        },
        messages: {
          say: {
            name: 'say',
            payload: {
              type: 'object',
              required: ['text'],
              properties: { text: { type: 'string' } },
              examples: [{ text: 'hello' }],
            },
          },
          close: {
            name: 'close',
            payload: {
              type: 'object',
              required: ['code', 'reason'],
              properties: {
                code: { type: 'integer', minimum: 1000, maximum: 4999, default: 1000 },
                reason: { type: 'string', maxLength: 123 },
              },
            },
          },
          ping: {
            name: 'ping',
            payload: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
          },
        },
      },
    },
    operations: {
      sendSay: {
        action: 'receive',
        channel: { $ref: '#/channels/live' },
        messages: [{ $ref: '#/channels/live/messages/say' }],
      },
      sendClose: {
        action: 'receive',
        channel: { $ref: '#/channels/live' },
        messages: [{ $ref: '#/channels/live/messages/close' }],
      },
      sendPing: {
        action: 'receive',
        channel: { $ref: '#/channels/live' },
        messages: [{ $ref: '#/channels/live/messages/ping' }],
      },
    },
  };

  it('room with default lobby starts as lobby; headers, query and messages from their examples, the rest empty', () => {
    const { definition } = importDefinition(json(asyncapi));
    const channel = Object.values(definition.websockets)[0];
    if (!channel) throw new Error('no channel imported');
    const state = initialWebSocketFormState(channel, { types: definition.types });
    expect(state.pathParameters).toEqual({ room: 'lobby' });
    expect(state.headers).toEqual({ 'X-Client': 'docs' });
    expect(state.queryParameters).toEqual({ since: 'now' });
    expect(state.messages).toEqual({
      say: { text: 'hello' },
      close: { code: 1000, reason: '' },
      ping: { n: 0 },
    });
  });
});
