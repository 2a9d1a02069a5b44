import { describe, expect, it } from 'vitest';
import {
  followAliases,
  inlineObjectProperties,
  objectProperties,
  propertiesOfReference,
  unionVariants,
} from './read-types.js';
import type { TypeDefinition, TypeReference } from './types.js';

const string: TypeReference = { type: 'primitive', value: { type: 'string' } };
const integer: TypeReference = { type: 'primitive', value: { type: 'integer' } };

const types: Record<string, TypeDefinition> = {
  Pet: {
    id: 'Pet',
    name: 'Pet',
    shape: {
      type: 'object',
      extends: [],
      properties: [
        { key: 'id', valueShape: integer, access: 'READ_ONLY' },
        { key: 'name', valueShape: { type: 'optional', shape: string } },
        { key: 'secret', valueShape: string, access: 'WRITE_ONLY' },
      ],
    },
  },
  PetAlias: { id: 'PetAlias', name: 'PetAlias', shape: { type: 'alias', value: { type: 'id', id: 'Pet' } } },
  Dog: {
    id: 'Dog',
    name: 'Dog',
    // allOf: [Pet, { required: [name], properties: { name } }]: an override, not a second `name`.
    shape: {
      type: 'object',
      extends: ['PetAlias', 'Pet'],
      properties: [{ key: 'name', valueShape: string }],
    },
  },
  Loop: { id: 'Loop', name: 'Loop', shape: { type: 'object', extends: ['Loop'], properties: [] } },
  Either: {
    id: 'Either',
    name: 'Either',
    shape: {
      type: 'undiscriminatedUnion',
      variants: [{ shape: { type: 'id', id: 'Dog' } }, { shape: string }],
    },
  },
  Tagged: {
    id: 'Tagged',
    name: 'Tagged',
    shape: {
      type: 'discriminatedUnion',
      discriminant: 'kind',
      variants: [{ discriminantValue: 'dog', typeId: 'Dog' }],
    },
  },
};

describe('objectProperties', () => {
  it('lists an overridden property once, in its inherited place, with the override', () => {
    const properties = objectProperties('Dog', types);
    expect(properties.map((p) => p.key)).toEqual(['id', 'name', 'secret']);
    expect(properties[1]?.valueShape).toEqual(string);
  });

  it('leaves out READ_ONLY for requests and WRITE_ONLY for responses', () => {
    expect(objectProperties('Dog', types, { direction: 'request' }).map((p) => p.key)).toEqual([
      'name',
      'secret',
    ]);
    expect(objectProperties('Dog', types, { direction: 'response' }).map((p) => p.key)).toEqual([
      'id',
      'name',
    ]);
  });

  it('follows aliases and stops at inheritance cycles', () => {
    expect(objectProperties('PetAlias', types).map((p) => p.key)).toEqual(['id', 'name', 'secret']);
    expect(objectProperties('Loop', types)).toEqual([]);
    expect(objectProperties('Missing', types)).toEqual([]);
    expect(followAliases({ type: 'id', id: 'PetAlias' }, types)).toEqual({ type: 'id', id: 'Pet' });
  });

  it('reads inline bodies and references the same way', () => {
    const body = { extends: ['Pet'], properties: [{ key: 'name', valueShape: string }] };
    expect(inlineObjectProperties(body, types).map((p) => p.key)).toEqual(['id', 'name', 'secret']);
    const optional: TypeReference = {
      type: 'optional',
      shape: { type: 'nullable', shape: { type: 'id', id: 'PetAlias' } },
    };
    expect(propertiesOfReference(optional, types)?.length).toBe(3);
    expect(propertiesOfReference(string, types)).toBeUndefined();
  });
});

describe('unionVariants', () => {
  it('reads discriminated and undiscriminated unions alike', () => {
    const tagged = unionVariants('Tagged', types);
    expect(tagged?.map(({ properties, ...variant }) => variant)).toEqual([
      { discriminantValue: 'dog', label: 'dog', shape: { type: 'id', id: 'Dog' } },
    ]);
    expect(tagged?.[0]?.properties?.map((p) => p.key)).toEqual(['id', 'name', 'secret']);
    expect(unionVariants('Either', types)?.map((v) => v.label)).toEqual(['Dog', 'string']);
    expect(unionVariants('Pet', types)).toBeUndefined();
  });
});
