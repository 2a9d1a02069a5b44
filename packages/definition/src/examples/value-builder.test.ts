import { describe, expect, it } from 'vitest';
import type {
  NumberPrimitive,
  ObjectProperty,
  StringPrimitive,
  TypeDefinition,
  TypeId,
  TypeReference,
} from '../ir/types.js';
import { createAjv, validationErrors } from './ajv-validator.test-support.js';
import { seededInt } from './seed.js';
import { type Direction, ExampleValueBuilder } from './value-builder.js';

const ajv = createAjv();

function expectValid(
  shape: TypeReference,
  types: Record<TypeId, TypeDefinition>,
  direction: Direction = 'response',
): unknown {
  const warnings: string[] = [];
  const built = new ExampleValueBuilder(types, (m) => warnings.push(m)).build(shape, direction, 'field');
  expect(built, `no value built; warnings: ${warnings.join('; ')}`).toBeDefined();
  expect(validationErrors(ajv, built?.value, shape, types, direction)).toBeNull();
  return built?.value;
}

const str = (extra: Omit<StringPrimitive, 'type'> = {}): TypeReference => ({
  type: 'primitive',
  value: { type: 'string', ...extra },
});
const num = (
  extra: Omit<NumberPrimitive, 'type'> = {},
  type: 'number' | 'integer' = 'number',
): TypeReference => ({
  type: 'primitive',
  value: { type, ...extra },
});
const object = (id: string, properties: ObjectProperty[], extendsIds: string[] = []): TypeDefinition => ({
  id,
  name: id,
  shape: { type: 'object', extends: extendsIds, properties },
});
const optional = (shape: TypeReference): TypeReference => ({ type: 'optional', shape });
const ref = (id: string): TypeReference => ({ type: 'id', id });

