/**
 * Issue 29: a spec example is shown and sent as the author wrote it. A valid one keeps every key
 * and their order (nothing stripped, nothing re-serialised); an invalid one is kept too, with its
 * problems in the IR and a located import warning; parts the example leaves out are synthesised
 * and named. A named-component schema and the same schema inline behave the same.
 */
import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';
import type { Endpoint } from '../ir/endpoint.js';
import { exampleProblemNote } from './example-problems.js';
import { responseExamples } from './response-examples.js';

const Pet = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
};

function importSpec(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const spec = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths,
    components: { schemas: { Pet } },
    ...extra,
  };
  return importDefinition({ entry: 'api.json', read: () => JSON.stringify(spec) });
}

function endpointOf(definition: { endpoints: Record<string, Endpoint> }): Endpoint {
  const [endpoint] = Object.values(definition.endpoints);
  if (!endpoint) throw new Error('no endpoint');
  return endpoint;
}

const post = (schema: unknown, example: unknown) => ({
  '/pets': {
    post: {
      requestBody: { content: { 'application/json': { schema, example } } },
      responses: { '200': { description: 'ok', content: { 'application/json': { schema, example } } } },
    },
  },
});

describe('a valid spec example', () => {
  // Keys out of declaration order, an undeclared key the open schema allows.
  const written = { age: 3, extra: { deep: [1, 'two'] }, name: 'Rex' };

  for (const [form, schema] of [
    ['inline', Pet],
    ['$ref', { $ref: '#/components/schemas/Pet' }],
  ] as const) {
    it(`is kept byte for byte, key order and undeclared keys included (${form} schema)`, () => {
      const { definition, warnings } = importSpec(post(schema, written));
      const [example] = endpointOf(definition).examples;
      expect(JSON.stringify(example?.requestBody)).toBe(JSON.stringify(written));
      expect(JSON.stringify(example?.responseBody)).toBe(JSON.stringify(written));
      expect(example?.synthesized).toBe(false);
      expect(example?.problems).toBeUndefined();
      expect(example?.filled).toBeUndefined();
      expect(warnings.filter((w) => /does not match the schema/.test(w.message))).toEqual([]);
    });
  }

  it('keeps an undeclared key inside an anyOf member', () => {
    const schema = {
      anyOf: [
        { type: 'object', required: ['kind'], properties: { kind: { const: 'cat' } } },
        { type: 'object', required: ['size'], properties: { size: { type: 'integer' } } },
      ],
    };
    const value = { kind: 'cat', whiskers: 12 };
    const { definition } = importSpec(post(schema, value));
    const [example] = endpointOf(definition).examples;
    expect(JSON.stringify(example?.requestBody)).toBe(JSON.stringify(value));
    expect(example?.problems).toBeUndefined();
  });

  it('a named schema example and the same example inline give the same shown body', () => {
    const example = { name: 'Tom', age: 4, colour: 'grey' };
    const inline = importSpec({
      '/pets': {
        get: {
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { ...Pet, example } } } },
          },
        },
      },
    });
    const named = importSpec(
      {
        '/pets': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Cat' } } },
              },
            },
          },
        },
      },
      { components: { schemas: { Pet, Cat: { ...Pet, example } } } },
    );
    const shown = (definition: { endpoints: Record<string, Endpoint> }) =>
      JSON.stringify(endpointOf(definition).examples[0]?.responseBody);
    expect(shown(inline.definition)).toBe(JSON.stringify(example));
    expect(shown(named.definition)).toBe(JSON.stringify(example));
  });

  it('gets its missing parts synthesised and named in `filled`', () => {
    const { definition } = importSpec({
      '/pets/{id}': {
        put: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          requestBody: { content: { 'application/json': { schema: Pet, example: { name: 'Rex' } } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: Pet } } } },
        },
      },
    });
    const [example] = endpointOf(definition).examples;
    expect(example?.requestBody).toEqual({ name: 'Rex' });
    expect(example?.filled?.sort()).toEqual(['pathParameters.id', 'responseBody']);
    expect(typeof example?.pathParameters.id).toBe('number');
  });
});

