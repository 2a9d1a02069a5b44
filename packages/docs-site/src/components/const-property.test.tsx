/**
 * An object or array `const` on the reference page: the property's type is the constant's JSON
 * (cut with … when long), not "any".
 */
import { importDefinition, objectProperties } from '@sextant/definition';
import { Window } from 'happy-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PropertyRows } from './type-view.js';

const huge = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`key${i}`, i]));

const spec = {
  openapi: '3.1.0',
  info: { title: 'Consts', version: '1' },
  paths: {},
  components: {
    schemas: {
      Config: {
        type: 'object',
        properties: {
          settings: { type: 'object', const: { mode: 'strict', max: 3 } },
          pair: { type: 'array', const: [1, 2] },
          huge: { const: huge },
        },
      },
    },
  },
};

describe('a non-scalar const on the reference page', () => {
  it('is shown as the constant JSON', () => {
    const text = JSON.stringify(spec);
    const { definition } = importDefinition({ entry: 'consts.json', read: () => text });
    const html = renderToStaticMarkup(
      <PropertyRows
        rows={objectProperties('Config', definition.types)}
        ctx={{ definition, fullPageUrl: '/_sextant/page.json?slug=x' }}
      />,
    );
    const { document } = new Window();
    const root = document.createElement('div');
    root.innerHTML = html;
    const text2 = root.textContent ?? '';
    expect(text2).toContain('{"mode":"strict","max":3}');
    expect(text2).toContain('[1,2]');
    expect(text2).toContain('{"key0":0,"key1":1,');
    expect(text2).toContain('…');
    expect(text2).not.toContain('key9999');
    expect(html.length).toBeLessThan(20_000);
  });
});