describe('ExampleValueBuilder: constructs', () => {
  it.each([
    'date-time',
    'date',
    'time',
    'email',
    'uuid',
    'uri',
    'hostname',
    'ipv4',
    'ipv6',
    'byte',
    'duration',
    'uri-reference',
  ])('builds a valid %s string', (format) => {
    expectValid(str({ format }), {});
  });

  it('respects string length bounds and patterns', () => {
    expect(expectValid(str({ minLength: 12, maxLength: 14 }), {})).toHaveLength(12);
    expect(expectValid(str({ pattern: '^[A-Z]{2}-\\d{3}$' }), {})).toMatch(/^[A-Z]{2}-\d{3}$/);
    expectValid(str({ pattern: '^(foo|bar)+[0-9a-f]{8}$', minLength: 20 }), {});
    expectValid(str({ pattern: '^\\+?[1-9]\\d{1,14}$' }), {});
    expectValid(str({ pattern: '^[^@\\s]+@[^@\\s]+$' }), {});
  });

  it('warns and gives up on a pattern it cannot sample instead of inventing an invalid value', () => {
    const warnings: string[] = [];
    const builder = new ExampleValueBuilder({}, (m) => warnings.push(m));
    expect(builder.build(str({ pattern: '^(?=.*[A-Z])(a)\\1$' }), 'request')).toBeUndefined();
    expect(warnings[0]).toMatch(/pattern/);
  });

  it('respects inclusive, exclusive and multipleOf number bounds and integer formats', () => {
    expect(expectValid(num({ minimum: 5, maximum: 5 }, 'integer'), {})).toBe(5);
    expectValid(num({ exclusiveMinimum: 0, exclusiveMaximum: 1 }), {});
    expectValid(num({ multipleOf: 0.01, minimum: 0.05 }), {});
    expectValid(num({ multipleOf: 7, minimum: 100, maximum: 120 }, 'integer'), {});
    expectValid(num({ format: 'int32', maximum: -3_000_000_000 + 1e12 }, 'integer'), {});
    const big = expectValid(num({ format: 'int64', minimum: 9_007_199_254_740_000 }, 'integer'), {});
    expect(Number.isSafeInteger(big)).toBe(true);
  });

  it('fails cleanly on impossible bounds', () => {
    const warnings: string[] = [];
    const builder = new ExampleValueBuilder({}, (m) => warnings.push(m));
    expect(
      builder.build(num({ exclusiveMinimum: 1, exclusiveMaximum: 2 }, 'integer'), 'request'),
    ).toBeUndefined();
    expect(builder.build(str({ minLength: 5, maxLength: 2 }), 'request')).toBeUndefined();
    expect(warnings).toHaveLength(2);
  });

  it('uses enums, literals, defaults and builds distinct set items', () => {
    const types = {
      Color: {
        id: 'Color',
        name: 'Color',
        shape: { type: 'enum' as const, values: [{ value: 'red' }, { value: 'green' }], default: 'green' },
      },
    };
    expect(expectValid(ref('Color'), types)).toBe('green');
    expect(expectValid({ type: 'literal', value: 'v1' }, {})).toBe('v1');
    expect(expectValid({ type: 'set', itemShape: ref('Color'), minItems: 2 }, types)).toEqual([
      'red',
      'green',
    ]);
    expectValid({ type: 'set', itemShape: str({ format: 'uuid' }), minItems: 3 }, {});
    expectValid({ type: 'set', itemShape: num({}, 'integer'), minItems: 4, maxItems: 4 }, {});
    expect(expectValid({ type: 'list', itemShape: str(), minItems: 3, maxItems: 5 }, {})).toHaveLength(3);
    expect(expectValid({ type: 'list', itemShape: str(), maxItems: 0 }, {})).toEqual([]);
  });

  it('leaves READ_ONLY out of requests and WRITE_ONLY out of responses', () => {
    const types = {
      User: object('User', [
        { key: 'id', valueShape: str({ format: 'uuid' }), access: 'READ_ONLY' },
        { key: 'password', valueShape: str({ minLength: 8 }), access: 'WRITE_ONLY' },
        { key: 'name', valueShape: str() },
      ]),
    };
    expect(Object.keys(expectValid(ref('User'), types, 'request') as object).sort()).toEqual([
      'name',
      'password',
    ]);
    expect(Object.keys(expectValid(ref('User'), types, 'response') as object).sort()).toEqual(['id', 'name']);
  });

  it('includes every required property and only a few optional ones', () => {
    const properties: ObjectProperty[] = [];
    for (let i = 0; i < 10; i++) properties.push({ key: `opt${i}`, valueShape: optional(str()) });
    properties.push({ key: 'req', valueShape: str() });
    const value = expectValid(ref('Big'), { Big: object('Big', properties) }) as Record<string, unknown>;
    // A field the spec says nothing about gets its type's placeholder, never its key echoed.
    expect(value.req).toBe('string');
    expect(Object.keys(value)).toHaveLength(4);
  });

  it('inherits properties through extends', () => {
    const types = {
      Base: object('Base', [{ key: 'id', valueShape: num({}, 'integer') }]),
      Child: object('Child', [{ key: 'name', valueShape: str() }], ['Base']),
    };
    expect(Object.keys(expectValid(ref('Child'), types) as object).sort()).toEqual(['id', 'name']);
  });

  it("reads an object type's properties once per type table, whichever builder asks", () => {
    const types = {
      Base: object('Base', [{ key: 'id', valueShape: num({}, 'integer') }]),
      Child: object('Child', [{ key: 'name', valueShape: str() }], ['Base']),
    };
    const first = new ExampleValueBuilder(types).properties('Child');
    expect(first.map((property) => property.key)).toEqual(['id', 'name']);
    expect(new ExampleValueBuilder(types).properties('Child')).toBe(first);
    expect(new ExampleValueBuilder({ ...types }).properties('Child')).not.toBe(first);
  });

  it('replays the builds earlier replaying builders of the table made: the values of building afresh', () => {
    // Y's `x` takes its exit while X is being built: what is memoised depends on the order of builds.
    const types = {
      X: object('X', [{ key: 'y', valueShape: ref('Y') }]),
      Y: object('Y', [
        { key: 'x', valueShape: optional(ref('X')) },
        { key: 'n', valueShape: num({}, 'integer') },
      ]),
      Z: object('Z', [{ key: 'y', valueShape: ref('Y') }], ['X']),
    };
    const inline = [{ key: 'z', valueShape: ref('Z') }];
    // The same shape objects every time, as a definition's are: what a replay is found by.
    const [x, y] = [ref('X'), ref('Y')];
    type Build = (builder: ExampleValueBuilder) => unknown;
    const builds: Record<string, Build> = {
      x: (builder) => builder.build(x, 'response'),
      y: (builder) => builder.build(y, 'response'),
      yRequest: (builder) => builder.build(y, 'request', 'y'),
      inline: (builder) => builder.buildObject(['Y'], inline, 'response'),
    };
    const orders = [
      ['x', 'y', 'inline'],
      ['y', 'x', 'inline'],
      ['inline', 'yRequest', 'x'],
      ['x', 'y', 'yRequest'],
      ['y', 'x', 'inline'],
    ];
    for (const order of orders) {
      const fresh = new ExampleValueBuilder(types);
      const replaying = ExampleValueBuilder.replaying(types);
      for (const name of order) {
        const build = builds[name] as Build;
        expect(build(replaying), order.join(' ')).toEqual(build(fresh));
      }
    }
    // A later replaying builder gets the very value; one that does not replay builds its own.
    const first = ExampleValueBuilder.replaying(types).build(x, 'response');
    expect(ExampleValueBuilder.replaying(types).build(x, 'response')).toBe(first);
    // Found by the shape's JSON: a definition loaded from JSON has a shape object per place.
    expect(ExampleValueBuilder.replaying(types).build(ref('X'), 'response')).toBe(first);
    const own = new ExampleValueBuilder(types).build(x, 'response');
    expect(own).not.toBe(first);
    expect(own).toEqual(first);
  });

  it('sets the discriminant of a discriminated union and skips variants that cannot be built', () => {
    const types: Record<string, TypeDefinition> = {
      Impossible: object('Impossible', [{ key: 'n', valueShape: num({ minimum: 3, maximum: 2 }) }]),
      Cat: object('Cat', [
        { key: 'kind', valueShape: str() },
        { key: 'lives', valueShape: num({ minimum: 1, maximum: 9 }, 'integer') },
      ]),
      Pet: {
        id: 'Pet',
        name: 'Pet',
        shape: {
          type: 'discriminatedUnion',
          discriminant: 'kind',
          variants: [
            { discriminantValue: 'ghost', typeId: 'Impossible' },
            { discriminantValue: 'cat', typeId: 'Cat' },
          ],
          baseProperties: [{ key: 'name', valueShape: str() }],
        },
      },
    };
    expect(expectValid(ref('Pet'), types)).toMatchObject({ kind: 'cat', name: 'Example name' });
  });

  it('uses the first buildable variant of an undiscriminated union', () => {
    const types: Record<string, TypeDefinition> = {
      U: {
        id: 'U',
        name: 'U',
        shape: {
          type: 'undiscriminatedUnion',
          variants: [{ shape: str({ minLength: 3, maxLength: 1 }) }, { shape: num({}, 'integer') }],
        },
      },
    };
    expect(typeof expectValid(ref('U'), types)).toBe('number');
  });

  it('stops recursion through optional, nullable and list exits', () => {
    const types: Record<string, TypeDefinition> = {
      Tree: object('Tree', [
        { key: 'label', valueShape: str() },
        { key: 'children', valueShape: { type: 'list', itemShape: ref('Tree') } },
        { key: 'parent', valueShape: { type: 'nullable', shape: ref('Tree') } },
        { key: 'next', valueShape: optional(ref('Tree')) },
      ]),
    };
    const value = expectValid(ref('Tree'), types);
    expect(value).toMatchObject({ label: 'string', parent: null });
  });

  it('on recursion that has no exit, leaves the field out (without looping) and warns', () => {
    const types = { Loop: object('Loop', [{ key: 'self', valueShape: ref('Loop') }]) };
    const warnings: string[] = [];
    expect(new ExampleValueBuilder(types, (m) => warnings.push(m)).build(ref('Loop'), 'request')).toEqual({
      value: {},
      partial: true,
    });
    expect(warnings).toEqual(['property "self" cannot be generated; left out']);
  });

  it('warns about a dangling type id', () => {
    const warnings: string[] = [];
    expect(
      new ExampleValueBuilder({}, (m) => warnings.push(m)).build(ref('Nope'), 'request'),
    ).toBeUndefined();
    expect(warnings[0]).toContain('Nope');
  });

  it('builds maps with typed keys', () => {
    expect(expectValid({ type: 'map', keyShape: str(), valueShape: num() }, {})).toEqual({
      property1: expect.any(Number),
      property2: expect.any(Number),
    });
    expect(expectValid({ type: 'map', keyShape: str(), valueShape: { type: 'unknown' } }, {})).toEqual({});
    expect(
      expectValid(
        { type: 'map', keyShape: str(), valueShape: num(), minProperties: 3, maxProperties: 3 },
        {},
      ),
    ).toHaveProperty('property3');
  });
});

