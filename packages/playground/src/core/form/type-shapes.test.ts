import type { TypeDefinition, TypeReference } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { describeShape, inlineObjectProperties } from './type-shapes.js';

const string: TypeReference = { type: 'primitive', value: { type: 'string' } };
const types: Record<string, TypeDefinition> = {
  Pet: {
    id: 'Pet',
    name: 'Pet',
    shape: {
      type: 'object',
      extends: [],
      properties: [
        { key: 'id', valueShape: string, access: 'READ_ONLY' },
        { key: 'name', valueShape: { type: 'optional', shape: string } },
      ],
    },
  },
  Dog: {
    id: 'Dog',
    name: 'Dog',
    shape: { type: 'object', extends: ['Pet'], properties: [{ key: 'name', valueShape: string }] },
  },
  Tagged: {
    id: 'Tagged',
    name: 'Tagged',
    shape: {
      type: 'discriminatedUnion',
      discriminant: 'kind',
      baseProperties: [{ key: 'name', valueShape: { type: 'optional', shape: string } }],
      variants: [{ discriminantValue: 'dog', typeId: 'Dog' }],
    },
  },
};

describe('the form reads types the one way', () => {
  it('shows an allOf override once, without READ_ONLY properties', () => {
    const described = describeShape({ type: 'id', id: 'Dog' }, types).shape;
    expect(
      described.kind === 'object' && described.properties.map((p) => [p.key, p.valueShape.type]),
    ).toEqual([['name', 'primitive']]);
    expect(inlineObjectProperties({ extends: ['Dog'], properties: [] }, types).map((p) => p.key)).toEqual([
      'name',
    ]);
  });

  it("lets a union variant's property replace the shared base property", () => {
    const described = describeShape({ type: 'id', id: 'Tagged' }, types).shape;
    expect(
      described.kind === 'discriminatedUnion' && described.variants[0]?.properties.map((p) => p.key),
    ).toEqual(['name']);
  });
});
