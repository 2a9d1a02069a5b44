/** The input walk: each problem named with its path, any depth looked at without recursion. */
import { describe, expect, it } from 'vitest';
import { inputProblem, MAX_JSON_DEPTH } from './hostile-input.js';

const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('inputProblem', () => {
  it('accepts ordinary input, emoji (surrogate pairs) included', () => {
    expect(inputProblem({ orgId: 'acme', tags: ['😀', 'é'], page: 2 }, 'body')).toBeUndefined();
    expect(inputProblem(nested(MAX_JSON_DEPTH), 'body')).toBeUndefined();
  });

  it('names NULs and lone surrogates in values and keys', () => {
    expect(inputProblem({ a: { b: 'x\u0000' } }, 'body')).toBe('body.a.b: NUL characters are not allowed');
    expect(inputProblem({ a: '\ud800' }, 'query')).toBe(
      'query.a: the text is not valid Unicode (a lone surrogate)',
    );
    expect(inputProblem({ a: 'x\udc00' }, 'body')).toMatch(/^body\.a: .*lone surrogate/);
    expect(inputProblem({ '\udfff': 1 }, 'body')).toMatch(/^body\.\udfff: .*lone surrogate/);
  });

  it('refuses nesting beyond the limit, however deep, with a short path', () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
      const problem = inputProblem(nested(depth), 'body') ?? '';
      expect(problem).toMatch(/nested deeper than 256 levels$/);
      expect(problem.length).toBeLessThan(100);
    }
  });

  it('lets stored-compressed definitions hold any text, but not any depth', () => {
    expect(inputProblem({ definition: { description: 'a\u0000\ud800' } }, 'body')).toBeUndefined();
    expect(inputProblem({ docsDefinition: nested(100_000) }, 'body')).toMatch(/nested deeper/);
    // Only at the root of a body: a field of that name elsewhere is checked like any other.
    expect(inputProblem({ other: { definition: '\u0000' } }, 'body')).toMatch(/NUL/);
  });

  it('refuses a "__proto__" key anywhere, inside stored definitions too', () => {
    expect(inputProblem(JSON.parse('{"definition":{"types":{"__proto__":{"x":1}}}}'), 'body')).toBe(
      'body.definition.types.__proto__: "__proto__" is not a key',
    );
    expect(inputProblem(JSON.parse('{"a":[{"__proto__":1}]}'), 'query')).toMatch(/^query\.a\.0\.__proto__: /);
  });
});