/** A random but seeded schema generator: every generated type is satisfiable. */
class SchemaGenerator {
  private counter = 0;
  readonly types: Record<TypeId, TypeDefinition> = {};
  constructor(private readonly seed: string) {}

  private pick(high: number): number {
    return seededInt(`${this.seed}#${this.counter++}`, 0, high);
  }

  primitive(): TypeReference {
    const kind = this.pick(5);
    if (kind === 0) {
      const formats = [
        undefined,
        'date-time',
        'date',
        'email',
        'uuid',
        'uri',
        'ipv4',
        'ipv6',
        'hostname',
        'byte',
      ];
      const format = formats[this.pick(formats.length - 1)];
      return str(format ? { format } : {});
    }
    if (kind === 1) {
      const min = this.pick(10);
      return str({ minLength: min, maxLength: min + this.pick(10) });
    }
    if (kind === 2) {
      const patterns = [
        '^[a-z]+$',
        '^\\d{3}-\\d{4}$',
        '^[A-Z][a-z]*(_[a-z]+)?$',
        '^(GET|POST)$',
        '^v[0-9]+\\.[0-9]+$',
      ];
      return str({ pattern: patterns[this.pick(patterns.length - 1)] as string });
    }
    if (kind === 3) {
      const low = this.pick(200) - 100;
      const width = this.pick(50) + 2;
      const variant = this.pick(3);
      if (variant === 0) return num({ minimum: low, maximum: low + width }, 'integer');
      if (variant === 1) return num({ exclusiveMinimum: low, exclusiveMaximum: low + width });
      if (variant === 2) return num({ minimum: low, multipleOf: [0.5, 3, 0.25][this.pick(2)] as number });
      return num({ format: 'int32' }, 'integer');
    }
    if (kind === 4) return { type: 'primitive', value: { type: 'boolean' } };
    return { type: 'literal', value: ['a', 1, true, null][this.pick(3)] as string };
  }

