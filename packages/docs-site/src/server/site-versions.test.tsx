import {
  buildDocsDefinition,
  defaultDocsConfig,
  type ProjectNavItem,
  versionOfSlug,
} from '@sextant/definition';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createDocsSite } from './site.js';
import { VersionBanner, VersionSelect } from './site-chrome.js';
import { versionedSite, versionLinks } from './site-versions.js';

const page = (title: string, slug?: string): ProjectNavItem => ({
  type: 'page',
  title,
  markdown: `# ${title}\n`,
  ...(slug === undefined ? {} : { slug }),
});

function versionedDefinition() {
  return buildDocsDefinition({
    config: defaultDocsConfig('Docs'),
    apis: {},
    navigation: [page('Welcome', ''), page('Quickstart'), page('New in v3')],
    versions: [
      { name: 'v3', slug: 'v3', navigation: [] },
      { name: 'v2', slug: 'v2', deprecated: true, navigation: [page('Welcome', ''), page('Quickstart')] },
      { name: 'next', slug: 'next', hidden: true, navigation: [page('Quickstart')] },
    ],
  });
}

describe('versions', () => {
  it('prefix the slugs of every version but the default', () => {
    const definition = versionedDefinition();
    expect(definition.navigation.map((item) => 'slug' in item && item.slug)).toEqual([
      '',
      'quickstart',
      'new-in-v3',
    ]);
    expect(definition.versions?.[1]?.navigation?.map((item) => 'slug' in item && item.slug)).toEqual([
      'v2',
      'v2/quickstart',
    ]);
    expect(definition.versions?.[1]?.homeSlug).toBe('v2');
    expect(definition.versions?.[2]?.homeSlug).toBe('next/quickstart');
    expect(versionOfSlug(definition, 'v2/quickstart')?.name).toBe('v2');
    expect(versionOfSlug(definition, 'quickstart')?.name).toBe('v3');
  });

  it('route /v2/… to the version, read as a site of its own; /v3/… of the default redirects', () => {
    const site = createDocsSite(versionedDefinition(), {}, '1');
    expect(site.currentVersion?.name).toBe('v3');
    const v2 = versionedSite(site, '/v2/quickstart');
    expect(v2.site.currentVersion?.name).toBe('v2');
    expect(v2).toMatchObject({ base: '/v2', rel: '/quickstart' });
    expect([...v2.site.bySlug.keys()]).toEqual(['', 'quickstart']);
    expect(v2.site.definition.homeSlug).toBe('');
    expect(Object.values(v2.site.definition.pages).map((p) => p.slug)).toEqual(['', 'quickstart']);
    expect(versionedSite(site, '/v2')).toMatchObject({ base: '/v2', rel: '/' });
    expect(versionedSite(site, '/v3/quickstart')).toMatchObject({ redirect: '/quickstart' });
    expect(versionedSite(site, '/quickstart')).toMatchObject({ site, base: '', rel: '/quickstart' });
    expect(versionedSite(site, '/v2/llms.txt').rel).toBe('/llms.txt');
  });

  it('switch to the same page where it exists, else the version home; hidden versions are not offered', () => {
    const site = createDocsSite(versionedDefinition(), {}, '1');
    expect(versionLinks(site, 'quickstart', '/docs')).toEqual([
      { name: 'v3', href: '/docs/quickstart', current: true, default: true, deprecated: false },
      { name: 'v2', href: '/docs/v2/quickstart', current: false, default: false, deprecated: true },
    ]);
    expect(versionLinks(site, 'new-in-v3', '').map((l) => l.href)).toEqual(['/new-in-v3', '/v2']);
    const v2 = versionedSite(site, '/v2/quickstart').site;
    expect(versionLinks(v2, 'quickstart', '/docs/v2').map((l) => l.href)).toEqual([
      '/docs/quickstart',
      '/docs/v2/quickstart',
    ]);
    const next = versionedSite(site, '/next').site;
    expect(versionLinks(next, 'quickstart', '/next').map((l) => l.name)).toEqual(['v3', 'v2', 'next']);
  });

  it('render a selector in the header and a banner on versions other than the default', () => {
    const site = createDocsSite(versionedDefinition(), {}, '1');
    const v2 = versionedSite(site, '/v2/quickstart').site;
    const select = renderToStaticMarkup(<VersionSelect site={v2} slug="quickstart" basePath="/v2" />);
    expect(select).toContain('<details class="sx-version-select">');
    expect(select).toContain('href="/quickstart"');
    expect(select).toMatch(/href="\/v2\/quickstart" aria-current="true"/);
    const banner = renderToStaticMarkup(<VersionBanner site={v2} slug="quickstart" basePath="/v2" />);
    expect(banner).toContain('deprecated');
    expect(banner).toContain('<a href="/quickstart">Go to v3</a>');
    expect(renderToStaticMarkup(<VersionBanner site={site} slug="quickstart" basePath="" />)).toBe('');
  });
});

/** Two products: Payments (the default, at /) and Identity (at /identity), each with a Quickstart. */
function productsDefinition() {
  return buildDocsDefinition({
    config: defaultDocsConfig('Docs'),
    apis: {},
    navigation: [page('Payments', ''), page('Quickstart')],
    versions: [
      { name: 'Payments', slug: 'payments', icon: 'credit-card', navigation: [] },
      {
        name: 'Identity',
        slug: 'identity',
        icon: 'users',
        navigation: [page('Quickstart'), page('Users')],
      },
    ],
    versionKind: 'product',
  });
}

describe('products', () => {
  it('are read like versions: own URLs, home and pages', () => {
    const definition = productsDefinition();
    expect(definition.versionKind).toBe('product');
    expect(definition.versions?.map((v) => [v.name, v.icon, v.homeSlug])).toEqual([
      ['Payments', 'credit-card', ''],
      ['Identity', 'users', 'identity/quickstart'],
    ]);
    const site = createDocsSite(definition, {}, '1');
    const identity = versionedSite(site, '/identity/users');
    expect(identity.base).toBe('/identity');
    expect(identity.site.bySlug.has('users')).toBe(true);
    expect(versionedSite(site, '/users').site.bySlug.has('users')).toBe(false);
  });

  it("switch to each product's home, never to a page of the same name", () => {
    const site = createDocsSite(productsDefinition(), {}, '1');
    const identity = versionedSite(site, '/identity/quickstart').site;
    // Both products have a Quickstart: the switcher still leads to Payments' home.
    expect(
      versionLinks(identity, 'quickstart', '/docs/identity').map((l) => [l.name, l.href, l.icon]),
    ).toEqual([
      ['Payments', '/docs', 'credit-card'],
      ['Identity', '/docs/identity/quickstart', 'users'],
    ]);
  });

  it('render a product switcher with icons, no "latest" tag and no banner', () => {
    const site = createDocsSite(productsDefinition(), {}, '1');
    const identity = versionedSite(site, '/identity/users').site;
    const switcher = renderToStaticMarkup(
      <VersionSelect site={identity} slug="users" basePath="/identity" />,
    );
    expect(switcher).toContain('<details class="sx-version-select sx-product-select">');
    expect(switcher).toContain('aria-label="Product Identity: choose another product"');
    expect(switcher).toMatch(/<a href="\/" data-product="Payments"><span class="sx-tab-icon"><svg/);
    expect(switcher).not.toContain('latest');
    expect(switcher).not.toContain('data-version');
    expect(renderToStaticMarkup(<VersionBanner site={identity} slug="users" basePath="/identity" />)).toBe(
      '',
    );
  });
});
