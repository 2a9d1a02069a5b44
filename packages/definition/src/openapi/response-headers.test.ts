import { describe, expect, it } from 'vitest';
import { importOpenApi } from './import-openapi.js';

const load = (spec: object) => importOpenApi({ entry: 'api.json', read: () => JSON.stringify(spec) });

describe('response headers', () => {
  it('carries every response header with its type, description and required flag', () => {
    const { definition } = load({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      components: {
        headers: {
          Limit: {
            description: 'Requests per hour.',
            required: true,
            schema: { type: 'integer', minimum: 1 },
          },
        },
      },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'OK',
                headers: {
                  'X-Rate-Limit': { $ref: '#/components/headers/Limit' },
                  'X-Request-Id': {
                    description: 'The `id`.',
                    schema: { type: 'string', format: 'uuid' },
                    deprecated: true,
                  },
                  'Content-Type': { schema: { type: 'string' } },
                  'X-Broken': 'not an object',
                },
                content: { 'application/json': { schema: { type: 'object' } } },
              },
              '204': { description: 'None', headers: { Location: { schema: { type: 'string' } } } },
            },
          },
        },
      },
    });
    const endpoint = Object.values(definition.endpoints)[0];
    const [ok, empty] = endpoint?.responses ?? [];
    expect(ok?.headers?.map((h) => h.key)).toEqual(['X-Rate-Limit', 'X-Request-Id']);
    expect(ok?.headers?.[0]).toEqual({
      key: 'X-Rate-Limit',
      description: 'Requests per hour.',
      valueShape: { type: 'primitive', value: { type: 'integer', minimum: 1 } },
    });
    expect(ok?.headers?.[1]).toMatchObject({
      valueShape: {
        type: 'optional',
        shape: { type: 'primitive', value: { type: 'string', format: 'uuid' } },
      },
      availability: 'deprecated',
    });
    expect(empty?.headers?.map((h) => h.key)).toEqual(['Location']);
  });
  it('reads Swagger 2.0 headers (inline type fields)', () => {
    const { definition } = load({
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'OK',
                headers: { 'X-Total': { type: 'integer', description: 'Count.' } },
              },
            },
          },
        },
      },
    });
    const endpoint = Object.values(definition.endpoints)[0];
    expect(endpoint?.responses[0]?.headers?.[0]).toMatchObject({ key: 'X-Total', description: 'Count.' });
  });
});
