import { type ObjectProperty, type TypeReference, validateValue } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import {
  editValueIn,
  filledValueFor,
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
};

describe('value edits', () => {
  it('Add all optional properties fills values that satisfy every constraint', () => {
    const all = withOptionalProperties(
      { name: 'x' },
      properties,
      properties.map((p) => p.key),
      types,
    );
    expect(Object.keys(all)).toEqual(properties.map((p) => p.key));
    expect(all.name).toBe('x');
    expect(validateValue(all, { type: 'id', id: 'Thing' }, types)).toEqual([]);
    expect(all.count).not.toBe(0);
  });

  it('a property whose schema cannot be met still gets the empty value of its kind', () => {
    const impossible: TypeReference = optional({
      type: 'primitive',
      value: { type: 'integer', minimum: 5, maximum: 1 },
    });
    expect(filledValueFor(impossible, 'n', {})).toBe(0);
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
