import { buildDocsDefinition, defaultDocsConfig, importOpenApi } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { searchDocuments } from './search-index.js';
import { createDocsSite } from './site.js';

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
