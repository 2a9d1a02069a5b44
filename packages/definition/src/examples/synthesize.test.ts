import { describe, expect, it } from 'vitest';
import { endpoint } from '../diff/test-support.js';
import { IR_VERSION } from '../ir/definition.js';
import type { ApiDefinition, Endpoint, TypeReference } from '../ir/index.js';
import { createAjv, validationErrors } from './ajv-validator.test-support.js';
import { synthesizeExamples } from './synthesize.js';

const ajv = createAjv();
const string: TypeReference = { type: 'primitive', value: { type: 'string' } };
const id: TypeReference = { type: 'primitive', value: { type: 'string', format: 'uuid' } };

function definition(): ApiDefinition {
  const base = (method: Endpoint['method'], id: string): Endpoint => ({
    ...endpoint(method, `/${id}`),
    id,
    title: id,
  });
  return {
    irVersion: IR_VERSION,
    id: 'pets',
    title: 'Pets',
    source: { format: 'openapi', version: '3.1.0' },
    types: {
      Pet: {
        id: 'Pet',
        name: 'Pet',
        shape: {
          type: 'object',
          extends: [],
          properties: [
            { key: 'id', valueShape: id, access: 'READ_ONLY' },
            {
              key: 'name',
              valueShape: { type: 'primitive', value: { type: 'string', minLength: 1, maxLength: 3 } },
            },
            {
              key: 'born',
              valueShape: {
                type: 'optional',
                shape: { type: 'primitive', value: { type: 'string', format: 'date' } },
              },
            },
          ],
        },
      },
      Event: {
        id: 'Event',
        name: 'Event',
        shape: { type: 'object', extends: [], properties: [{ key: 'delta', valueShape: string }] },
      },
    },
    endpoints: {
      create: {
        ...base('POST', 'create'),
        pathParameters: [
          {
            key: 'owner',
            valueShape: { type: 'primitive', value: { type: 'integer', minimum: 10, maximum: 12 } },
          },
        ],
        queryParameters: [
          {
            key: 'dryRun',
            valueShape: { type: 'optional', shape: { type: 'primitive', value: { type: 'boolean' } } },
          },
          {
            key: 'limit',
            valueShape: { type: 'primitive', value: { type: 'integer', exclusiveMaximum: 3, minimum: 0 } },
          },
        ],
        requestHeaders: [{ key: 'X-Trace', valueShape: id }],
        requests: [
          { contentType: 'application/json', body: { type: 'alias', shape: { type: 'id', id: 'Pet' } } },
        ],
        responses: [
          {
            statusCode: 201,
            body: { type: 'object', extends: ['Pet'], properties: [{ key: 'etag', valueShape: string }] },
          },
        ],
      },
      stream: {
        ...base('GET', 'stream'),
        responses: [
          {
            statusCode: 200,
            body: {
              type: 'stream',
              framing: 'sse',
              shape: { type: 'id', id: 'Event' },
              terminator: '[DONE]',
            },
          },
        ],
      },
      upload: {
        ...base('POST', 'upload'),
        requests: [
          {
            contentType: 'multipart/form-data',
            body: {
              type: 'formData',
              fields: [
                { type: 'file', key: 'file', isOptional: false },
                { type: 'property', key: 'label', valueShape: string },
              ],
            },
          },
        ],
        responses: [{ statusCode: 200, body: { type: 'fileDownload', contentType: 'application/pdf' } }],
      },
      documented: {
        ...base('GET', 'documented'),
        examples: [
          {
            pathParameters: {},
            queryParameters: {},
            headers: {},
            responseStatusCode: 200,
            responseBody: { given: true },
            synthesized: false,
          },
        ],
      },
    },
    websockets: {
      chat: {
        id: 'chat',
        title: 'Chat',
        path: [
          { type: 'literal', value: '/chat' },
          { type: 'pathParameter', name: 'room' },
        ],
        pathParameters: [{ key: 'room', valueShape: string }],
        queryParameters: [],
        requestHeaders: [],
        environments: [],
        auth: [],
        messages: [
          { type: 'send', origin: 'client', body: { type: 'id', id: 'Pet' } },
          { type: 'receive', origin: 'server', body: { type: 'id', id: 'Pet' } },
        ],
        examples: [
          {
            pathParameters: { room: 'a' },
            queryParameters: {},
            headers: {},
            messages: [{ type: 'send', origin: 'client', body: { name: 'x' } }],
            synthesized: false,
          },
        ],
      },
    },
    webhooks: {
      born: {
        id: 'born',
        title: 'Born',
        method: 'POST',
        name: 'pet.born',
        headers: [],
        payload: { contentType: 'application/json', shape: { type: 'id', id: 'Pet' } },
        examples: [],
      },
    },
    auths: {},
    globalHeaders: [],
    rootPackage: {
      endpoints: ['create', 'stream', 'upload', 'documented'],
      websockets: ['chat'],
      webhooks: ['born'],
      subpackages: [],
    },
    subpackages: {},
  };
}

