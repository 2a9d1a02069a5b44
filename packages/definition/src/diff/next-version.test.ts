import { describe, expect, it } from 'vitest';
import { computeNextVersion, InvalidSemverError } from './next-version.js';
import type { DefinitionChange, DefinitionDiff } from './types.js';

function diffOf(...changes: Pick<DefinitionChange, 'category' | 'breaking'>[]): DefinitionDiff {
  return {
    previous: { id: 'a' },
    current: { id: 'a' },
    changes: changes.map((change) => ({
      ...change,
      kind: 'field-added',
      location: { area: 'type', id: 'T', pointer: '/x' },
      message: 'x',
    })),
    summary: { total: changes.length, breaking: 0, added: 0, removed: 0, changed: 0, docs: 0 },
  };
}

const breaking = diffOf({ category: 'removed', breaking: true }, { category: 'added', breaking: false });
const addition = diffOf({ category: 'added', breaking: false }, { category: 'docs', breaking: false });
const docs = diffOf({ category: 'docs', breaking: false });
const none = diffOf();

describe('computeNextVersion', () => {
  it.each([
    ['1.4.2', breaking, '2.0.0', 'MAJOR'],
    ['1.4.2', addition, '1.5.0', 'MINOR'],
    ['1.4.2', docs, '1.4.3', 'PATCH'],
    ['1.4.2', none, '1.4.3', 'PATCH'],
    ['v3.0.9', addition, '3.1.0', 'MINOR'],
    ['1.4.2+build.7', docs, '1.4.3', 'PATCH'],
  ] as const)('%s with %#: → %s (%s)', (last, diff, version, bump) => {
    expect(computeNextVersion(last, diff)).toEqual({ version, bump });
  });

  it('0.y.z: breaking bumps the minor, everything else the patch', () => {
    expect(computeNextVersion('0.3.1', breaking)).toEqual({ version: '0.4.0', bump: 'MINOR' });
    expect(computeNextVersion('0.3.1', addition)).toEqual({ version: '0.3.2', bump: 'PATCH' });
    expect(computeNextVersion('0.0.1', docs)).toEqual({ version: '0.0.2', bump: 'PATCH' });
  });

  it('a pre-release is released when the bump does not go beyond it', () => {
    expect(computeNextVersion('2.0.0-rc.1', breaking)).toEqual({ version: '2.0.0', bump: 'MAJOR' });
    expect(computeNextVersion('1.3.0-beta', addition)).toEqual({ version: '1.3.0', bump: 'MINOR' });
    expect(computeNextVersion('1.3.2-beta', addition)).toEqual({ version: '1.4.0', bump: 'MINOR' });
    expect(computeNextVersion('1.3.2-beta', docs)).toEqual({ version: '1.3.2', bump: 'PATCH' });
    expect(computeNextVersion('1.3.0-rc.1', breaking)).toEqual({ version: '2.0.0', bump: 'MAJOR' });
  });

  it.each(['', '1', '1.2', '1.2.3.4', '01.2.3', 'latest', '1.2.x', '1.2.3-', '99999999999999999999.0.0'])(
    'rejects %j with a typed error',
    (last) => {
      expect(() => computeNextVersion(last, none)).toThrow(InvalidSemverError);
      try {
        computeNextVersion(last, none);
      } catch (error) {
        expect((error as InvalidSemverError).code).toBe('InvalidSemverError');
        expect((error as InvalidSemverError).message).toContain('is not a semantic version');
      }
    },
  );
});
