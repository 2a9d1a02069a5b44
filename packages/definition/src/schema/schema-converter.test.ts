import { describe, expect, it } from 'vitest';
import { DocumentSet } from '../document/document-set.js';
import { WarningSink } from '../document/warnings.js';
import { SchemaConverter } from './schema-converter.js';

function convert(spec: object, dialect: 'openapi-3.0' | 'openapi-3.1' = 'openapi-3.1') {
  const docs = new DocumentSet({ entry: 'api.json', read: () => JSON.stringify(spec) });
  const sink = new WarningSink();
  const converter = new SchemaConverter(docs, sink, { dialect });
  converter.defineComponents((spec as { components: { schemas: object } }).components.schemas, {
    file: 'api.json',
    pointer: '/components/schemas',
  });
  return { types: converter.types(), warnings: sink.warnings, converter };
}

describe('SchemaConverter', () => {
  it('converts objects, required, access, nullable and recursion', () => {
    const { types } = convert({
      components: {
        schemas: {
          Node: {
            type: 'object',
            required: ['id'],
            properties: {
              id: { type: 'string', format: 'uuid', readOnly: true },
              next: { $ref: '#/components/schemas/Node' },
              tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 3 },
              note: { type: ['string', 'null'], deprecated: true },
              secret: { type: 'string', writeOnly: true },
            },
          },
        },
      },
    });
    expect(types.Node?.shape).toEqual({
      type: 'object',
      extends: [],
      properties: [
        {
          key: 'id',
          access: 'READ_ONLY',
          valueShape: { type: 'primitive', value: { type: 'string', format: 'uuid' } },
        },
        { key: 'next', valueShape: { type: 'optional', shape: { type: 'id', id: 'Node' } } },
        {
          key: 'tags',
          valueShape: {
            type: 'optional',
            shape: { type: 'set', itemShape: { type: 'primitive', value: { type: 'string' } }, maxItems: 3 },
          },
        },
        {
          key: 'note',
          availability: 'deprecated',
          valueShape: {
            type: 'optional',
            shape: { type: 'nullable', shape: { type: 'primitive', value: { type: 'string' } } },
          },
        },
        {
          key: 'secret',
          access: 'WRITE_ONLY',
          valueShape: { type: 'optional', shape: { type: 'primitive', value: { type: 'string' } } },
        },
      ],
    });
  });

  it('builds discriminated unions from mapping, from component names and by inference', () => {
    const { types } = convert({
      components: {
        schemas: {
          Pet: {
            oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
            discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } },
          },
          Shape: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
          Cat: { type: 'object', properties: { kind: { const: 'cat' } } },
          Dog: { type: 'object', properties: { kind: { type: 'string', enum: ['dog'] } } },
        },
      },
    });
    expect(types.Pet?.shape).toEqual({
      type: 'discriminatedUnion',
      discriminant: 'kind',
      variants: [
        { discriminantValue: 'cat', typeId: 'Cat' },
        { discriminantValue: 'dog', typeId: 'Dog' },
      ],
    });
    expect(types.Shape?.shape).toMatchObject({ type: 'discriminatedUnion', discriminant: 'kind' });
  });

  it('merges allOf into extends plus properties and normalises 3.0 exclusive bounds', () => {
    const { types } = convert(
      {
        components: {
          schemas: {
            Base: { type: 'object', properties: { id: { type: 'integer' } } },
            Child: {
              allOf: [
                { $ref: '#/components/schemas/Base' },
                {
                  type: 'object',
                  required: ['age'],
                  properties: { age: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 9 } },
                },
              ],
            },
          },
        },
      },
      'openapi-3.0',
    );
    expect(types.Child?.shape).toEqual({
      type: 'object',
      extends: ['Base'],
      properties: [
        {
          key: 'age',
          valueShape: { type: 'primitive', value: { type: 'integer', exclusiveMinimum: 0, maximum: 9 } },
        },
      ],
    });
  });

  it('degrades unsupported constructs to unknown with a warning', () => {
    const { types, warnings } = convert({ components: { schemas: { Odd: { not: { type: 'string' } } } } });
    expect(types.Odd?.shape).toEqual({ type: 'alias', value: { type: 'unknown' } });
    expect(warnings[0]?.message).toMatch(/`not` is not supported/);
    expect(warnings[0]?.pointer).toBe('/components/schemas/Odd');
  });

  it('fails clearly on a dangling schema $ref', () => {
    expect(() =>
      convert({
        components: { schemas: { A: { properties: { b: { $ref: '#/components/schemas/Nope' } } } } },
      }),
    ).toThrow(
      'api.json:1 at /components/schemas/A/properties/b: $ref "#/components/schemas/Nope" does not resolve',
    );
  });

  it('reads allOf of a $ref plus annotations as the referenced type, and single-value enums as literals', () => {
    const { types } = convert({
      components: {
        schemas: {
          Name: { type: 'string', enum: ['only'] },
          Holder: {
            type: 'object',
            properties: {
              name: { allOf: [{ $ref: '#/components/schemas/Name' }, { description: 'The name' }] },
            },
          },
        },
      },
    });
    expect(types.Name?.shape).toEqual({ type: 'alias', value: { type: 'literal', value: 'only' } });
    expect(types.Holder?.shape).toMatchObject({
      properties: [{ key: 'name', valueShape: { type: 'optional', shape: { type: 'id', id: 'Name' } } }],
    });
  });

  it('makes a property required when another allOf member requires it', () => {
    const { types } = convert({
      components: {
        schemas: {
          Base: { type: 'object', required: ['to'], properties: { note: { type: 'string' } } },
          Channel: { type: 'object', properties: { to: { type: 'string' } } },
          Message: {
            allOf: [
              { $ref: '#/components/schemas/Base' },
              { properties: { note: { description: 'only re-described' } } },
              { $ref: '#/components/schemas/Channel' },
            ],
          },
        },
      },
    });
    expect(types.Message?.shape).toEqual({
      type: 'object',
      extends: ['Base', 'Channel'],
      properties: [{ key: 'to', valueShape: { type: 'primitive', value: { type: 'string' } } }],
    });
  });

  it('reads annotation-only unions, closed empty objects, undeclared required keys and type arrays', () => {
    const { types, warnings } = convert({
      components: {
        schemas: {
          Described: { type: 'string', oneOf: [{ description: 'a' }, { description: 'b' }] },
          Empty: { type: 'object', additionalProperties: false },
          Loose: { type: 'object', required: ['ghost'], properties: {} },
          Either: { type: ['string', 'integer'] },
        },
      },
    });
    expect(types.Described?.shape).toEqual({
      type: 'alias',
      value: { type: 'primitive', value: { type: 'string' } },
    });
    expect(types.Empty?.shape).toEqual({ type: 'object', extends: [], properties: [], closed: true });
    expect(types.Loose?.shape).toEqual({
      type: 'object',
      extends: [],
      properties: [{ key: 'ghost', valueShape: { type: 'unknown' } }],
    });
    expect(warnings.map((w) => w.message)).toContain(
      'required property "ghost" is not declared; shown as unknown',
    );
    expect(types.Either?.shape).toEqual({
      type: 'undiscriminatedUnion',
      variants: [
        { shape: { type: 'primitive', value: { type: 'string' } }, displayName: 'string' },
        { shape: { type: 'primitive', value: { type: 'integer' } }, displayName: 'integer' },
      ],
    });
  });
});

describe('documented enums (oneOf of const)', () => {
  it('turns oneOf: [{ const, description }] into an enum whose values carry descriptions', async () => {
    const { importOpenApi } = await import('../openapi/import-openapi.js');
    const spec = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {},
      components: {
        schemas: {
          Status: {
            default: 'open',
            oneOf: [
              { const: 'open', description: 'Accepting `input`.' },
              { const: 'closed', title: 'Closed for good' },
              { type: 'null' },
            ],
          },
          Mixed: { oneOf: [{ const: 'a' }, { type: 'string', minLength: 2 }] },
        },
      },
    };
    const { definition } = importOpenApi({ entry: 'api.json', read: () => JSON.stringify(spec) });
    const status = Object.values(definition.types).find((t) => t.name === 'Status');
    expect(status?.shape).toEqual({
      type: 'enum',
      values: [
        { value: 'open', description: 'Accepting `input`.' },
        { value: 'closed', description: 'Closed for good' },
      ],
      default: 'open',
    });
    const mixed = Object.values(definition.types).find((t) => t.name === 'Mixed');
    expect(mixed?.shape.type).toBe('undiscriminatedUnion');
  });
});
