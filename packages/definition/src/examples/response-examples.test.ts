import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';
import { createAjv, validationErrors } from './ajv-validator.test-support.js';
import { responseExamples } from './response-examples.js';

const spec = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'getPet',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Pet' },
                example: { name: 'Rex', stray: true },
              },
            },
          },
          '404': {
            description: 'missing',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['code'],
                  properties: { code: { type: 'integer', minimum: 400 } },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
  },
};

describe('responseExamples', () => {
  const { definition } = importDefinition({ entry: 'api.json', read: () => JSON.stringify(spec) });
  const endpoint = Object.values(definition.endpoints)[0];
  if (!endpoint) throw new Error('no endpoint');
  const examples = responseExamples(endpoint, definition.types);

  it('gives one example per status: the spec value as written, a schema-valid one where the spec gives none', () => {
    expect(examples.map((e) => [e.statusCode, e.contentType])).toEqual([
      [200, 'application/json'],
      [404, 'application/json'],
    ]);
    // An undeclared key is allowed by an open object schema: the example stays as written.
    expect(JSON.stringify(examples[0]?.value)).toBe('{"name":"Rex","stray":true}');
    expect(examples[0]?.problems).toBeUndefined();
    const error = endpoint.errors[0];
    expect(examples[1]?.synthesized).toBe(true);
    expect(
      error?.shape &&
        validationErrors(createAjv(), examples[1]?.value, error.shape, definition.types, 'response'),
    ).toBeNull();
  });
});
