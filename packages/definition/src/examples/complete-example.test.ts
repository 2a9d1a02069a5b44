/**
 * The example rules of issue 16, each on a small real spec imported end to end: examples merged
 * part by part, the spec's own values first, every example valid (Ajv), required parts present.
 */
import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';
import type { ApiDefinition } from '../ir/definition.js';
import type { Endpoint } from '../ir/endpoint.js';
import { createAjv } from './ajv-validator.test-support.js';
import { invalidSynthesizedExamples } from './validate-examples.test-support.js';

function load(
  paths: Record<string, unknown>,
  schemas: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) {
  const spec = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths,
    components: { schemas, ...extra },
  };
  const { definition } = importDefinition({ entry: 'api.json', read: () => JSON.stringify(spec) });
  return definition;
}

function only(definition: ApiDefinition): Endpoint {
  const [endpoint] = Object.values(definition.endpoints);
  if (!endpoint) throw new Error('no endpoint');
  return endpoint;
}

const ajv = createAjv();
const json = (schema: unknown, example?: unknown) => ({
  content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
});

describe('examples merged part by part', () => {
  it('keeps a parameter example and still synthesises the body and the other required parameters', () => {
    const definition = load(
      {
        '/pets/{petId}': {
          post: {
            parameters: [
              { name: 'petId', in: 'path', required: true, schema: { type: 'string' }, example: 'rex-1' },
              { name: 'owner', in: 'query', required: true, schema: { type: 'string', format: 'email' } },
            ],
            requestBody: { required: true, ...json({ $ref: '#/components/schemas/Pet' }) },
            responses: { '200': { description: 'ok', ...json({ $ref: '#/components/schemas/Pet' }) } },
          },
        },
      },
      { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    );
    const [example] = only(definition).examples;
    expect(example?.pathParameters).toEqual({ petId: 'rex-1' });
    expect(example?.queryParameters).toEqual({ owner: 'user@example.com' });
    expect(example?.requestBody).toEqual({ name: 'Example name' });
    expect(example?.responseBody).toEqual({ name: 'Example name' });
  });

  it('reuses property examples, optional ones included, and a schema example beats synthesis', () => {
    const definition = load(
      {
        '/users': {
          post: {
            requestBody: json({
              type: 'object',
              required: ['email'],
              properties: {
                email: { type: 'string', example: 'ada@example.org' },
                nickname: { type: 'string', example: 'ada' },
                tags: { type: 'array', minItems: 2, items: { type: 'string', enum: ['a', 'b'] } },
              },
            }),
            responses: { '201': { description: 'ok', ...json({ $ref: '#/components/schemas/User' }) } },
          },
        },
      },
      { User: { type: 'object', properties: { id: { type: 'integer' } }, example: { id: 42 } } },
    );
    const [example] = only(definition).examples;
    expect(example?.requestBody).toMatchObject({
      email: 'ada@example.org',
      nickname: 'ada',
      tags: ['a', 'a'],
    });
    expect(example?.responseBody).toEqual({ id: 42 });
    expect(invalidSynthesizedExamples(ajv, definition)).toEqual([]);
  });

  it('uses an inline body schema example, and drops an example value the schema refuses', () => {
    const definition = load({
      '/orders': {
        post: {
          requestBody: json({
            type: 'object',
            required: ['count'],
            properties: { count: { type: 'integer', minimum: 1, maximum: 5, example: 99 } },
            example: { count: 3 },
          }),
          responses: { '204': { description: 'none' } },
        },
        put: {
          requestBody: json({
            type: 'object',
            required: ['count'],
            properties: { count: { type: 'integer', minimum: 1, maximum: 5, example: 99 } },
          }),
          responses: { '204': { description: 'none' } },
        },
      },
    });
    const [post, put] = Object.values(definition.endpoints);
    expect(post?.examples[0]?.requestBody).toEqual({ count: 3 });
    const count = (put?.examples[0]?.requestBody as { count?: number } | undefined)?.count ?? 0;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(5);
  });

  it('shows an allOf override once, with the overriding shape', () => {
    const definition = load(
      {
        '/dogs': {
          post: {
            requestBody: json({ $ref: '#/components/schemas/Dog' }),
            responses: { '204': { description: 'none' } },
          },
        },
      },
      {
        Pet: { type: 'object', properties: { kind: { type: 'string' } } },
        Dog: {
          allOf: [
            { $ref: '#/components/schemas/Pet' },
            { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: ['dog'] } } },
          ],
        },
      },
    );
    const body = only(definition).examples[0]?.requestBody as Record<string, unknown>;
    expect(Object.keys(body).filter((key) => key === 'kind')).toHaveLength(1);
    expect(body.kind).toBe('dog');
  });

  it('resolves $refs inside example values and keeps numbers human-sized', () => {
    const definition = load(
      {
        '/items': {
          get: {
            parameters: [
              { name: 'limit', in: 'query', required: true, schema: { type: 'integer', format: 'int64' } },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { $ref: '#/components/schemas/Item' },
                    examples: { first: { $ref: '#/components/examples/item' } },
                  },
                },
              },
            },
          },
        },
      },
      {
        Item: {
          type: 'object',
          properties: { owner: { $ref: '#/components/schemas/Owner' }, size: { type: 'number' } },
        },
        Owner: { type: 'object', properties: { name: { type: 'string' } } },
      },
      {
        examples: {
          item: { value: { owner: { $ref: '#/components/examples/owner' }, size: 2 } },
          owner: { value: { name: 'Ada' } },
        },
      },
    );
    const [example] = only(definition).examples;
    expect(example?.name).toBe('first');
    expect(example?.responseBody).toEqual({ owner: { name: 'Ada' }, size: 2 });
    const limit = example?.queryParameters.limit as number;
    expect(Math.abs(limit)).toBeLessThan(1000);
  });

  it('keeps several named examples, each complete', () => {
    const definition = load({
      '/pets': {
        post: {
          parameters: [{ name: 'dryRun', in: 'query', required: true, schema: { type: 'boolean' } }],
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
                examples: { cat: { value: { name: 'Tom' } }, dog: { value: { name: 'Rex' } } },
              },
            },
          },
          responses: { '204': { description: 'none' } },
        },
      },
    });
    const examples = only(definition).examples;
    expect(examples.map((e) => [e.name, e.requestBody, e.queryParameters.dryRun])).toEqual([
      ['cat', { name: 'Tom' }, true],
      ['dog', { name: 'Rex' }, true],
    ]);
  });

  it('gives realistic values by format and name that satisfy the constraints', () => {
    const definition = load({
      '/people': {
        post: {
          requestBody: json({
            type: 'object',
            required: ['id', 'createdAt', 'website', 'country', 'ip', 'code'],
            properties: {
              id: { type: 'string', format: 'uuid' },
              createdAt: { type: 'string' },
              website: { type: 'string', format: 'uri' },
              country: { type: 'string', minLength: 2, maxLength: 2 },
              ip: { type: 'string', format: 'ipv4' },
              code: { type: 'string', pattern: '^[A-Z]{3}-\\d{2}$' },
            },
          }),
          responses: { '204': { description: 'none' } },
        },
      },
    });
    const body = only(definition).examples[0]?.requestBody as Record<string, string>;
    expect(body.createdAt).toBe('2024-01-15T09:30:00Z');
    expect(body.country).toBe('US');
    expect(body.code).toMatch(/^[A-Z]{3}-\d{2}$/);
    expect(invalidSynthesizedExamples(ajv, definition)).toEqual([]);
  });
});
