import {
  DOCS_DEFINITION_VERSION,
  type DocsDefinition,
  defaultDocsConfig,
  type NavItem,
} from '@sextant/definition';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { navigationTabs, Sidebar, sidebarItems, Tabs } from './sidebar.js';

const page = (slug: string, title = slug): NavItem => ({ type: 'page', title, slug, pageId: `page:${slug}` });

function site(navigation: NavItem[]): DocsDefinition {
  return {
    docsVersion: DOCS_DEFINITION_VERSION,
    config: defaultDocsConfig('T'),
    pages: {},
    homeSlug: '',
    navigation,
  };
}

const guides: NavItem = {
  type: 'tab',
  title: 'Guides',
  slug: 'guides',
  icon: 'book',
  children: [page('guides/intro')],
};
const api: NavItem = {
  type: 'tab',
  title: 'API',
  slug: 'api',
  children: [{ type: 'section', title: 'Pets', slug: 'api/pets', children: [page('api/pets/list')] }],
};

describe('tabs', () => {
  it('are the tab entries when there are any, with the other top-level entries outside them', () => {
    const definition = site([
      page('welcome'),
      guides,
      api,
      { type: 'link', title: 'GitHub', href: 'https://github.com' },
    ]);
    expect(navigationTabs(definition)?.map((tab) => tab.slug)).toEqual(['guides', 'api']);
    // On a page of a tab: the entries outside the tabs, and the tab's tree where it stands.
    expect(
      sidebarItems(definition, 'guides/intro').map((item) => ('slug' in item ? item.slug : item.title)),
    ).toEqual(['welcome', 'guides/intro', 'GitHub']);
    // On a page outside every tab: the entries outside the tabs only.
    expect(
      sidebarItems(definition, 'welcome').map((item) => ('slug' in item ? item.slug : item.title)),
    ).toEqual(['welcome', 'GitHub']);
  });

  it('are top-level sections and API references (two or more) beside top-level pages', () => {
    const definition = site([
      page('welcome'),
      { type: 'section', title: 'Guides', slug: 'g', children: [page('g/a')] },
      { type: 'apiReference', title: 'API', slug: 'api', apiId: 'x', children: [] },
    ]);
    expect(navigationTabs(definition)?.map((tab) => tab.slug)).toEqual(['g', 'api']);
    expect(
      navigationTabs(
        site([
          page('welcome'),
          { type: 'apiReference', title: 'API', slug: 'api', apiId: 'x', children: [] },
        ]),
      ),
    ).toBeUndefined();
  });

  it('render with their icon, the current one marked, in the sidebar too', () => {
    const definition = site([page('welcome'), guides, api]);
    const html = renderToStaticMarkup(
      <Tabs tabs={navigationTabs(definition) ?? []} currentSlug="api/pets/list" basePath="/docs" />,
    );
    expect(html).toContain('href="/docs/guides"');
    expect(html).toMatch(/<a href="\/docs\/api" class="sx-tab-link" aria-current="true">/);
    expect(html).toMatch(/sx-tab-icon"><svg[^>]*aria-hidden="true"/);
    const sidebar = renderToStaticMarkup(
      <Sidebar definition={definition} currentSlug="api/pets/list" basePath="" />,
    );
    expect(sidebar).toContain('sx-tabs-nav');
    expect(sidebar).toContain('href="/api/pets/list"');
    expect(sidebar).not.toContain('href="/guides/intro"');
    expect(sidebar).toContain('href="/welcome"');
  });
});
