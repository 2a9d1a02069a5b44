/**
 * renderedBytes weighs values without writing their JSON text: strings and pages by their own
 * text, page views by their JSON text's length but for their API slice's shared objects, each a
 * reference however big it is.
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
    const json = JSON.stringify(view).length + 128;
    const weighed = renderedBytes(view);
    expect(weighed).toBeGreaterThan(json * 0.95);
    expect(weighed).toBeLessThan(json * 1.1);
  });

  it("weighs the API's objects in a view's slice as references, whatever their size", () => {
    const type = (properties: number) => ({
      name: 'simple-user',
      shape: {
        type: 'object',
        properties: Array.from({ length: properties }, (_, i) => ({
          key: `p${i}`,
          valueShape: { type: 'primitive' },
        })),
      },
    });
    const page = (properties: number) => ({
      kind: 'endpoint',
      slug: 'rest/users/get',
      definition: {
        id: 'github',
        types: { 'simple-user': type(properties) },
        endpoints: { get: type(properties) },
      },
    });
    expect(renderedBytes(page(3000))).toBe(renderedBytes(page(1)));
    // The slice's own text counts; its entries cost their id and a reference.
    const withoutSlice = renderedBytes({ kind: 'endpoint', slug: 'rest/users/get' });
    expect(renderedBytes(page(1)) - withoutSlice).toBeGreaterThan('definition'.length + 'github'.length);
    expect(renderedBytes(page(1)) - withoutSlice).toBeLessThan(JSON.stringify(page(1).definition).length);
    // Only a view's own `definition` is a slice: one deeper is the view's own data.
    const nested = (properties: number) => ({
      examples: [{ definition: { types: { a: type(properties) } } }],
    });
    expect(renderedBytes(nested(3000))).toBeGreaterThan(renderedBytes(nested(1)) + 3000 * 20);
  });
});
