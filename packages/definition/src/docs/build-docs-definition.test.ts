import { describe, expect, it } from 'vitest';
import type { ApiDefinition } from '../ir/definition.js';
import { buildDocsDefinition, DocsDefinitionError, TYPE_GROUP_MAX } from './build-docs-definition.js';
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

describe('navigation of large APIs', () => {
  it('groups more than TYPE_LIST_MAX types by letter, no group above TYPE_GROUP_MAX, slugs unchanged', () => {
    const types: ApiDefinition['types'] = {};
    for (let i = 0; i < 400; i++) {
      const name = `${i < 250 ? 'S' : String.fromCharCode(65 + (i % 26))}type${i}`;
      types[name] = { id: name, name, shape: { type: 'object', extends: [], properties: [] } };
    }
    types['9lives'] = {
      id: '9lives',
      name: '9lives',
      shape: { type: 'object', extends: [], properties: [] },
    };
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('Big'),
      apis: { big: api({ types }) },
      navigation: [{ type: 'api', title: 'API', apiId: 'big' }],
    });
    const reference = docs.navigation[0];
    const section = reference && 'children' in reference ? reference.children.at(-1) : undefined;
    if (section?.type !== 'section') throw new Error('no Types section');
    expect(section.children.length).toBeGreaterThan(3);
    const titles = section.children.map((group) => group.title);
    expect(titles).toContain('S (1 of 3)');
    expect(titles.at(-1)).toBe('#');
    let count = 0;
    for (const group of section.children) {
      if (group.type !== 'section') throw new Error('a type outside a group');
      expect(group.children.length).toBeLessThanOrEqual(TYPE_GROUP_MAX);
      count += group.children.length;
    }
    expect(count).toBe(401);
    expect(indexNavigation(docs.navigation).get('api/types/stype3')?.item.type).toBe('type');
  });
  it('lists untagged endpoints in a last group and labels long summaries short', () => {
    const long = 'List every pet the store has ever sold, with owners, prices and receipts';
    const base = api();
    const docs = buildDocsDefinition({
      config: defaultDocsConfig('Pets'),
      apis: {
        pets: api({
          endpoints: {
            ...base.endpoints,
            list: {
              ...(base.endpoints.list as ApiDefinition['endpoints'][string]),
              title: long,
              operationId: 'listPets',
            },
            loose: {
              ...(base.endpoints.get as ApiDefinition['endpoints'][string]),
              id: 'loose',
              title: 'Ping',
            },
          },
          rootPackage: { endpoints: ['token', 'loose'], websockets: [], webhooks: [], subpackages: ['pets'] },
        }),
      },
      navigation: [{ type: 'api', title: 'API', apiId: 'pets', showTypes: false }],
    });
    const reference = docs.navigation[0];
    const children = reference && 'children' in reference ? reference.children : [];
    expect(children.map((c) => c.title)).toEqual(['Pets', 'Other']);
    const pets = children[0];
    expect(pets && 'children' in pets ? pets.children.map((c) => c.title) : []).toEqual([
      'List pets',
      'Get a pet',
    ]);
    const other = children[1];
    expect(other && 'children' in other ? other.children.map((c) => c.title) : []).toEqual(['Ping']);
  });
});
