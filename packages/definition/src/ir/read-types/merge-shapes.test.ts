import { describe, expect, it } from 'vitest';
import type { ObjectProperty, TypeDefinition, TypeReference } from '../types.js';
import { intersectShapes, mergeProperty } from './merge-shapes.js';
import { objectProperties } from './properties.js';
import { unionSharedProperties, unionVariants } from './unions.js';

const string: TypeReference = { type: 'primitive', value: { type: 'string' } };
const number = (extra: object = {}): TypeReference => ({
  type: 'primitive',
  value: { type: 'number', ...extra },
});
const integer = (extra: object = {}): TypeReference => ({
  type: 'primitive',
  value: { type: 'integer', ...extra },
});
const optional = (shape: TypeReference): TypeReference => ({ type: 'optional', shape });
const nullable = (shape: TypeReference): TypeReference => ({ type: 'nullable', shape });
const id = (name: string): TypeReference => ({ type: 'id', id: name });

const types: Record<string, TypeDefinition> = {
  State: {
    id: 'State',
    name: 'State',
    shape: { type: 'enum', values: [{ value: 'open' }, { value: 'closed' }, { value: 'draft' }] },
  },
  Closing: {
    id: 'Closing',
    name: 'Closing',
    shape: { type: 'enum', values: [{ value: 'closed' }, { value: 'draft' }, { value: 'merged' }] },
  },
  Final: { id: 'Final', name: 'Final', shape: { type: 'enum', values: [{ value: 'closed' }] } },
  Other: { id: 'Other', name: 'Other', shape: { type: 'enum', values: [{ value: 'x' }, { value: 'y' }] } },
  StateAlias: { id: 'StateAlias', name: 'StateAlias', shape: { type: 'alias', value: id('State') } },
  User: {
    id: 'User',
    name: 'User',
    shape: { type: 'object', extends: [], properties: [{ key: 'login', valueShape: string }] },
  },
  Stamp: {
    id: 'Stamp',
    name: 'Stamp',
    shape: {
      type: 'undiscriminatedUnion',
      variants: [
        { shape: integer() },
        { shape: { type: 'primitive', value: { type: 'string', format: 'date-time' } } },
      ],
    },
  },
  Base: {
    id: 'Base',
    name: 'Base',
    shape: {
      type: 'object',
      extends: [],
      properties: [
        { key: 'state', valueShape: optional(string), description: 'The state.' },
        { key: 'count', valueShape: optional(nullable(number({ minimum: 0, maximum: 100 }))) },
      ],
    },
  },
  Child: {
    id: 'Child',
    name: 'Child',
    shape: {
      type: 'object',
      extends: ['Base'],
      properties: [
        { key: 'state', valueShape: id('State') },
        { key: 'count', valueShape: optional(integer({ minimum: 10, maximum: 500 })) },
      ],
    },
  },
  Run: {
    id: 'Run',
    name: 'Run',
    shape: {
      type: 'undiscriminatedUnion',
      baseProperties: [
        { key: 'status', valueShape: optional(string) },
        { key: 'conclusion', valueShape: optional(string) },
      ],
      variants: [{ shape: id('Completed') }, { shape: string }],
    },
  },
  Completed: {
    id: 'Completed',
    name: 'Completed',
    shape: {
      type: 'object',
      extends: [],
      properties: [
        { key: 'status', valueShape: optional({ type: 'literal', value: 'completed' }) },
        { key: 'conclusion', valueShape: string },
      ],
    },
  },
};

const merge = (a: TypeReference, b: TypeReference, options = {}) => intersectShapes(a, b, types, options);

