import { describe, expect, it } from 'vitest';
import type { TypeDefinition, TypeReference } from '../ir/types.js';
import { TypeCollector, typeClosures } from './reachable-types.js';

const ref = (id: string): TypeReference => ({ type: 'id', id });

/** An object type `id` with one property per type it references. */
function object(id: string, ...references: TypeReference[]): TypeDefinition {
  return {
    id,
    name: id,
    shape: {
      type: 'object',
      extends: [],
      properties: references.map((valueShape, i) => ({ key: `p${i}`, valueShape })),
    },
  };
}

/** Owner ⇄ Repo (a cycle), Repo → License, Fork → Repo (inside a list), Event → Fork | Owner, Lone. */
const types: Record<string, TypeDefinition> = {
  Owner: object('Owner', { type: 'optional', shape: ref('Repo') }),
  Repo: object('Repo', ref('Owner'), ref('License')),
  License: object('License'),
  Fork: object('Fork', { type: 'list', itemShape: ref('Repo') }),
  Event: {
    id: 'Event',
    name: 'Event',
    shape: { type: 'undiscriminatedUnion', variants: [{ shape: ref('Fork') }, { shape: ref('Owner') }] },
  },
  Lone: object('Lone'),
};

/** What a collector shown `ids` reaches, with or without closures. */
function reached(ids: readonly string[], closures?: ReturnType<typeof typeClosures>): string[] {
  const collector = new TypeCollector(types, closures);
  for (const id of ids) collector.typeId(id);
  return [...collector.close()].sort();
}

describe('TypeCollector with closures', () => {
  it('reaches what walking reaches, through cycles, whichever closures were found first', () => {
    const starts = [['Event'], ['Repo'], ['Owner', 'Lone'], ['Fork'], ['License'], ['Lone']];
    for (const order of [starts, [...starts].reverse()]) {
      const closures = new Map<string, readonly string[]>();
      for (const ids of order) expect([ids, reached(ids, closures)]).toEqual([ids, reached(ids)]);
      // Each type a collector was shown has its closure kept, itself included.
      expect(new Set(closures.get('Repo'))).toEqual(new Set(['Repo', 'Owner', 'License']));
      expect(new Set(closures.get('Owner'))).toEqual(new Set(['Repo', 'Owner', 'License']));
    }
  });

  it('joins a kept closure instead of walking the types again', () => {
    const closures = new Map<string, readonly string[]>([['Repo', ['Repo', 'Lone']]]);
    // Not Repo's true closure: taken as given, so nothing was walked.
    expect(reached(['Fork'], closures)).toEqual(['Fork', 'Lone', 'Repo']);
  });

  it('keeps one table of closures per type table', () => {
    expect(typeClosures(types)).toBe(typeClosures(types));
    expect(typeClosures({ ...types })).not.toBe(typeClosures(types));
  });
});
