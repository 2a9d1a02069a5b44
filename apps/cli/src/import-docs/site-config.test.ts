import { describe, expect, it } from 'vitest';
import { ConversionLog, type NavDraft } from './draft.js';
import { redirectPattern, redirects, socials, themedColor } from './site-config.js';
import { assignContainerSlugs, pathSlug, versionSlug } from './slugs.js';
import { SourceTree } from './source-tree.js';

const origin = () => ({ tree: new SourceTree('.', new ConversionLog()), file: 'docs.json' });

describe('SourceTree.reportUnhandledKeys', () => {
  it('logs each key not handled, with its own reason or the default one; inherited names are no reason', () => {
    const at = origin();
    const config = JSON.parse(
      '{"name":"A","theme":"mint","fonts":{},"constructor":1,"__proto__":2,"toString":3}',
    );
    at.tree.reportUnhandledKeys('docs.json', config, new Set(['name']), {
      theme: 'themes have no equivalent',
    });
    expect(at.tree.log.items).toEqual([
      { file: 'docs.json', item: 'theme', reason: 'themes have no equivalent' },
      { file: 'docs.json', item: 'fonts', reason: 'this setting has no docs.yml equivalent' },
      { file: 'docs.json', item: 'constructor', reason: 'this setting has no docs.yml equivalent' },
      { file: 'docs.json', item: '__proto__', reason: 'this setting has no docs.yml equivalent' },
      { file: 'docs.json', item: 'toString', reason: 'this setting has no docs.yml equivalent' },
    ]);
  });
});

describe('redirects', () => {
  it.each([
    ['/old', '/old'],
    ['/docs/:slug*', '/docs/*'],
    ['/docs/:path+', '/docs/*'],
    ['/docs/*', '/docs/*'],
    ['/docs/(.*)', '/docs/*'],
    ['/users/:id/profile', undefined],
    ['/a/:id', undefined],
  ])('%s → %s', (pattern, expected) => {
    expect(redirectPattern(pattern)).toBe(expected);
  });

  it('keeps exact paths and wildcards (permanent unless said otherwise), lists the rest', () => {
    const at = origin();
    expect(
      redirects(at, 'redirects', [
        { source: '/a', destination: '/b' },
        { source: '/old/:slug*', destination: '/new/:slug*', permanent: false },
        { source: 'relative', destination: 'https://example.com/x' },
        { source: '/x/:id/y', destination: '/z' },
        { source: '/one', destination: '/two/:slug*' },
        { source: '/no-destination' },
      ]),
    ).toEqual([
      { source: '/a', destination: '/b', permanent: true },
      { source: '/old/*', destination: '/new/*', permanent: false },
      { source: '/relative', destination: 'https://example.com/x', permanent: true },
    ]);
    expect(at.tree.log.items.map((item) => item.item)).toEqual([
      'redirects[3]',
      'redirects[4]',
      'redirects[5]',
    ]);
  });
});

describe('colours and social links', () => {
  it('keeps CSS colours, single or per theme, and lists the others', () => {
    const at = origin();
    expect(themedColor(at, 'colors.primary', '#0D9373')).toBe('#0D9373');
    expect(themedColor(at, 'colors.background', { light: '#fff', dark: 'url(x)' })).toEqual({
      light: '#fff',
    });
    expect(themedColor(at, 'colors.x', 'javascript:alert(1)')).toBeUndefined();
    expect(at.tree.log.items.map((item) => item.item)).toEqual(['colors.background.dark', 'colors.x']);
  });

  it('reads socials as a map or a list, twitter as x, unsafe links left out', () => {
    const at = origin();
    expect(
      socials(at, 'footer.socials', { twitter: 'https://twitter.com/a', github: 'javascript:x' }),
    ).toEqual([{ type: 'x', href: 'https://twitter.com/a' }]);
    expect(socials(at, 'footerSocials', [{ type: 'discord', url: 'https://discord.gg/a' }])).toEqual([
      { type: 'discord', href: 'https://discord.gg/a' },
    ]);
    expect(at.tree.log.items.map((item) => item.item)).toEqual(['footer.socials.github']);
  });
});

describe('slugs', () => {
  it.each([
    ['index', ''],
    ['guides/index.mdx', 'guides'],
    ['/Guides/Quick Start.mdx', 'guides/quick-start'],
    ['api/v1.2/users', 'api/v1-2/users'],
  ])('pathSlug(%s) = %s', (path, slug) => {
    expect(pathSlug(path)).toBe(slug);
  });

  it('makes version slugs one path segment', () => {
    expect(versionSlug('v2/legacy')).toBe('v2-legacy');
    expect(versionSlug('Version 1.2')).toBe('version-1-2');
  });

  it('gives containers slugs that never take a page or changelog URL', () => {
    const nav: NavDraft[] = [
      {
        tab: 'Changelog',
        contents: [{ changelog: 'Changelog', path: 'changelog/', slug: 'changelog', entries: [] }],
      },
      { section: 'Guides', contents: [{ page: 'Guides', path: 'guides.md', slug: 'guides' }] },
      { section: 'Guides', slug: 'guides', contents: [{ api: 'API', spec: 'a.yaml' }] },
    ];
    assignContainerSlugs(nav);
    expect(nav.map((item) => ('slug' in item ? item.slug : undefined))).toEqual([
      'changelog-2',
      'guides-2',
      'guides-3',
    ]);
    expect(nav[2]).toMatchObject({ contents: [{ api: 'API', slug: 'guides-3/api' }] });
  });
});