  /** A reference to something satisfiable; `self` may appear only behind an exit. */
  reference(depth: number, self?: TypeId): TypeReference {
    const ids = Object.keys(this.types);
    const kind = this.pick(depth > 2 ? 1 : 8);
    if (kind <= 1 || (kind === 2 && ids.length === 0)) return this.primitive();
    if (kind === 2) return ref(ids[this.pick(ids.length - 1)] as string);
    if (kind === 3)
      return { type: 'nullable', shape: self && this.pick(1) === 0 ? ref(self) : this.reference(depth + 1) };
    if (kind === 4) {
      const minItems = this.pick(2);
      return {
        type: 'list',
        itemShape: this.reference(depth + 1),
        minItems,
        maxItems: minItems + this.pick(3),
      };
    }
    if (kind === 5) return { type: 'map', keyShape: str(), valueShape: this.reference(depth + 1) };
    if (kind === 6 && self) return { type: 'list', itemShape: ref(self) };
    if (kind === 7) return { type: 'set', itemShape: str({ format: 'uuid' }), minItems: this.pick(3) };
    return { type: 'unknown' };
  }

  define(): TypeId {
    const id = `T${Object.keys(this.types).length}`;
    const kind = this.pick(5);
    const ids = Object.keys(this.types);
    const objectIds = ids.filter((other) => this.types[other]?.shape.type === 'object');
    const properties = (): ObjectProperty[] =>
      Array.from({ length: this.pick(6) }, (_, i) => {
        const base = this.reference(0, id);
        const access = [undefined, undefined, 'READ_ONLY', 'WRITE_ONLY'][
          this.pick(3)
        ] as ObjectProperty['access'];
        const isOptional = this.pick(2) === 0 || (base.type === 'id' && base.id === id);
        return {
          key: `${id}p${i}`,
          valueShape: isOptional ? optional(base) : base,
          ...(access ? { access } : {}),
        };
      });
    if (kind <= 1 || objectIds.length === 0) {
      const parents =
        objectIds.length > 0 && this.pick(2) === 0
          ? [objectIds[this.pick(objectIds.length - 1)] as string]
          : [];
      this.types[id] = object(id, properties(), parents);
    } else if (kind === 2) {
      this.types[id] = { id, name: id, shape: { type: 'enum', values: [{ value: 'x' }, { value: 2 }] } };
    } else if (kind === 3) {
      const variants = objectIds.slice(0, 3).map((typeId, i) => ({ discriminantValue: `v${i}`, typeId }));
      this.types[id] = {
        id,
        name: id,
        shape: { type: 'discriminatedUnion', discriminant: 'kind', variants },
      };
    } else if (kind === 4) {
      this.types[id] = {
        id,
        name: id,
        shape: {
          type: 'undiscriminatedUnion',
          variants: [{ shape: this.reference(0) }, { shape: this.primitive() }],
        },
      };
    } else {
      this.types[id] = { id, name: id, shape: { type: 'alias', value: this.reference(0) } };
    }
    return id;
  }
}

