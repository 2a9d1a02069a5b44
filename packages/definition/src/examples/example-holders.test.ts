import { describe, expect, it } from 'vitest';
import { objectProperties } from '../ir/read-types.js';
import type { ObjectProperty, TypeDefinition, TypeId } from '../ir/types.js';
import { typesHoldingExamples } from './example-holders.js';
import { ExampleValueBuilder } from './value-builder.js';

/**
 * Stripe's shape: N objects whose optional properties are "expandable" (`anyOf: [string, $ref]`)
 * links to other objects, closing cycles everywhere. `exampleAt` gives that object's property an
 * example, so only the objects that reach it hold one.
 */
function expandableTable(n: number, exampleAt?: number): Record<TypeId, TypeDefinition> {
  const types: Record<TypeId, TypeDefinition> = {};
  for (let i = 0; i < n; i++) {
    const properties: ObjectProperty[] = [
      { key: 'id', valueShape: { type: 'primitive', value: { type: 'string' } } },
    ];
    for (const step of [1, 2, 3, 5]) {
      const target = `T${(i + step) % n}`;
      const union = `T${i}Link${step}`;
      types[union] = {
        id: union,
        name: union,
        shape: {
          type: 'undiscriminatedUnion',
          variants: [
            { shape: { type: 'primitive', value: { type: 'string' } } },
            { shape: { type: 'id', id: target } },
          ],
        },
      };
      properties.push({
        key: `link${step}`,
        valueShape: { type: 'optional', shape: { type: 'id', id: union } },
      });
    }
    if (i === exampleAt)
      properties.push({
        key: 'note',
        valueShape: { type: 'primitive', value: { type: 'string' } },
        examples: ['given'],
      });
    types[`T${i}`] = { id: `T${i}`, name: `T${i}`, shape: { type: 'object', extends: [], properties } };
  }
  return types;
}

/** The table behind a proxy that counts every type looked up. */
function counted(types: Record<TypeId, TypeDefinition>): {
  types: Record<TypeId, TypeDefinition>;
  reads: () => number;
} {
  let reads = 0;
  const proxy = new Proxy(types, {
    get(target, key, receiver) {
      if (typeof key === 'string') reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { types: proxy, reads: () => reads };
}

function buildEveryType(n: number, exampleAt?: number): number {
  const { types, reads } = counted(expandableTable(n, exampleAt));
  const builder = new ExampleValueBuilder(types);
  for (let i = 0; i < n; i++) expect(builder.build({ type: 'id', id: `T${i}` }, 'response')).toBeDefined();
  return reads();
}

describe('typesHoldingExamples', () => {
  it('marks exactly the types that reach an example, through cycles, unions and optional wrappers', () => {
    const types = expandableTable(12, 7);
    types.Island = { id: 'Island', name: 'Island', shape: { type: 'object', extends: [], properties: [] } };
    const holders = typesHoldingExamples(types, (id) => objectProperties(id, types));
    // Every T reaches T7 through the cycle; the unions that link to a T hold too; Island does not.
    for (let i = 0; i < 12; i++) expect(holders.has(`T${i}`)).toBe(true);
    expect(holders.has('T6Link1')).toBe(true);
    expect(holders.has('Island')).toBe(false);
    const none = expandableTable(12);
    expect(typesHoldingExamples(none, (id) => objectProperties(id, none)).size).toBe(0);
  });

  it('walks each reference once: edges equal the references in the table', () => {
    const n = 40;
    const types = expandableTable(n);
    const stats = { edges: 0 };
    let propertyReads = 0;
    typesHoldingExamples(
      types,
      (id) => {
        propertyReads++;
        return objectProperties(id, types);
      },
      stats,
    );
    expect(propertyReads).toBe(n);
    // Per object: 4 link properties (id is a primitive); per link union: its one id variant.
    expect(stats.edges).toBe(n * 4 + n * 4);
  });
});

describe('ExampleValueBuilder on cyclic expandable types', () => {
  // Counts type look-ups, not milliseconds: a per-property depth-first search that cannot keep
  // its answers inside cycles grows exponentially with n here (Stripe's import took ~55 s).
  it.each([undefined, 0])('looks types up linearly in their number (example at %s)', (exampleAt) => {
    // Sizes kept small so the exponential version fails in about a second instead of hanging
    // (it looked types up 3,913 times for n = 6 and 646,477 times for n = 12; this one 60 and 120).
    const small = buildEveryType(6, exampleAt);
    const large = buildEveryType(12, exampleAt);
    expect(large).toBeLessThanOrEqual(small * 2 * 1.5);
    expect(large / 12).toBeLessThan(50);
  });
});
