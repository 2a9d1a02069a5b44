import { emptyApiDefinition } from '@sextant/definition';
import { Window } from 'happy-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PropertyRows, ROW_CHUNK_SIZE, type Row } from './type-view.js';

const definition = emptyApiDefinition('api', 'API');

const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    key: `field${i}`,
    valueShape: { type: 'primitive', value: { type: 'string' } },
    description: `Field **${i}**.`,
  }));

/** The lists the markup holds, each as the names of its rows. */
function lists(html: string): string[][] {
  const { document } = new Window();
  const div = document.createElement('div');
  div.innerHTML = html;
  return [...div.children].map((list) => {
    expect(list.tagName).toBe('UL');
    expect(list.className).toBe('sx-props');
    // Valid list markup: only <li> children.
    expect([...list.children].every((child) => child.tagName === 'LI')).toBe(true);
    return [...list.querySelectorAll(':scope > li .sx-prop-name')].map((name) => name.textContent ?? '');
  });
}

describe('PropertyRows', () => {
  it('renders a short list whole', () => {
    const html = renderToStaticMarkup(
      <PropertyRows rows={rows(3)} ctx={{ definition, fullPageUrl: '/_sextant/page.json?slug=x' }} />,
    );
    expect(lists(html)).toEqual([['field0', 'field1', 'field2']]);
    expect(html).toContain('<strong>1</strong>');
  });

  it(`splits a long list into consecutive lists of ${ROW_CHUNK_SIZE} rows, every row once, in order`, () => {
    const count = ROW_CHUNK_SIZE * 2 + 7;
    const html = renderToStaticMarkup(
      <PropertyRows rows={rows(count)} ctx={{ definition, fullPageUrl: '/_sextant/page.json?slug=x' }} />,
    );
    const found = lists(html);
    expect(found.map((list) => list.length)).toEqual([ROW_CHUNK_SIZE, ROW_CHUNK_SIZE, 7]);
    expect(found.flat()).toEqual(rows(count).map((row) => row.key));
  });

  it('renders an empty list as one empty list', () => {
    expect(
      lists(
        renderToStaticMarkup(
          <PropertyRows rows={[]} ctx={{ definition, fullPageUrl: '/_sextant/page.json?slug=x' }} />,
        ),
      ),
    ).toEqual([[]]);
  });
});
