import { buildDocsDefinition, defaultDocsConfig, importOpenApi } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { boundedRenderCache } from './render-cache.js';
import { searchDocuments, siteSearch } from './search-index.js';
import { createDocsSite, dropRenders } from './site.js';

describe('searchDocuments', () => {
  it('indexes an operation by its whole summary, as plain text, while the sidebar shows a short label', () => {
    const summary = 'List every `plant` the store has ever sold, with owners, prices and receipts';
    const spec = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/plants': {
          get: { operationId: 'listPlants', summary, responses: { '200': { description: 'OK' } } },
        },
      },
    };
    const { definition: api } = importOpenApi({ entry: 'api.json', read: () => JSON.stringify(spec) });
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('T'),
      apis: { api },
      navigation: [{ type: 'api', title: 'API', apiId: 'api' }],
    });
    const endpoint = searchDocuments(createDocsSite(docs, { api }, 'v1')).find(
      (doc) => doc.kind === 'endpoint',
    );
    expect(endpoint?.title).toBe(
      'List every plant the store has ever sold, with owners, prices and receipts',
    );
    expect(endpoint?.slug).toBe('api/list-plants');
  });
});

describe('siteSearch', () => {
  const spec = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: Object.fromEntries(
      Array.from({ length: 40 }, (_, n) => [
        `/plants/${n}`,
        {
          get: {
            operationId: `getPlant${n}`,
            summary: `Get plant number ${n}`,
            responses: { '200': { description: 'OK' } },
          },
        },
      ]),
    ),
  };
  const { definition: api } = importOpenApi({ entry: 'api.json', read: () => JSON.stringify(spec) });
  const docs = buildDocsDefinition({
    config: defaultDocsConfig('T'),
    apis: { api },
    navigation: [{ type: 'api', title: 'API', apiId: 'api' }],
  });
  /** A site whose render cache is smaller than its index (a small `--memory` and a large API). */
  const tinySite = () => createDocsSite(docs, { api }, 'v1', { renderCache: () => boundedRenderCache(4096) });

  it('keeps an index larger than the whole render cache instead of building it for every search', () => {
    const site = tinySite();
    const first = siteSearch(site);
    expect(site.cache.get('search-index')).toBeUndefined();
    expect(siteSearch(site)).toBe(first);
    expect(first.index.search('plant number 7')[0]?.id).toBeDefined();
  });

  it('holds one such index per process: the next site that needs one takes its place, a dropped site lets go', () => {
    const a = tinySite();
    const b = tinySite();
    const ofA = siteSearch(a);
    const ofB = siteSearch(b);
    expect(siteSearch(b)).toBe(ofB);
    expect(siteSearch(a)).not.toBe(ofA);
    const again = siteSearch(a);
    dropRenders(a);
    expect(siteSearch(a)).not.toBe(again);
  });

  it('keeps an index that fits in the render cache itself', () => {
    const site = createDocsSite(docs, { api }, 'v1');
    const found = siteSearch(site);
    expect(site.cache.get('search-index')?.value).toBe(found);
    expect(siteSearch(site)).toBe(found);
  });
});
