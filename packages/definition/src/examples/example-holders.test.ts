import { describe, expect, it } from 'vitest';
import { objectProperties } from '../ir/read-types.js';
import type { ObjectProperty, TypeDefinition, TypeId, TypeReference } from '../ir/types.js';
import { exampleHolders } from './example-holders.js';
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

describe('exampleHolders', () => {
  it('marks exactly the types that reach an example, through cycles, unions and optional wrappers', () => {
    const types = expandableTable(12, 7);
    types.Island = { id: 'Island', name: 'Island', shape: { type: 'object', extends: [], properties: [] } };
    const holds = exampleHolders(types, (id) => objectProperties(id, types));
    // Every T reaches T7 through the cycle; the unions that link to a T hold too; Island does not.
    for (let i = 0; i < 12; i++) expect(holds(`T${i}`)).toBe(true);
    expect(holds('T6Link1')).toBe(true);
    expect(holds('Island')).toBe(false);
    const none = expandableTable(12);
    const holdsNone = exampleHolders(none, (id) => objectProperties(id, none));
    expect(Object.keys(none).filter(holdsNone)).toEqual([]);
  });

  it('answers as a pass over the whole table would, whichever type is asked first', () => {
    // A chain into a cycle that reaches the example, a cycle beside it that does not, and a type
    // referencing both: each asked first in turn, on a fresh question each time.
    const ref = (id: string): TypeReference => ({ type: 'id', id });
    const object = (id: string, links: string[], example?: boolean): TypeDefinition => ({
      id,
      name: id,
      shape: {
        type: 'object',
        extends: [],
        properties: links.map((link, i) => ({
          key: `p${i}`,
          valueShape: { type: 'optional', shape: { type: 'list', itemShape: ref(link) } },
        })),
      },
      ...(example ? { examples: [{}] } : {}),
    });
    const types: Record<TypeId, TypeDefinition> = {
      Head: object('Head', ['A']),
      A: object('A', ['B']),
      B: object('B', ['C', 'Leaf']),
      C: object('C', ['A']),
      Leaf: object('Leaf', [], true),
      X: object('X', ['Y']),
      Y: object('Y', ['X', 'Dangling', 'constructor']),
      Both: object('Both', ['X', 'Head']),
      Alias: { id: 'Alias', name: 'Alias', shape: { type: 'alias', value: ref('X') } },
    };
    const expected = {
      Head: true,
      A: true,
      B: true,
      C: true,
      Leaf: true,
      X: false,
      Y: false,
      Both: true,
      Alias: false,
    };
    for (const first of Object.keys(types)) {
      const holds = exampleHolders(types, (id) => objectProperties(id, types));
      holds(first);
      expect(Object.fromEntries(Object.keys(types).map((id) => [id, holds(id)]))).toEqual(expected);
    }
    const holds = exampleHolders(types, (id) => objectProperties(id, types));
    // Ids the table does not define (or only its prototype does) hold nothing.
    expect([holds('Dangling'), holds('constructor'), holds('__proto__')]).toEqual([false, false, false]);
  });

  it('reads only the types reachable from the one asked about', () => {
    const types = expandableTable(40);
    types.Island = { id: 'Island', name: 'Island', shape: { type: 'object', extends: [], properties: [] } };
    const read: string[] = [];
    const holds = exampleHolders(types, (id) => {
      read.push(id);
      return objectProperties(id, types);
    });
    expect(holds('Island')).toBe(false);
    expect(read).toEqual(['Island']);
  });

  it('walks each reference once: edges equal the references in the table', () => {
    const n = 40;
    const types = expandableTable(n);
    const stats = { edges: 0 };
    let propertyReads = 0;
    const holds = exampleHolders(
      types,
      (id) => {
        propertyReads++;
        return objectProperties(id, types);
      },
      stats,
    );
    for (const id of Object.keys(types)) holds(id);
    expect(propertyReads).toBe(n);
    // Per object: 4 link properties (id is a primitive); per link union: its one id variant.
    expect(stats.edges).toBe(n * 4 + n * 4);
  });

  it('keeps a long chain off the call stack', () => {
    const n = 50_000;
    const types: Record<TypeId, TypeDefinition> = {};
    for (let i = 0; i < n; i++)
      types[`T${i}`] = {
        id: `T${i}`,
        name: `T${i}`,
        shape: { type: 'alias', value: { type: 'id', id: `T${i + 1}` } },
      };
    types[`T${n}`] = {
      id: `T${n}`,
      name: `T${n}`,
      shape: { type: 'alias', value: { type: 'unknown' } },
      examples: [1],
    };
    const holds = exampleHolders(types, (id) => objectProperties(id, types));
    expect(holds('T0')).toBe(true);
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
