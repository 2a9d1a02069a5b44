import { importDefinition, sliceDefinition } from '@sextant/definition';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Page } from '../components/page.js';
import type { PageView, SiteView } from '../shared/page-data.js';
import { shippedView } from './shipped-view.js';

const many = (prefix: string, n: number) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { type: 'string', description: `${prefix} ${i}` }]),
  );
const spec = {
  openapi: '3.1.0',
  info: { title: 'Ship', version: '1' },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' } },
      },
      // Big enough to be worth a summary; its own nested type is never on the page.
      Owner: {
        type: 'object',
        properties: { ...many('field', 40), org: { $ref: '#/components/schemas/Org' } },
      },
      Org: { type: 'object', properties: many('org', 3) },
    },
  },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    },
  },
};
const { definition: api } = importDefinition({ entry: 'spec.json', read: () => JSON.stringify(spec) });
const site: SiteView = { title: 'T', mode: 'local', proxyBaseUrl: '', searchIndexUrl: '', basePath: '' };
const definition = sliceDefinition(api, { endpointId: 'getThing' });
const page: PageView = {
  kind: 'endpoint',
  slug: 'things/get',
  title: 'Get thing',
  actions: [],
  markdownUrl: '/things/get.md',
  apiId: api.id,
  endpointId: 'getThing',
  method: 'GET',
  definition,
  snippets: [],
  examples: [],
};
const html = (view: PageView) => renderToString(<Page data={{ site, page: view }} />);

describe('shippedView', () => {
  it('keeps what the first render reads, summarises big collapsed types, drops nested ones and example values', () => {
    expect(definition.endpoints.getThing?.examples.length).toBeGreaterThan(0);
    const shipped = shippedView(page, site);
    if (shipped.kind !== 'endpoint') throw new Error('endpoint expected');
    expect(Object.keys(shipped.definition.types)).toEqual(['Thing']);
    expect(shipped.summaries).toEqual({ Owner: { name: 'Owner', count: '41 properties' } });
    expect(shipped.definition.endpoints.getThing?.examples).toEqual([]);
    // The page renders to the same HTML from the shipped view: hydration matches the server.
    expect(html(shipped)).toBe(html(page));
    expect(html(shipped).replace(/<!-- -->/g, '')).toContain('Show 41 properties');
  });
});