describe('intersectShapes: two allOf declarations of one value', () => {
  it('keeps the narrower type: integer over number, enum over string, literal over enum', () => {
    expect(merge(number(), integer()).value).toEqual(integer());
    expect(merge(integer(), number()).value).toEqual(integer());
    expect(merge(id('State'), string).value).toEqual(id('State'));
    expect(merge(string, id('State')).value).toEqual(id('State'));
    expect(merge(id('State'), { type: 'literal', value: 'open' }).value).toEqual({
      type: 'literal',
      value: 'open',
    });
    expect(merge(id('StateAlias'), id('Final')).value).toEqual(id('Final'));
  });

  it('intersects enums, naming a new enum only when the result is neither side', () => {
    expect(merge(id('State'), id('Closing')).value).toEqual(id('Closing'));
    const named: unknown[] = [];
    const result = merge(id('State'), id('Closing'), {
      defineEnum: (values: unknown) => {
        named.push(values);
        return id('StateClosing');
      },
    });
    expect(result.value).toEqual(id('StateClosing'));
    expect(named).toEqual([[{ value: 'closed' }, { value: 'draft' }]]);
    expect(result.conflicts).toEqual([]);
  });

  it('takes the stricter bound, required and non-null when either side says so', () => {
    const result = merge(
      optional(nullable(number({ minimum: 0, maximum: 100 }))),
      optional(integer({ minimum: 10, maximum: 500 })),
    );
    expect(result.value).toEqual(optional(integer({ minimum: 10, maximum: 100 })));
    expect(merge(optional(string), string).value).toEqual(string);
    expect(merge(nullable(string), nullable(string)).value).toEqual(nullable(string));
  });

  it('reports what cannot hold together, keeping the later declaration', () => {
    expect(merge(id('State'), id('Other')).conflicts).toEqual([
      'the allowed values ["open", "closed", "draft"] and ["x", "y"] have none in common',
    ]);
    expect(merge(string, integer())).toEqual({
      value: integer(),
      conflicts: ['declared as string and as integer; no value is both'],
    });
    expect(merge(integer({ minimum: 10 }), integer({ maximum: 5 })).conflicts).toEqual([
      'minimum 10 is above maximum 5',
    ]);
    expect(merge(id('State'), integer()).conflicts).toEqual([
      'the allowed values ["open", "closed", "draft"] are not of type integer',
    ]);
    expect(
      merge(
        { type: 'primitive', value: { type: 'string', pattern: '^a' } },
        { type: 'primitive', value: { type: 'string', pattern: '^b' } },
      ).conflicts,
    ).toHaveLength(1);
  });

  it('keeps a declared object over `type: object`, and the one union variant of the other kind', () => {
    const freeForm: TypeReference = { type: 'map', keyShape: string, valueShape: { type: 'unknown' } };
    expect(merge(nullable(id('User')), nullable(freeForm)).value).toEqual(nullable(id('User')));
    expect(merge(id('Stamp'), string).value).toEqual({
      type: 'primitive',
      value: { type: 'string', format: 'date-time' },
    });
    expect(
      merge(
        { type: 'list', itemShape: nullable(id('User')), minItems: 1 },
        { type: 'list', itemShape: freeForm, maxItems: 3 },
      ).value,
    ).toEqual({
      type: 'list',
      itemShape: id('User'),
      minItems: 1,
      maxItems: 3,
    });
  });

  it('stops on deep or hostile input', () => {
    let deep: TypeReference = string;
    for (let level = 0; level < 5000; level++) deep = { type: 'list', itemShape: deep };
    expect(() => merge(deep, deep)).not.toThrow();
    const loop: Record<string, TypeDefinition> = {
      A: { id: 'A', name: 'A', shape: { type: 'alias', value: id('A') } },
    };
    expect(intersectShapes(id('A'), string, loop).value).toEqual(string);
  });
});

describe('mergeProperty and the readers that apply it', () => {
  it('merges an override with what it overrides, keeping the inherited description', () => {
    const earlier: ObjectProperty = { key: 'state', valueShape: optional(string), description: 'The state.' };
    const later: ObjectProperty = { key: 'state', valueShape: id('Final') };
    expect(mergeProperty(earlier, later, types).value).toEqual({
      key: 'state',
      valueShape: id('Final'),
      description: 'The state.',
    });
  });

  it('reads an inherited property overridden by allOf as one intersected property', () => {
    expect(objectProperties('Child', types)).toEqual([
      { key: 'state', valueShape: id('State'), description: 'The state.' },
      { key: 'count', valueShape: optional(integer({ minimum: 10, maximum: 100 })) },
    ]);
  });

  it('gives each union variant the shared properties, narrowed and required as the variant says', () => {
    expect(unionSharedProperties('Run', types).map((p) => p.key)).toEqual(['status', 'conclusion']);
    const [completed, text] = unionVariants('Run', types) ?? [];
    expect(completed?.properties).toEqual([
      { key: 'status', valueShape: optional({ type: 'literal', value: 'completed' }) },
      { key: 'conclusion', valueShape: string },
    ]);
    expect(text?.properties).toBeUndefined();
    expect(unionSharedProperties('User', types)).toEqual([]);
  });
});
