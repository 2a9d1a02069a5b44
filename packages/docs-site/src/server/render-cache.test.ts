/**
 * renderedBytes weighs values by their JSON text without writing it: the same figure within a few
 * per cent (escapes aside) for strings, pages and nested page views.
 */
import { describe, expect, it } from 'vitest';
import { sharedPart } from './page-parts.js';
import { renderedBytes } from './render-cache.js';

describe('renderedBytes', () => {
  it('weighs strings and rendered pages by their own text, a shared part by its reference', () => {
    expect(renderedBytes('<p>hi</p>')).toBe(146);
    const shared = sharedPart('y'.repeat(30_000));
    expect(renderedBytes({ parts: ['x'.repeat(1000), shared, 'x'.repeat(10)], status: 200 })).toBe(
      128 + 2020 + 16 + 512,
    );
    expect(renderedBytes(undefined)).toBe(128);
  });

  it('weighs a page view as about its JSON text, skipping what JSON leaves out', () => {
    const view = {
      kind: 'endpoint',
      slug: 'rest/repos/get',
      title: 'Get a repository',
      deprecated: false,
      missing: undefined,
      count: 12345,
      nothing: null,
      description: { __html: '<p>The repository.</p>', id: 'h1' },
      parameters: Array.from({ length: 40 }, (_, i) => ({
        name: `param_${i}`,
        required: i % 2 === 0,
        type: { kind: 'primitive', name: 'string', values: ['a', 'b', `c${i}`] },
      })),
      empty: [],
      nested: { deeper: { deepest: [[1, 2], { a: 'b' }] } },
    };
    const json = 2 * JSON.stringify(view).length + 128;
    const weighed = renderedBytes(view);
    expect(weighed).toBeGreaterThan(json * 0.95);
    expect(weighed).toBeLessThan(json * 1.1);
  });

  it("weighs the API's objects page views share once, to the figure a walk gives", () => {
    const user = {
      name: 'simple-user',
      shape: {
        type: 'object',
        properties: Array.from({ length: 30 }, (_, i) => ({
          key: `p${i}`,
          valueShape: { type: 'primitive' },
        })),
      },
    };
    const page = (slug: string) => ({
      kind: 'endpoint',
      slug,
      definition: { types: { 'simple-user': user, own: { name: slug } }, endpoints: {} },
    });
    const first = page('rest/users/get');
    const second = page('rest/users/list-followers');
    // The second view reuses the first's figure for the shared type: the same as a fresh copy's walk.
    expect(renderedBytes(first)).toBe(renderedBytes(structuredClone(first)));
    expect(renderedBytes(second)).toBe(renderedBytes(structuredClone(second)));
    expect(renderedBytes(second)).toBe(
      renderedBytes(first) + 2 * ('list-followers'.length - 'get'.length) * 2,
    );
  });
});
