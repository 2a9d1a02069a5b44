/**
 * The docs definition's schema on hostile JSON, in process: wrong types and unknown references
 * named by path, defaults filled in, `__proto__` dropped without pollution, any depth one
 * problem and never a crash, floods capped at 20 problems.
 */
import { describe, expect, it } from 'vitest';
import { checkSchema, issueLine, schemaIssues } from '../../ir/schema/issues.js';
import { defaultDocsConfig } from '../config.js';
import { DOCS_DEFINITION_VERSION, type DocsDefinition } from '../docs-definition.js';
import { docsDefinitionSchema } from './definition.js';
import { MAX_NAVIGATION_DEPTH, MAX_NAVIGATION_ITEMS } from './navigation.js';

const sound = (): DocsDefinition => ({
  docsVersion: DOCS_DEFINITION_VERSION,
  config: defaultDocsConfig('Acme'),
  navigation: [
    {
      type: 'section',
      title: 'Guides',
      slug: 'guides',
      children: [{ type: 'page', title: 'Intro', slug: 'guides/intro', pageId: 'intro' }],
    },
    { type: 'link', title: 'Status', href: 'https://status.acme.test' },
    {
      type: 'endpoint',
      title: 'List pets',
      slug: 'api/list',
      apiId: 'pets',
      endpointId: 'list',
      method: 'GET',
    },
  ],
  pages: {
    intro: { id: 'intro', title: 'Intro', slug: 'guides/intro', layout: 'guide', markdown: '# Intro' },
  },
  homeSlug: 'guides/intro',
  versions: [{ name: 'v2', slug: 'v2', default: true, homeSlug: 'guides/intro' }],
});

const lines = (value: unknown) => schemaIssues(docsDefinitionSchema, value).map(issueLine);

describe('docsDefinitionSchema', () => {
  it('accepts a sound definition as it is, and fills in the config defaults', () => {
    expect(checkSchema(docsDefinitionSchema, sound())).toEqual({ success: true, data: sound() });
    const parsed = docsDefinitionSchema.parse({ ...sound(), config: { title: 'Acme' } });
    expect(parsed.config).toEqual(defaultDocsConfig('Acme'));
  });

  it('names wrong types and unknown values by their path', () => {
    const definition = sound() as unknown as Record<string, unknown> & { pages: Record<string, object> };
    definition.homeSlug = 7;
    definition.pages.intro = { ...definition.pages.intro, layout: 'poster', markdown: null };
    definition.navigation = [
      { type: 'endpoint', title: 'x', slug: 'x', apiId: 'a', endpointId: 'e', method: 'BREW' },
    ];
    expect(lines(definition)).toEqual([
      'navigation[0].method: Invalid option: expected one of "GET"|"POST"|"PUT"|"PATCH"|"DELETE"|"HEAD"|"OPTIONS"|"TRACE"',
      'pages.intro.layout: "poster" is not one of guide, overview, reference, page, custom',
      'pages.intro.markdown: Invalid input: expected string, received null',
      'homeSlug: Invalid input: expected string, received number',
    ]);
  });

  it('names page references that resolve to nothing, in versions too, and a page under another key', () => {
    const definition = sound();
    definition.pages = { other: { ...definition.pages.intro!, id: 'intro' } };
    definition.versions = [
      ...(definition.versions ?? []),
      {
        name: 'v1',
        slug: 'v1',
        homeSlug: 'v1',
        navigation: [{ type: 'page', title: 'Old', slug: 'v1/old', pageId: 'old' }],
      },
    ];
    expect(lines(definition)).toEqual([
      'pages.other.id: page key other holds id intro',
      'navigation[0].children[0].pageId: no page has id "intro"',
      'versions[1].navigation[0].pageId: no page has id "old"',
    ]);
  });

  it('drops __proto__ keys wherever they are, polluting nothing', () => {
    const text = JSON.stringify(sound())
      .replace(
        '"pages":{',
        '"pages":{"__proto__":{"id":"x","title":"x","slug":"x","layout":"guide","markdown":""},',
      )
      .replace('"config":{', '"config":{"__proto__":{"polluted":true},');
    const checked = checkSchema(docsDefinitionSchema, JSON.parse(text));
    if (!checked.success) throw new Error(checked.issues.map(issueLine).join('; '));
    expect(Object.keys(checked.data.pages)).toEqual(['intro']);
    expect(Object.getPrototypeOf(checked.data.config)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses navigation past its depth with one problem at its path, however deep, without recursion', () => {
    for (const depth of [MAX_NAVIGATION_DEPTH + 1, 100_000]) {
      const definition = sound();
      let items: unknown[] = [];
      definition.navigation = items as never;
      for (let level = 0; level < depth; level++) {
        const children: unknown[] = [];
        items.push({ type: 'section', title: 's', slug: 's', children });
        items = children;
      }
      const problems = lines(definition);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^navigation(\[0\]\.children){33}: navigation nests deeper than 32 levels$/,
      );
    }
  });

  it('refuses a huge list with one problem, and a flood with at most 20', () => {
    const huge = sound();
    huge.navigation = Array.from({ length: MAX_NAVIGATION_ITEMS + 1 }, () => ({
      type: 'link' as const,
      title: 'x',
      href: '/',
    }));
    expect(lines(huge)).toEqual([
      `navigation: Too big: expected array to have <=${MAX_NAVIGATION_ITEMS} items`,
    ]);
    const flood = sound();
    flood.navigation = Array.from({ length: 1000 }, () => ({
      type: 'link' as const,
      title: 'x',
      href: 'javascript:x',
    }));
    const problems = lines(flood);
    expect(problems).toHaveLength(20);
    expect(problems[0]).toBe(
      'navigation[0].href: "javascript:x" must be an http(s) URL, mailto: or a site path',
    );
  });

  it('refuses the wrong docs version and anything that is not an object, naming it', () => {
    expect(lines({ ...sound(), docsVersion: 2 })).toEqual([
      'docsVersion: docsVersion is 2; this code reads 1 (publish with a matching CLI)',
    ]);
    expect(lines([])).toEqual(['Invalid input: expected object, received array']);
    expect(lines(null)).toEqual(['Invalid input: expected object, received null']);
  });
});
