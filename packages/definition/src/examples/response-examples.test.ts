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

describe('responseExamples of an imported example (checked once, at import)', () => {
  const broken = structuredClone(spec);
  broken.paths['/pets/{id}'].get.responses['200'].content['application/json'].example = {
    name: 7, // `name` must be a string
  } as never;
  const { definition } = importDefinition({ entry: 'api.json', read: () => JSON.stringify(broken) });
  const endpoint = Object.values(definition.endpoints)[0];
  const example = endpoint?.examples[0];
  const errorShape = endpoint?.errors[0]?.shape;
  if (!endpoint || !example || !errorShape) throw new Error('no endpoint, example or error shape');
  const unchecked = { ...endpoint, examples: [{ ...example, checked: undefined }] };

  it('names the problems import found, as checking again finds them', () => {
    expect(example.checked).toBe(true);
    const [json] = responseExamples(endpoint, definition.types);
    expect(json?.problems?.map((problem) => problem.path)).toEqual([['name']]);
    expect(json?.problems).toEqual(responseExamples(unchecked, definition.types)[0]?.problems);
  });

  it('takes the problems from the example rather than checking the body again', () => {
    const trusted = { ...endpoint, examples: [{ ...example, problems: [] }] };
    expect(responseExamples(trusted, definition.types)[0]?.problems).toBeUndefined();
    const notMarked = { ...endpoint, examples: [{ ...example, checked: undefined, problems: [] }] };
    expect(responseExamples(notMarked, definition.types)[0]?.problems?.length).toBe(1);
  });

  it('checks the example against another response of its status, which import did not', () => {
    // The same status in another media type, whose schema (`code` required) the example breaks too.
    const other = {
      statusCode: 200,
      contentType: 'application/vnd.pet+json',
      body: { type: 'alias', shape: errorShape },
    } as const;
    const twoTypes = { ...endpoint, responses: [...endpoint.responses, other] };
    const [, second] = responseExamples(twoTypes, definition.types);
    expect(second?.contentType).toBe('application/vnd.pet+json');
    expect(second?.problems?.some((problem) => problem.message.length > 0)).toBe(true);
    expect(second?.problems).toEqual(
      responseExamples({ ...twoTypes, examples: unchecked.examples }, definition.types)[1]?.problems,
    );
  });
});
