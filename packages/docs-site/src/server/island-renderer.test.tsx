/**
 * Kept subtrees (issue #30): a page showing property rows another page of the site version
 * rendered gets them from the render cache, byte for byte what it would render itself, with its
 * own island id prefixes (counted on in its order) and its own full view URL in the expanders.
 */
import { importDefinition, objectProperties } from '@sextant/definition';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HeaderTools } from '../components/header-tools.js';
import { defineIsland, IslandRendererProvider } from '../components/island.js';
import { PropertyRows } from '../components/type-view.js';
import { islandRenderer } from './island-renderer.js';
import { boundedRenderCache } from './render-cache.js';
import type { RenderCache } from './site.js';

const Owner = { type: 'object', properties: { name: { type: 'string' }, since: { type: 'integer' } } };
const petProperties = {
  name: { type: 'string', description: 'The **name**.', maxLength: 40 },
  owner: { $ref: '#/components/schemas/Owner' },
  friends: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
  kind: { type: 'string', enum: ['cat', 'dog'] },
};
const Pet = { type: 'object', required: ['name'], properties: petProperties };
const info = { title: 'Pets', version: '1' };
const spec = { openapi: '3.1.0', info, paths: {}, components: { schemas: { Owner, Pet } } };
const text = JSON.stringify(spec);
const { definition } = importDefinition({ entry: 'pets.json', read: () => text });
const rows = objectProperties('Pet', definition.types);

/** An island before the rows, so theirs are not the page's first. */
const Before = defineIsland('before', ({ label }: { label: string }) => (
  <button type="button">{label}</button>
));

function page(fullPageUrl: string, kept?: RenderCache): string {
  return renderToStaticMarkup(
    <IslandRendererProvider value={islandRenderer(kept)}>
      <Before label="first" />
      <PropertyRows rows={rows} ctx={{ definition, fullPageUrl }} />
      <PropertyRows rows={rows} ctx={{ definition, fullPageUrl }} seen={['Pet']} />
      <Before label="last" />
    </IslandRendererProvider>,
  );
}

/** A render cache that counts the entries set. */
function countingCache(): RenderCache & { sets: number } {
  const inner = boundedRenderCache(1 << 20);
  const cache = {
    sets: 0,
    get: inner.get,
    set: (key: string, entry: { value: unknown }, bytes: number) => {
      cache.sets += 1;
      inner.set(key, entry, bytes);
    },
    clear: inner.clear,
  };
  return cache;
}

describe('property rows kept for the site version', () => {
  it('are the HTML the page renders itself, with its island prefixes and full view URL', () => {
    const kept = countingCache();
    const first = '/_sextant/page.json?slug=pets%2Fget';
    const second = '/docs/_sextant/page.json?slug=pets%2Flist';
    expect(page(first, kept)).toBe(page(first));
    const rowsKept = kept.sets;
    // Every row once per `seen`: the second page renders none.
    expect(rowsKept).toBe(2 * rows.length);
    const fromKept = page(second, kept);
    expect(kept.sets).toBe(rowsKept);
    expect(fromKept).toBe(page(second));
    expect(fromKept).toContain('data-sx-id="sx4-"');
    expect(fromKept).toContain('pets%2Flist');
    expect(fromKept).not.toContain('pets%2Fget');
  });

  it('are rendered by the page when its full view URL would need escaping', () => {
    const kept = countingCache();
    const odd = `/a"b/_sextant/page.json?slug=pets%2Fget`;
    expect(page(odd, kept)).toBe(page(odd));
    expect(kept.sets).toBe(0);
  });
});

function chrome(islandsBefore: number, kept?: RenderCache): string {
  return renderToStaticMarkup(
    <IslandRendererProvider value={islandRenderer(kept)}>
      {Array.from({ length: islandsBefore }, (_, i) => `before ${i}`).map((label) => (
        <Before key={label} label={label} />
      ))}
      <HeaderTools searchIndexUrl="/_sextant/search-index.json" basePath="/docs" />
    </IslandRendererProvider>,
  );
}

describe('the header tools, kept by their props', () => {
  it('is rendered once per site version and holds the id prefix of the page', () => {
    const kept = countingCache();
    expect(chrome(0, kept)).toBe(chrome(0));
    expect(kept.sets).toBe(1);
    const later = chrome(3, kept);
    expect(kept.sets).toBe(1);
    expect(later).toBe(chrome(3));
    expect(later).toContain('data-sx-id="sx4-"');
  });
});
