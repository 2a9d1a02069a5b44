/**
 * Issue 29 item 3: every JSON Schema 2020-12 keyword that shapes a value drives synthesis. Each
 * schema is imported as a real OpenAPI 3.1 response body; the example shown must be valid against
 * the schema itself (Ajv 2020) and use what the keyword asks for.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';

const ajv = new Ajv2020({ strict: false, logger: false });
(addFormatsModule as unknown as (instance: Ajv2020) => void)(ajv);

function shown(schema: Record<string, unknown>, schemas: Record<string, unknown> = {}) {
  const spec = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/thing': {
        get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } },
      },
    },
    components: { schemas },
  };
  const { definition, warnings } = importDefinition({ entry: 'api.json', read: () => JSON.stringify(spec) });
  const [endpoint] = Object.values(definition.endpoints);
  return { value: endpoint?.examples[0]?.responseBody, warnings: warnings.map((w) => w.message) };
}

function validShown(schema: Record<string, unknown>, schemas: Record<string, unknown> = {}): unknown {
  const { value } = shown(schema, schemas);
  const validate = ajv.compile({ ...schema, $defs: undefined, components: { schemas } });
  expect(validate(value), `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  return value;
}

describe('synthesis by keyword', () => {
  it('formats with length bounds: stretched within the format, or left out when none fits', () => {
    const long = validShown({ type: 'string', format: 'date-time', minLength: 100 });
    expect(long).toMatch(/^2024-01-15T09:30:00\.0+Z$/);
    expect((long as string).length).toBe(100);
    expect(validShown({ type: 'string', format: 'email', minLength: 30 })).toMatch(/^a+user@example\.com$/);
    const impossible = shown({
      type: 'object',
      required: ['at', 'name'],
      properties: { at: { type: 'string', format: 'date-time', maxLength: 5 }, name: { type: 'string' } },
    });
    // The field that cannot be generated is left out; its sibling stays.
    expect(impossible.value).toEqual({ name: expect.any(String) });
    expect(impossible.warnings.join('\n')).toMatch(/no date-time value is 0\.\.5 characters long/);
  });

  it('contains / minContains / maxContains', () => {
    const value = validShown({
      type: 'array',
      items: { type: ['integer', 'string'] },
      contains: { type: 'integer', minimum: 7 },
      minContains: 2,
      minItems: 3,
    });
    expect(
      (value as unknown[]).filter((item) => typeof item === 'number' && item >= 7).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('prefixItems (and the draft 7 array form of items) make tuples', () => {
    const value = validShown({
      type: 'array',
      prefixItems: [{ type: 'integer' }, { type: 'string', format: 'email' }, { const: 'end' }],
      items: false,
    });
    expect(value).toEqual([expect.any(Number), 'user@example.com', 'end']);
  });

  it('minProperties / maxProperties with additionalProperties and patternProperties', () => {
    const capped = validShown({
      type: 'object',
      maxProperties: 2,
      required: ['id'],
      properties: { id: { type: 'integer' }, a: { type: 'string' }, b: { type: 'string' } },
    });
    expect(Object.keys(capped as object)).toHaveLength(2);
    const map = validShown({ type: 'object', additionalProperties: { type: 'integer' }, minProperties: 3 });
    expect(Object.keys(map as object)).toEqual(['property1', 'property2', 'property3']);
    const patterned = validShown({
      type: 'object',
      minProperties: 2,
      additionalProperties: false,
      patternProperties: { '^x-[a-z]+$': { type: 'boolean' } },
    });
    expect(Object.keys(patterned as object).every((key) => /^x-[a-z]+$/.test(key))).toBe(true);
  });

  it('if / then / else and dependentRequired', () => {
    const value = validShown({
      type: 'object',
      properties: { kind: { type: 'string' }, card: { type: 'string' }, billing: { type: 'string' } },
      required: ['kind'],
      if: { properties: { kind: { const: 'card' } }, required: ['kind'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword.
      then: { required: ['card'] },
      else: { properties: { kind: { const: 'cash' } } },
      dependentRequired: { card: ['billing'] },
    }) as Record<string, unknown>;
    expect(value.kind).toBe('card');
    expect(value).toHaveProperty('card');
    expect(value).toHaveProperty('billing');
  });

  it('const, items examples and defaults at every level', () => {
    expect(validShown({ type: 'object', properties: { v: { const: 'v2' } }, required: ['v'] })).toEqual({
      v: 'v2',
    });
    expect(validShown({ type: 'array', items: { type: 'string', example: 'tag-1' } })).toEqual(['tag-1']);
    expect(validShown({ type: 'array', items: { type: 'integer' }, default: [5, 6, 7] })).toEqual([5, 6, 7]);
    expect(
      validShown({
        type: 'object',
        required: ['limits', 'tags'],
        properties: {
          limits: { type: 'object', properties: { max: { type: 'integer' } }, default: { max: 10 } },
          tags: { type: 'array', items: { type: 'string' }, default: ['a', 'b'] },
        },
      }),
    ).toEqual({ limits: { max: 10 }, tags: ['a', 'b'] });
  });

  it('keeps every key `required` names beside allOf, beyond the optional-property limit', () => {
    const value = validShown(
      { allOf: [{ $ref: '#/components/schemas/Base' }], required: ['a', 'b', 'c', 'd', 'e'] },
      {
        Base: {
          type: 'object',
          properties: Object.fromEntries(
            ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => [key, { type: 'string' }]),
          ),
        },
      },
    );
    expect(Object.keys(value as object)).toEqual(expect.arrayContaining(['a', 'b', 'c', 'd', 'e']));
  });

  it('a nested field that cannot be generated is left out without dropping its siblings (Amadeus hotel booking)', () => {
    const { value, warnings } = shown({
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['guests', 'payment'],
          properties: {
            guests: {
              type: 'array',
              minItems: 1,
              items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
            },
            payment: {
              type: 'object',
              required: ['method', 'card'],
              properties: {
                method: { type: 'string', enum: ['creditCard'] },
                card: { type: 'string', pattern: '^(?=x)(?!x)$' },
              },
            },
          },
        },
      },
    });
    expect(value).toEqual({
      data: { guests: [{ name: expect.any(String) }], payment: { method: 'creditCard' } },
    });
    expect(warnings.join('\n')).toMatch(/property "card" cannot be generated; left out/);
  });
});
