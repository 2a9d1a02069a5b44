import { describe, expect, it } from 'vitest';
import type { TypeDefinition, TypeReference } from '../ir/types.js';
import { validateObject, validateValue } from './validate-value.js';

const str = (extra: Record<string, unknown> = {}): TypeReference => ({
  type: 'primitive',
  value: { type: 'string', ...extra },
});
const int = (extra: Record<string, unknown> = {}): TypeReference => ({
  type: 'primitive',
  value: { type: 'integer', ...extra },
});
const optional = (shape: TypeReference): TypeReference => ({ type: 'optional', shape });

const types: Record<string, TypeDefinition> = {
  Color: {
    id: 'Color',
    name: 'Color',
    shape: { type: 'enum', values: [{ value: 'red' }, { value: 'green' }] },
  },
  Pet: {
    id: 'Pet',
    name: 'Pet',
    shape: {
      type: 'object',
      extends: [],
      properties: [
        { key: 'id', valueShape: str(), access: 'READ_ONLY' },
        { key: 'name', valueShape: str({ minLength: 1, maxLength: 5 }) },
        { key: 'age', valueShape: optional(int({ minimum: 1 })) },
        { key: 'color', valueShape: optional({ type: 'id', id: 'Color' }) },
        { key: 'tags', valueShape: optional({ type: 'set', itemShape: str(), minItems: 1, maxItems: 2 }) },
      ],
    },
  },
  Node: {
    id: 'Node',
    name: 'Node',
    shape: {
      type: 'object',
      extends: [],
      properties: [{ key: 'child', valueShape: optional({ type: 'id', id: 'Node' }) }],
    },
  },
  Code: {
    id: 'Code',
    name: 'Code',
    shape: {
      type: 'undiscriminatedUnion',
      variants: [
        { shape: { type: 'literal', value: 1000 } },
        { shape: int({ minimum: 3000, maximum: 4999 }) },
      ],
    },
  },
} as Record<string, TypeDefinition>;

const pet: TypeReference = { type: 'id', id: 'Pet' };
const codes = (value: unknown, shape: TypeReference) =>
  validateValue(value, shape, types, { direction: 'request' }).map((issue) => [
    issue.path.join('.'),
    issue.code,
  ]);

describe('validateValue', () => {
  it('a valid value has no issues; READ_ONLY properties are not asked for in a request', () => {
    expect(
      validateValue({ name: 'Rex', age: 2, color: 'red', tags: ['a'] }, pet, types, { direction: 'request' }),
    ).toEqual([]);
  });

  it('names each broken rule at its path, with a message saying what to enter', () => {
    expect(codes({ name: '', age: 0, color: 'blue', tags: [] }, pet)).toEqual([
      ['name', 'minLength'],
      ['age', 'minimum'],
      ['color', 'enum'],
      ['tags', 'minItems'],
    ]);
    const [age] = validateValue({ name: 'a', age: 0 }, pet, types, { direction: 'request' });
    expect(age).toEqual({ path: ['age'], code: 'minimum', message: 'Must be 1 or more' });
    expect(validateValue({ name: 'a', color: 'x' }, pet, types, { direction: 'request' })[0]?.message).toBe(
      'Must be one of: red, green',
    );
  });

  it('required, type, maximum, exclusive bounds, multipleOf, maxLength, maxItems, uniqueItems', () => {
    expect(codes({}, pet)).toEqual([['name', 'required']]);
    expect(codes({ name: 5, age: 1.5, tags: ['a', 'a', 'b'] }, pet)).toEqual([
      ['name', 'type'],
      ['age', 'type'],
      ['tags', 'maxItems'],
      ['tags', 'uniqueItems'],
    ]);
    expect(codes('abcdef', str({ maxLength: 5 }))).toEqual([['', 'maxLength']]);
    expect(codes(10, int({ maximum: 9 }))).toEqual([['', 'maximum']]);
    expect(codes(0, int({ exclusiveMinimum: 0 }))).toEqual([['', 'exclusiveMinimum']]);
    expect(codes(5, int({ exclusiveMaximum: 5 }))).toEqual([['', 'exclusiveMaximum']]);
    expect(codes(7, int({ multipleOf: 5 }))).toEqual([['', 'multipleOf']]);
    expect(codes(2 ** 31, int({ format: 'int32' }))).toEqual([['', 'maximum']]);
    expect(codes('1', int())).toEqual([['', 'type']]);
    expect(codes(Number.NaN, int())).toEqual([['', 'type']]);
    expect(codes(undefined, optional(int()))).toEqual([]);
    expect(codes(null, { type: 'nullable', shape: int() })).toEqual([]);
  });

  it('patterns and formats: date-time, date, email, uuid, uri', () => {
    expect(codes('ab', str({ pattern: '^[a-z]+$' }))).toEqual([]);
    expect(validateValue('AB', str({ pattern: '^[a-z]+$' }), types)[0]?.message).toBe(
      'Must match the pattern ^[a-z]+$',
    );
    const bad: [string, string][] = [
      ['date-time', '2024-01-15 9:30'],
      ['date', '2024-13-01'],
      ['email', 'ada@'],
      ['uuid', '123'],
      ['uri', 'not a uri'],
    ];
    for (const [format, value] of bad) expect(codes(value, str({ format }))).toEqual([['', 'format']]);
    const good: [string, string][] = [
      ['date-time', '2024-01-15T09:30:00Z'],
      ['date', '2024-01-15'],
      ['email', 'ada@example.com'],
      ['uuid', '3fa85f64-5717-4562-b3fc-2c963f66afa6'],
      ['uri', 'https://example.com/a?b=c'],
    ];
    for (const [format, value] of good) expect(codes(value, str({ format }))).toEqual([]);
  });

  it('an undiscriminated union is valid when one variant fits, else shows the closest variant', () => {
    const code: TypeReference = { type: 'id', id: 'Code' };
    expect(codes(1000, code)).toEqual([]);
    expect(codes(4001, code)).toEqual([]);
    expect(codes(0, code)).toEqual([['', 'minimum']]);
    expect(codes(2000, code)).toEqual([['', 'minimum']]);
    expect(codes('x', code)).toEqual([['', 'const']]);
  });

  it('lists and maps report items by index and key', () => {
    expect(codes([1, 'x', 3], { type: 'list', itemShape: int() })).toEqual([['1', 'type']]);
    expect(codes({ a: 1, b: 'x' }, { type: 'map', keyShape: str(), valueShape: int() })).toEqual([
      ['b', 'type'],
    ]);
    expect(codes('x', { type: 'list', itemShape: int() })).toEqual([['', 'type']]);
  });

  it('an inline body object: its own properties and inherited ones', () => {
    expect(
      validateObject(
        { name: 'Rex' },
        { extends: ['Pet'], properties: [{ key: 'x', valueShape: int() }] },
        types,
        { direction: 'request' },
      ).map((issue) => issue.path.join('.')),
    ).toEqual(['x']);
    expect(validateObject(undefined, { extends: [], properties: [] }, types)[0]?.code).toBe('required');
  });
});

