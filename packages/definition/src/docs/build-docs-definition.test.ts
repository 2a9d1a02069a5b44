import { describe, expect, it } from 'vitest';
import type { ApiDefinition } from '../ir/definition.js';
import { buildDocsDefinition, DocsDefinitionError } from './build-docs-definition.js';
import { defaultDocsConfig } from './config.js';
import { indexNavigation } from './navigation.js';
import { SlugAllocator, slugify } from './slug.js';

function api(overrides: Partial<ApiDefinition> = {}): ApiDefinition {
  const endpoint = (id: string, title: string) => ({
    id,
    method: 'GET' as const,
    title,
    path: [{ type: 'literal' as const, value: `/${id}` }],
    pathParameters: [],
    queryParameters: [],
    requestHeaders: [],
    requests: [],
    responses: [],
    errors: [],
    examples: [],
    auth: [],
    environments: [],
  });
  return {
    irVersion: 1,
    id: 'pets',
    title: 'Pets',
    source: { format: 'openapi', version: '3.1.0' },
    endpoints: {
      list: endpoint('list', 'List pets'),
      get: endpoint('get', 'Get a pet'),
      token: { ...endpoint('token', 'Token'), synthetic: true },
    },
    websockets: {},
    webhooks: {},
    types: { Pet: { id: 'Pet', name: 'Pet', shape: { type: 'object', extends: [], properties: [] } } },
    auths: {},
    globalHeaders: [],
    rootPackage: { endpoints: ['token'], websockets: [], webhooks: [], subpackages: ['pets'] },
    subpackages: {
      pets: {
        id: 'pets',
        name: 'Pets',
        endpoints: ['list', 'get'],
        websockets: [],
        webhooks: [],
        subpackages: ['pets'],
      },
    },
    ...overrides,
  };
}

describe('slugify', () => {
  it('makes lower-case ASCII slugs', () => {
    expect(slugify('Get a Repository!')).toBe('get-a-repository');
    expect(slugify('Ünïcode  Café')).toBe('unicode-cafe');
    expect(slugify('***')).toBe('page');
  });
  it('keeps slugs unique', () => {
    const slugs = new SlugAllocator();
    expect([slugs.take('a'), slugs.take('a'), slugs.take('a')]).toEqual(['a', 'a-2', 'a-3']);
  });
});

describe('buildDocsDefinition', () => {
  it('nests pages in sections and expands API references into groups, endpoints and types', () => {
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('Acme'),
      apis: { 'api-1': api() },
      navigation: [
        {
          type: 'section',
          title: 'Guides',
          contents: [{ type: 'page', title: 'Getting Started', markdown: '# Hi' }],
        },
        { type: 'link', title: 'GitHub', href: 'https://github.com' },
        { type: 'api', title: 'API Reference', apiId: 'api-1' },
      ],
    });
    const index = indexNavigation(docs.navigation);
    expect([...index.keys()]).toEqual([
      'guides',
      'guides/getting-started',
      'api-reference',
      'api-reference/pets',
      'api-reference/pets/list-pets',
      'api-reference/pets/get-a-pet',
      'api-reference/types',
      'api-reference/types/pet',
    ]);
    expect(docs.pages['page:guides/getting-started']?.markdown).toBe('# Hi');
    expect(docs.pages['page:guides/getting-started']?.layout).toBe('guide');
    // Synthetic endpoints (an OAuth token endpoint the importer added) get no page.
    expect(JSON.stringify(docs.navigation)).not.toContain('"token"');
    // A group that lists itself as a child is not followed forever.
    expect(index.get('api-reference/pets/list-pets')?.ancestors.map((a) => a.title)).toEqual([
      'API Reference',
      'Pets',
    ]);
    expect(docs.homeSlug).toBe('guides/getting-started');
  });

  it('uses explicit slugs, "" as home, and de-duplicates clashing titles', () => {
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('Acme'),
      apis: {},
      navigation: [
        { type: 'page', title: 'Welcome', slug: '', markdown: '' },
        { type: 'page', title: 'Same', markdown: '' },
        { type: 'page', title: 'Same', markdown: '' },
      ],
    });
    expect(docs.homeSlug).toBe('');
    expect(docs.navigation.map((n) => (n.type === 'link' ? n.href : n.slug))).toEqual(['', 'same', 'same-2']);
  });

  it('rejects a navigation entry that names an unknown API', () => {
    expect(() =>
      buildDocsDefinition({
        config: defaultDocsConfig('Acme'),
        apis: {},
        navigation: [{ type: 'api', title: 'X', apiId: 'missing' }],
      }),
    ).toThrow(DocsDefinitionError);
  });

  it('leaves types out when asked', () => {
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('Acme'),
      apis: { a: api() },
      navigation: [{ type: 'api', title: 'API', apiId: 'a', showTypes: false }],
    });
    expect([...indexNavigation(docs.navigation).keys()]).not.toContain('api/types');
  });
});
