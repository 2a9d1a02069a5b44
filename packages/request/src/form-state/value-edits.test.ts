import type { ObjectProperty, TypeReference } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import {
  addedValueFor,
  editValueIn,
  renameEntry,
  setValueIn,
  withNewEntry,
  withOptionalProperties,
} from './value-edits.js';

const optional = (shape: TypeReference): TypeReference => ({ type: 'optional', shape });
const properties: ObjectProperty[] = [
  { key: 'name', valueShape: { type: 'primitive', value: { type: 'string' } } },
  {
    key: 'count',
    valueShape: optional({ type: 'primitive', value: { type: 'integer', minimum: 1, maximum: 5 } }),
  },
  {
    key: 'ratio',
    valueShape: optional({
      type: 'primitive',
      value: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    }),
  },
  {
    key: 'code',
    valueShape: optional({
      type: 'primitive',
      value: { type: 'string', minLength: 3, maxLength: 3, pattern: '^[A-Z]+$' },
    }),
  },
  {
    key: 'when',
    valueShape: optional({ type: 'primitive', value: { type: 'string', format: 'date-time' } }),
  },
  { key: 'mail', valueShape: optional({ type: 'primitive', value: { type: 'string', format: 'email' } }) },
  { key: 'ref', valueShape: optional({ type: 'primitive', value: { type: 'string', format: 'uuid' } }) },
  { key: 'color', valueShape: optional({ type: 'id', id: 'Color' }) },
  {
    key: 'sku',
    valueShape: optional({ type: 'primitive', value: { type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$' } }),
    examples: ['ABC-1234'],
  },
  { key: 'size', valueShape: { type: 'optional', shape: { type: 'id', id: 'Size' }, default: 'M' } },
  { key: 'unit', valueShape: optional({ type: 'id', id: 'Unit' }) },
  {
    key: 'tags',
    valueShape: optional({
      type: 'list',
      itemShape: { type: 'primitive', value: { type: 'string' } },
      minItems: 2,
    }),
  },
];
const types = {
  Color: {
    id: 'Color',
    name: 'Color',
    shape: { type: 'enum' as const, values: [{ value: 'red' }, { value: 'green' }] },
  },
  Thing: { id: 'Thing', name: 'Thing', shape: { type: 'object' as const, extends: [], properties } },
  Size: {
    id: 'Size',
    name: 'Size',
    shape: { type: 'enum' as const, values: [{ value: 'S' }, { value: 'M' }] },
  },
  Unit: {
    id: 'Unit',
    name: 'Unit',
    shape: {
      type: 'alias' as const,
      value: { type: 'primitive' as const, value: { type: 'string' as const } },
    },
    examples: ['kg'],
  },
};

describe('value edits', () => {
  it("Add all optional properties takes what the spec gives (example, default, the type's example), else empty: nothing invented", () => {
    const all = withOptionalProperties(
      { name: 'x' },
      properties,
      properties.map((p) => p.key),
      types,
    );
    expect(Object.keys(all)).toEqual(properties.map((p) => p.key));
    expect(all).toEqual({
      name: 'x',
      count: 1,
      ratio: 0,
      code: '',
      when: '',
      mail: '',
      ref: '',
      color: 'red',
      tags: [],
      sku: 'ABC-1234',
      size: 'M',
      unit: 'kg',
    });
  });

  it('a field with neither example nor default starts with the empty value of its kind', () => {
    const negative: TypeReference = optional({ type: 'primitive', value: { type: 'integer', maximum: -3 } });
    expect(addedValueFor({ valueShape: negative }, {})).toBe(-3);
    expect(
      addedValueFor({ valueShape: optional({ type: 'primitive', value: { type: 'number' } }) }, {}),
    ).toBe(0);
    expect(
      addedValueFor({ valueShape: optional({ type: 'list', itemShape: { type: 'unknown' } }) }, {}),
    ).toEqual([]);
  });

  it('sets, removes and edits at a path without touching the input', () => {
    const start = { a: [1, 2, 3] };
    expect(setValueIn(start, ['a', 1], undefined)).toEqual({ a: [1, 3] });
    expect(editValueIn(start, ['a', 1], undefined)).toEqual({ a: [1, null, 3] });
    expect(setValueIn(start, ['b', 'c'], 1)).toEqual({ a: [1, 2, 3], b: { c: 1 } });
    expect(start).toEqual({ a: [1, 2, 3] });
  });

  it('map entries: rename keeps order and never overwrites, new entries get a fresh key', () => {
    expect(renameEntry({ a: 1, b: 2 }, 0, 'c')).toEqual({ c: 1, b: 2 });
    expect(Object.keys(renameEntry({ a: 1, b: 2 }, 0, 'c'))).toEqual(['c', 'b']);
    expect(renameEntry({ a: 1, b: 2 }, 0, 'b')).toEqual({ a: 1, b: 2 });
    expect(withNewEntry({ key1: 'x', key2: 'y' }, '')).toEqual({ key1: 'x', key2: 'y', key3: '' });
    expect(withNewEntry(undefined, 0)).toEqual({ key1: 0 });
  });

  it('hostile keys are data', () => {
    const polluted = renameEntry({ a: 1 }, 0, '__proto__');
    expect(Object.keys(polluted)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).a).toBeUndefined();
    expect(setValueIn({}, ['__proto__', 'x'], 1)).toEqual(JSON.parse('{"__proto__":{"x":1}}'));
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
