/**
 * `const` of any JSON value (issue #29): an object or array const is a literal in the IR, the
 * exact value in synthesis, checked by JSON equality in validation, `const` in `toJsonSchema`.
 * Hostile: a 10k-key const stays linear; a const its declared type rules out is warned.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';
import type { ApiDefinition } from '../ir/definition.js';
import { literalEquals, literalLabel } from '../ir/literal-values.js';
import { objectProperties } from '../ir/read-types.js';
import type { TypeReference } from '../ir/types.js';
import { synthesizeExamples } from './synthesize.js';
import { toJsonSchema } from './to-json-schema.js';
import { validateValue } from './validate-value.js';

const SETTINGS = { mode: 'strict', limits: { max: 3, tags: ['a', 'b'] } };

function spec(properties: Record<string, unknown>, required = Object.keys(properties)) {
  return {
    openapi: '3.1.0',
    info: { title: 'Consts', version: '1' },
    paths: {
      '/config': {
        put: {
          operationId: 'putConfig',
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Config' } } },
          },
          responses: { '204': { description: 'ok' } },
        },
      },
    },
    components: { schemas: { Config: { type: 'object', required, properties } } },
  };
}

function imported(root: unknown) {
  const text = JSON.stringify(root);
  return importDefinition({ entry: 'consts.json', read: () => text });
}

function propertyShape(api: ApiDefinition, key: string): TypeReference {
  const property = objectProperties('Config', api.types).find((p) => p.key === key);
  if (!property) throw new Error(`no property ${key}`);
  return property.valueShape;
}

function requestBody(api: ApiDefinition): unknown {
  return synthesizeExamples(api).endpoints.putConfig?.examples[0]?.requestBody;
}

describe('an object or array const', () => {
  const { definition: api, warnings } = imported(
    spec({ settings: { type: 'object', const: SETTINGS }, pair: { type: 'array', const: [1, 2] } }),
  );

  it('is a literal of that value in the IR, without a warning', () => {
    expect(warnings).toEqual([]);
    expect(propertyShape(api, 'settings')).toEqual({ type: 'literal', value: SETTINGS });
    expect(propertyShape(api, 'pair')).toEqual({ type: 'literal', value: [1, 2] });
  });

  it('is synthesised exactly', () => {
    expect(requestBody(api)).toEqual({ settings: SETTINGS, pair: [1, 2] });
  });

  it('validates by JSON equality: keys in any order pass, any other value fails', () => {
    const config = { type: 'id', id: 'Config' } as const;
    const reordered = { limits: { tags: ['a', 'b'], max: 3 }, mode: 'strict' };
    expect(validateValue({ pair: [1, 2], settings: reordered }, config, api.types)).toEqual([]);
    const wrong = [
      { pair: [2, 1], settings: SETTINGS },
      { pair: [1, 2], settings: { ...SETTINGS, extra: true } },
      { pair: [1, 2], settings: { mode: 'strict', limits: { max: 3, tags: ['a'] } } },
      { pair: [1, 2, 3], settings: SETTINGS },
      { pair: { 0: 1, 1: 2 }, settings: SETTINGS },
    ];
    for (const value of wrong) {
      const issues = validateValue(value, config, api.types);
      expect(issues.map((issue) => issue.code)).toEqual(['const']);
      expect(issues[0]?.message).toMatch(/^Must be [[{]/);
    }
  });

  it('is a const in toJsonSchema, and Ajv agrees with validateValue', () => {
    const schema = toJsonSchema({ type: 'id', id: 'Config' }, api.types, { direction: 'request' });
    expect(JSON.stringify(schema)).toContain(JSON.stringify({ const: SETTINGS }));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(requestBody(api))).toBe(true);
    expect(validate({ settings: { ...SETTINGS, mode: 'loose' }, pair: [1, 2] })).toBe(false);
  });

  it('is labelled as its JSON, cut when long', () => {
    expect(literalLabel([1, 2])).toBe('[1,2]');
    const long = literalLabel(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])));
    expect(long.length).toBe(80);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('hostile consts', () => {
  it('a const with 10k keys is carried, synthesised and validated whole', () => {
    const huge = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`key${i}`, { n: i, tags: [i] }]),
    );
    const { definition: api } = imported(spec({ huge: { const: huge } }));
    expect(propertyShape(api, 'huge')).toEqual({ type: 'literal', value: huge });
    const body = requestBody(api) as { huge: unknown };
    expect(literalEquals(body.huge, huge)).toBe(true);
    const config = { type: 'id', id: 'Config' } as const;
    expect(validateValue(body, config, api.types)).toEqual([]);
    const changed = { ...huge, key9999: { n: -1, tags: [9999] } };
    expect(validateValue({ huge: changed }, config, api.types).map((issue) => issue.code)).toEqual(['const']);
  });

  it('a deeply nested const does not overflow the stack', () => {
    const nested = (depth: number) => {
      let value: unknown = 'bottom';
      for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { v: value };
      return value;
    };
    expect(literalEquals(nested(100_000), nested(100_000))).toBe(true);
    expect(literalEquals(nested(100_000), nested(100_001))).toBe(false);
  });

  it('a const its declared type rules out is kept as written, with a located warning', () => {
    const { definition: api, warnings } = imported(
      spec({ conflict: { type: 'string', const: { a: 1 } }, list: { type: 'object', const: [1] } }),
    );
    expect(propertyShape(api, 'conflict')).toEqual({ type: 'literal', value: { a: 1 } });
    expect(warnings.map((warning) => [warning.pointer, warning.message])).toEqual([
      [
        '/components/schemas/Config/properties/conflict',
        '`const` {"a":1} is not of the declared type "string": no value can be valid; the const is shown',
      ],
      [
        '/components/schemas/Config/properties/list',
        '`const` [1] is not of the declared type "object": no value can be valid; the const is shown',
      ],
    ]);
  });

  it('two allOf declarations of one property with different object consts are a conflict', () => {
    const root = spec({});
    root.components.schemas.Config = {
      allOf: [
        { type: 'object', properties: { c: { const: { v: 1 } } } },
        { type: 'object', properties: { c: { const: { v: 2 } } } },
      ],
    } as never;
    const { warnings } = imported(root);
    expect(warnings.map((warning) => warning.message)).toEqual([
      'allOf declarations conflict: "c": the constants {"v":1} and {"v":2} differ',
    ]);
    const same = spec({});
    same.components.schemas.Config = {
      allOf: [
        { type: 'object', properties: { c: { const: { v: 1, w: 2 } } } },
        { type: 'object', properties: { c: { const: { w: 2, v: 1 } } } },
      ],
    } as never;
    expect(imported(same).warnings).toEqual([]);
  });
});