describe('ExampleValueBuilder: generated schemas', () => {
  it('builds a valid value for every type of 80 generated definitions, in both directions', () => {
    let checked = 0;
    for (let run = 0; run < 80; run++) {
      const generator = new SchemaGenerator(`run${run}`);
      for (let i = 0; i < 8; i++) generator.define();
      const builder = new ExampleValueBuilder(generator.types);
      for (const id of Object.keys(generator.types)) {
        for (const direction of ['request', 'response'] as const) {
          const built = builder.build(ref(id), direction);
          const where = `run${run} ${id} ${direction}: ${JSON.stringify(generator.types)}`;
          expect(built, where).toBeDefined();
          expect(validationErrors(ajv, built?.value, ref(id), generator.types, direction), where).toBeNull();
          checked++;
        }
      }
    }
    expect(checked).toBe(1280);
  });

  it('is deterministic', () => {
    const build = () => {
      const generator = new SchemaGenerator('same');
      for (let i = 0; i < 10; i++) generator.define();
      const builder = new ExampleValueBuilder(generator.types);
      return Object.keys(generator.types).map((id) => builder.build(ref(id), 'response'));
    };
    expect(JSON.stringify(build())).toBe(JSON.stringify(build()));
  });
});

describe('ExampleValueBuilder: format and pattern together', () => {
  it('prefers the format sample when it matches the pattern, and refuses when nothing satisfies both', () => {
    expectValid(
      str({ format: 'duration', pattern: '^-?P([0-9]+D)?(T([0-9]+H)?([0-9]+M)?([0-9]+([.][0-9]+)?S)?)?$' }),
      {},
    );
    expectValid(str({ format: 'byte', pattern: '^.{1,2097152}$' }), {});
    const warnings: string[] = [];
    const builder = new ExampleValueBuilder({}, (m) => warnings.push(m));
    expect(
      builder.build(str({ format: 'byte', pattern: '.* maxLength: 2097152' }), 'request'),
    ).toBeUndefined();
    expect(warnings[0]).toMatch(/both format byte and pattern/);
  });
});

describe('ExampleValueBuilder: unanchored patterns with a format', () => {
  it('appends the pattern sample to the format sample when that satisfies both', () => {
    const value = expectValid(str({ format: 'uri', pattern: '.+/v[0-1](\\.[0-9]+)*/?$' }), {});
    expect(value).toMatch(/^https:\/\/example\.com/);
  });
});

describe('no invented values (issue #28 item 4)', () => {
  it('a string field gets a value by its format or what its name says, else "string": never its key', () => {
    const field = (key: string, shape = str()) => ({ key, valueShape: shape });
    const value = expectValid(
      ref('Config'),
      {
        Config: object('Config', [
          field('env'),
          field('region'),
          field('email'),
          field('createdAt'),
          field('when', { type: 'primitive', value: { type: 'string', format: 'date-time' } }),
          field('ref', { type: 'primitive', value: { type: 'string', format: 'uuid' } }),
          field('home', { type: 'primitive', value: { type: 'string', format: 'uri' } }),
          field('code', { type: 'primitive', value: { type: 'string', minLength: 8 } }),
        ]),
      },
      'request',
    ) as Record<string, unknown>;
    expect(value).toEqual({
      env: 'string',
      region: 'string',
      email: 'user@example.com',
      createdAt: '2024-01-15T09:30:00Z',
      when: '2024-01-15T09:30:00Z',
      ref: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      home: 'https://example.com',
      code: 'stringst',
    });
    for (const [key, sample] of Object.entries(value)) expect(sample, key).not.toBe(key);
  });
});
