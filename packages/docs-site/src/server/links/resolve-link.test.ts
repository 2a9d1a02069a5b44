import { buildDocsDefinition, defaultDocsConfig, type ProjectNavItem } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { githubSlug, headingAnchors } from './heading-anchors.js';
import { LinkIndex, resolveLink } from './resolve-link.js';

const page = (title: string, path: string, markdown = 'Text.'): ProjectNavItem => ({
  type: 'page',
  title,
  markdown,
  sourcePath: path,
});

function site() {
  const config = defaultDocsConfig('Acme');
  config.redirects = [{ source: '/old/*', destination: '/guides/*', permanent: true }];
  const definition = buildDocsDefinition({
    config,
    apis: {},
    navigation: [
      page('Welcome', 'pages/welcome.md'),
      {
        type: 'section',
        title: 'Guides',
        contents: [page('Auth', 'pages/guides/auth.md'), page('Pagination', 'pages/guides/pagination.mdx')],
      },
    ],
  });
  const toc = {
    'pages/guides/auth.md': [
      { id: 'h-token-refresh', text: 'Token refresh', depth: 2 },
      { id: 'h-example', text: 'Example', depth: 3 },
      { id: 'h-example-2', text: 'Example', depth: 3 },
    ],
    'pages/welcome.md': [{ id: 'h-setup', text: 'Set up!', depth: 2 }],
  } as Record<string, { id: string; text: string; depth: number }[]>;
  return new LinkIndex(definition, (p) => headingAnchors(toc[p.sourcePath ?? ''] ?? [], ['custom-anchor']));
}

const welcome = { slug: 'welcome', sourcePath: 'pages/welcome.md' };
const auth = { slug: 'guides/auth', sourcePath: 'pages/guides/auth.md' };

describe('resolveLink', () => {
  const index = site();

  it('turns links to page files, relative to the page, into the pages’ URLs', () => {
    expect(resolveLink(index, welcome, 'guides/auth.md')).toEqual({ href: '/guides/auth' });
    expect(resolveLink(index, welcome, './guides/pagination.mdx')).toEqual({ href: '/guides/pagination' });
    expect(resolveLink(index, auth, 'pagination.mdx')).toEqual({ href: '/guides/pagination' });
    expect(resolveLink(index, auth, '../welcome.md')).toEqual({ href: '/welcome' });
    expect(resolveLink(index, auth, '../welcome.md?tab=1')).toEqual({ href: '/welcome?tab=1' });
    // Without the extension, and under a base path.
    expect(resolveLink(index, welcome, 'guides/auth', '/docs')).toEqual({ href: '/docs/guides/auth' });
  });

  it('maps anchors to the renderer’s heading ids, however the author spells them', () => {
    expect(resolveLink(index, welcome, 'guides/auth.md#token-refresh')).toEqual({
      href: '/guides/auth#h-token-refresh',
    });
    expect(resolveLink(index, welcome, 'guides/auth.md#h-token-refresh').href).toBe(
      '/guides/auth#h-token-refresh',
    );
    // GitHub numbers the second "Example" -1; the renderer -2.
    expect(resolveLink(index, welcome, 'guides/auth.md#example-1').href).toBe('/guides/auth#h-example-2');
    expect(resolveLink(index, welcome, 'guides/auth.md#custom-anchor').href).toBe(
      '/guides/auth#user-content-custom-anchor',
    );
    expect(resolveLink(index, auth, '../welcome.md#set-up')).toEqual({ href: '/welcome#h-setup' });
    expect(resolveLink(index, auth, '#token-refresh')).toEqual({ href: '#h-token-refresh' });
  });

  it('checks site-relative links against the site’s slugs and the paths it serves', () => {
    expect(resolveLink(index, welcome, '/guides/auth#token-refresh')).toEqual({
      href: '/guides/auth#h-token-refresh',
    });
    expect(resolveLink(index, welcome, '/guides/auth', '/docs')).toEqual({ href: '/docs/guides/auth' });
    expect(resolveLink(index, welcome, '/docs/guides/auth', '/docs')).toEqual({ href: '/docs/guides/auth' });
    expect(resolveLink(index, welcome, '/')).toEqual({ href: '/' });
    for (const served of [
      '/guides/auth.md',
      '/llms.txt',
      '/sitemap.xml',
      '/old/anything',
      '/_sextant/files/a.png',
    ])
      expect(resolveLink(index, welcome, served).problem, served).toBeUndefined();
    expect(resolveLink(index, welcome, '/guides/missing').problem).toBe(
      '"/guides/missing" is not a page of this site (no page has the slug "guides/missing")',
    );
  });

  it('leaves external links and other files alone', () => {
    for (const url of [
      'https://x.test/a.md',
      'mailto:a@b.c',
      '//cdn.test/x',
      'files/openapi.yaml',
      'img.png',
      '',
    ])
      expect(resolveLink(index, welcome, url), url).toEqual({});
  });

  it('says what is missing: the page file, the page, the heading', () => {
    expect(resolveLink(index, welcome, 'guides/missing.md').problem).toBe(
      '"guides/missing.md": no page of this site comes from pages/guides/missing.md (docs.yml\'s navigation lists no such file)',
    );
    expect(resolveLink(index, welcome, '../../x.md').problem).toBe(
      '"../../x.md" leads outside the project folder',
    );
    expect(resolveLink(index, welcome, 'guides/auth.md#nope')).toEqual({
      href: '/guides/auth#nope',
      problem: '"guides/auth.md#nope": pages/guides/auth.md has no heading "#nope"',
    });
    expect(resolveLink(index, auth, '#nope').problem).toBe('"#nope": this page has no heading "#nope"');
    expect(resolveLink(index, welcome, 'nowhere').problem).toBe(
      '"nowhere" is neither a page file of the project nor the address of a page of this site',
    );
  });
});

describe('heading anchors', () => {
  it('spells headings as GitHub does', () => {
    expect(githubSlug('Step 1: Install the CLI')).toBe('step-1-install-the-cli');
    expect(githubSlug('Ünïcode & `code`')).toBe('ünïcode--code');
  });
});