describe('validateValue: where issues sit', () => {
  it('an issue deep in lists, maps and objects names its whole path; its siblings none', () => {
    const shape: TypeReference = {
      type: 'list',
      itemShape: { type: 'map', keyShape: str(), valueShape: pet },
    };
    const value = [{ a: { name: 'Rex' } }, { b: { name: 'Rex', tags: [] }, c: { name: 'Longname', age: 0 } }];
    expect(codes(value, shape)).toEqual([
      ['1.b.tags', 'minItems'],
      ['1.c.name', 'maxLength'],
      ['1.c.age', 'minimum'],
    ]);
  });

  it('a hole in a list is skipped, as an absent item is not there to check', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case
    expect(codes([1, , 'x'], { type: 'list', itemShape: int() })).toEqual([['2', 'type']]);
  });

  it("reads object types' properties through the reader it is given", () => {
    const read: string[] = [];
    const properties = (id: string) => {
      read.push(id);
      return [{ key: 'only', valueShape: int() }];
    };
    const issues = validateValue({ name: 'Rex' }, pet, types, { properties });
    expect(issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([['only', 'required']]);
    expect(read).toEqual(['Pet']);
  });
});

describe('validateValue on hostile input', () => {
  // Backtracking `^(a+)+$` over 2 M characters would not end for ages: the test's timeout is the
  // bound (generous, so a loaded machine does not fail it; the bench measures speed, not this test).
  it('a huge string against a catastrophic pattern and a format answers, not backtracking', () => {
    const huge = `${'a'.repeat(2_000_000)}!`;
    expect(codes(huge, str({ pattern: '^(a+)+$' }))).toEqual([['', 'pattern']]);
    expect(codes(`a@${'b'.repeat(200_000)}`, str({ format: 'email' }))).toEqual([['', 'format']]);
    expect(codes(huge, str({ format: 'uri' }))).toEqual([['', 'format']]);
    expect(codes(huge, str({ maxLength: 10 }))).toEqual([['', 'maxLength']]);
  }, 30_000);

  it('deep nesting stops at a bounded depth without overflowing the stack', () => {
    let value: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) value = { child: value };
    expect(validateValue(value, { type: 'id', id: 'Node' }, types)).toEqual([]);
    let list: unknown = 1;
    for (let i = 0; i < 100_000; i++) list = [list];
    const nested: TypeReference = { type: 'list', itemShape: { type: 'unknown' } };
    expect(validateValue(list, nested, types)).toEqual([]);
  });

  it('a huge wrong list stops at maxIssues', () => {
    const issues = validateValue(
      Array.from({ length: 100_000 }, () => 'x'),
      { type: 'list', itemShape: int() },
      types,
    );
    expect(issues).toHaveLength(100);
  });

  it('keys such as __proto__ are read as data', () => {
    const value = JSON.parse('{"__proto__": "x", "constructor": 1}');
    expect(codes(value, { type: 'map', keyShape: str(), valueShape: str() })).toEqual([
      ['constructor', 'type'],
    ]);
    expect(codes(value, pet)).toEqual([['name', 'required']]);
  });
});