describe('synthesizeExamples', () => {
  const source = definition();
  const result = synthesizeExamples(source);

  it('gives a JSON endpoint a full, valid request and response example', () => {
    const [example] = result.endpoints.create?.examples ?? [];
    expect(example?.synthesized).toBe(true);
    expect(example?.responseStatusCode).toBe(201);
    expect(example?.pathParameters.owner).toBeGreaterThanOrEqual(10);
    expect(example?.pathParameters.owner).toBeLessThanOrEqual(12);
    expect(Object.keys(example?.queryParameters ?? {}).sort()).toEqual(['dryRun', 'limit']);
    expect(example?.queryParameters.limit).toBeLessThan(3);
    expect(example?.headers['X-Trace']).toMatch(/^[0-9a-f-]{36}$/);
    const request = example?.requestBody as Record<string, unknown>;
    expect(request.id).toBeUndefined();
    expect(validationErrors(ajv, request, { type: 'id', id: 'Pet' }, source.types, 'request')).toBeNull();
    const response = example?.responseBody as Record<string, unknown>;
    expect(response).toMatchObject({ id: expect.any(String), etag: 'string' });
    expect(String(response.name).length).toBeLessThanOrEqual(3);
  });

  it('gives a stream two events and leaves files without a JSON body', () => {
    expect(result.endpoints.stream?.examples[0]?.responseBody).toEqual({
      events: [{ delta: 'string' }, { delta: 'string' }],
    });
    const upload = result.endpoints.upload?.examples[0];
    expect(upload?.requestBody).toEqual({ label: 'string' });
    expect(upload && 'responseBody' in upload).toBe(false);
  });

  it('keeps examples the spec gives, marked checked', () => {
    expect(result.endpoints.documented?.examples).toEqual(
      source.endpoints.documented?.examples.map((example) => ({ ...example, checked: true })),
    );
  });

  it('adds a channel example for the messages no example shows, by direction', () => {
    const examples = result.websockets.chat?.examples ?? [];
    expect(examples).toHaveLength(2);
    expect(examples[1]).toMatchObject({ synthesized: true, pathParameters: { room: 'string' } });
    expect(examples[1]?.messages).toEqual([
      { type: 'receive', origin: 'server', body: expect.objectContaining({ id: expect.any(String) }) },
    ]);
  });

  it('gives webhooks a payload', () => {
    const payload = result.webhooks.born?.examples[0];
    expect(payload?.synthesized).toBe(true);
    expect(
      validationErrors(ajv, payload?.payload, { type: 'id', id: 'Pet' }, source.types, 'request'),
    ).toBeNull();
  });

  it('is deterministic and does not modify its input', () => {
    const before = JSON.stringify(definition());
    expect(JSON.stringify(source)).toBe(before);
    expect(JSON.stringify(synthesizeExamples(definition()))).toBe(JSON.stringify(result));
  });

  it('reports what it could not build', () => {
    const broken = definition();
    broken.types.Pet = {
      id: 'Pet',
      name: 'Pet',
      shape: { type: 'alias', value: { type: 'id', id: 'Missing' } },
    };
    const warnings: string[] = [];
    synthesizeExamples(broken, { onWarning: (w) => warnings.push(`${w.where}: ${w.message}`) });
    expect(warnings).toContain('endpoint create: type "Missing" is referenced but not defined');
  });
});