describe('an invalid spec example', () => {
  const invalid = { name: 42, age: -1, extra: true };

  it('is shown as written, with its problems in the IR and a note', () => {
    const { definition } = importSpec(post(Pet, invalid));
    const endpoint = endpointOf(definition);
    const [example] = endpoint.examples;
    expect(JSON.stringify(example?.requestBody)).toBe(JSON.stringify(invalid));
    expect(example?.synthesized).toBe(false);
    expect(example?.problems?.map((p) => [p.part, p.path.join('.'), p.message])).toEqual([
      ['requestBody', 'name', 'Must be text'],
      ['requestBody', 'age', 'Must be 0 or more'],
      ['responseBody', 'name', 'Must be text'],
      ['responseBody', 'age', 'Must be 0 or more'],
    ]);
    expect(exampleProblemNote(example?.problems?.slice(0, 1))).toBe(
      'This example does not match the schema: request body at /name: Must be text',
    );
    const [response] = responseExamples(endpoint, definition.types);
    expect(response?.value).toEqual(invalid);
    expect(response?.synthesized).toBe(false);
    expect(exampleProblemNote(response?.problems)).toMatch(
      /^This example does not match the schema: response body at \/name/,
    );
  });

  it('gets a warning at import located at the wrong value (file, JSON pointer, reason)', () => {
    const { warnings } = importSpec(post(Pet, invalid));
    const located = warnings.filter((w) => /does not match the schema/.test(w.message));
    expect(located.map((w) => [w.file, w.pointer])).toEqual([
      ['api.json', '/paths/~1pets/post/requestBody/content/application~1json/example/name'],
      ['api.json', '/paths/~1pets/post/requestBody/content/application~1json/example/age'],
      ['api.json', '/paths/~1pets/post/responses/200/content/application~1json/example/name'],
      ['api.json', '/paths/~1pets/post/responses/200/content/application~1json/example/age'],
    ]);
    expect(located[0]?.message).toMatch(/request body at \/name\): Must be text; shown as written/);
  });

  it('a named example in `examples` and an invalid parameter example are located too', () => {
    const { definition, warnings } = importSpec({
      '/pets': {
        get: {
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 }, example: 99 }],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
                  examples: { two: { value: [{ name: 'a' }, { age: 1 }] } },
                },
              },
            },
          },
        },
      },
    });
    const [example] = endpointOf(definition).examples;
    expect(example?.queryParameters).toEqual({ limit: 99 });
    expect(example?.responseBody).toEqual([{ name: 'a' }, { age: 1 }]);
    const located = warnings.filter((w) => /does not match the schema/.test(w.message));
    expect(located.map((w) => w.pointer)).toEqual([
      '/paths/~1pets/get/parameters/0',
      '/paths/~1pets/get/responses/200/content/application~1json/examples/two/value/1/name',
    ]);
    expect(located[0]?.message).toMatch(/query parameter limit\): Must be 10 or less/);
  });

  it('a webhook payload that breaks its schema keeps its value and is reported', () => {
    const { definition, warnings } = importSpec(
      {},
      {
        webhooks: {
          petAdded: {
            post: {
              requestBody: { content: { 'application/json': { schema: Pet, example: { age: 'old' } } } },
              responses: { '200': { description: 'ok' } },
            },
          },
        },
      },
    );
    const [webhook] = Object.values(definition.webhooks);
    expect(webhook?.examples[0]?.payload).toEqual({ age: 'old' });
    expect(webhook?.examples[0]?.problems?.map((p) => p.path.join('.'))).toEqual(['name', 'age']);
    expect(warnings.filter((w) => /does not match the schema/.test(w.message)).map((w) => w.pointer)).toEqual(
      [
        '/webhooks/petAdded/post/requestBody/content/application~1json/example/name',
        '/webhooks/petAdded/post/requestBody/content/application~1json/example/age',
      ],
    );
  });

  it('a huge hostile example is reported with a bounded number of problems', () => {
    const huge = Array.from({ length: 50_000 }, (_, index) => ({ name: index }));
    const { definition } = importSpec(post({ type: 'array', items: Pet }, huge));
    const [example] = endpointOf(definition).examples;
    expect(example?.requestBody).toHaveLength(50_000);
    expect(example?.problems?.filter((p) => p.part === 'requestBody').length).toBe(3);
  });
});
