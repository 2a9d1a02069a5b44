import {
  DOCS_DEFINITION_VERSION,
  type DocsDefinition,
  defaultDocsConfig,
  type NavItem,
} from '@sextant/definition';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageHtml } from './page-parts.js';
import {
  NAV_CHUNK_SIZE,
  NAV_LIST_MAX,
  NAV_WINDOW,
  navChunks,
  Sidebar,
  SidebarNav,
  sidebarParts,
} from './sidebar.js';
import { SIDEBAR_PART_CHARS, type SidebarCache, type SidebarTemplate } from './sidebar-template.js';

function endpoints(count: number, group = 'big'): NavItem[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'endpoint' as const,
    title: `Operation ${i}`,
    slug: `api/${group}/op-${i}`,
    apiId: 'api',
    endpointId: `op${i}`,
    method: i % 2 ? ('POST' as const) : ('GET' as const),
  }));
}

function definition(groupSize: number): DocsDefinition {
  return {
    docsVersion: DOCS_DEFINITION_VERSION,
    config: defaultDocsConfig('Docs'),
    pages: {},
    homeSlug: 'api',
    navigation: [
      {
        type: 'apiReference',
        title: 'API',
        slug: 'api',
        apiId: 'api',
        children: [
          {
            type: 'group',
            title: 'big',
            slug: 'api/big',
            apiId: 'api',
            subpackageId: 'big',
            children: endpoints(groupSize),
          },
          {
            type: 'group',
            title: 'other',
            slug: 'api/other',
            apiId: 'api',
            subpackageId: 'other',
            children: endpoints(3, 'other'),
          },
        ],
      },
    ],
  };
}

const render = (groupSize: number, currentSlug: string) =>
  renderToStaticMarkup(<Sidebar definition={definition(groupSize)} currentSlug={currentSlug} basePath="" />);

describe('navChunks', () => {
  it('keeps a list of up to two chunks whole', () => {
    expect(navChunks(Array.from({ length: NAV_CHUNK_SIZE * 2 }, (_, i) => i))).toHaveLength(1);
    expect(navChunks([])).toEqual([[]]);
  });

  it('splits a longer list into runs of NAV_CHUNK_SIZE, in order, losing nothing', () => {
    const items = Array.from({ length: 201 }, (_, i) => i);
    const chunks = navChunks(items);
    expect(chunks.map((c) => c.length)).toEqual([25, 25, 25, 25, 25, 25, 25, 25, 1]);
    expect(chunks.flat()).toEqual(items);
  });
});

describe('Sidebar', () => {
  it('renders a 200-endpoint group as deferred chunks with every link once, in order', () => {
    const html = render(200, 'api/big/op-130');
    const lists = html.match(/<ul class="[^"]*">/g) ?? [];
    // The API's list, the group's 8 chunks, and the collapsed "other" group shows no list.
    expect(lists.filter((l) => l.includes('sx-nav-chunk'))).toHaveLength(7);
    expect(lists).toHaveLength(1 + 1 + 8);
    const links = [...html.matchAll(/href="\/api\/big\/op-(\d+)"/g)].map((m) => Number(m[1]));
    expect(links).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(html).toMatch(/href="\/api\/big\/op-130" aria-current="page"/);
    // Every chunk is a list of list items only (valid markup, no wrapper between ul and li).
    expect(html).not.toMatch(/<ul[^>]*>(?!<li)/);
  });

  it("keeps the runs without the current page for the site version's other pages, marking each page's own link", () => {
    const shared = definition(200);
    const at = (slug: string, basePath = '') =>
      renderToStaticMarkup(<Sidebar definition={shared} currentSlug={slug} basePath={basePath} />);
    const first = at('api/big/op-130');
    for (const slug of ['api/big/op-10', 'api/big/op-131', 'api/other/op-1', 'api/big/op-199']) {
      const html = at(slug);
      expect(html.match(/aria-current="page"/g), slug).toHaveLength(1);
      expect(html, slug).toContain(`href="/${slug}" aria-current="page"`);
    }
    expect(at('api/big/op-130')).toBe(first);
    // Kept by base path too: another base path's links carry it.
    const based = at('api/big/op-10', '/docs');
    expect([...based.matchAll(/href="\/docs\/api\/big\/op-\d+"/g)]).toHaveLength(200);
    expect(based).toContain('href="/docs/api/big/op-10" aria-current="page"');
  });

  it('keeps a short group as one list', () => {
    const html = render(12, 'api/big/op-3');
    expect(html).not.toContain('sx-nav-chunk');
    expect([...html.matchAll(/href="\/api\/big\/op-\d+"/g)]).toHaveLength(12);
  });

  it('carries the method as data-method and the collapsed group as a link to its overview', () => {
    const html = render(3, 'api/big/op-0');
    expect(html).toContain('data-method="GET"');
    expect(html).toContain('data-method="POST"');
    expect(html).toMatch(/<li class="sx-nav-group" data-expanded="false"><a [^>]*href="\/api\/other"/);
  });

  it("writes hostile titles as text, code spans as code, and blocks a config link's script URL", () => {
    const nav = definition(3);
    const group = (nav.navigation[0] as Extract<NavItem, { children: NavItem[] }>).children[0] as Extract<
      NavItem,
      { children: NavItem[] }
    >;
    Object.assign(group.children[0] as NavItem, { title: `<img src=x onerror="alert('t')"> & \`<code>\`` });
    group.children.push(
      { type: 'link', title: '<b>Out</b>', href: 'javascript:alert(1)' },
      { type: 'link', title: 'Status', href: 'https://status.example.com/?a=1&b="2"' },
    );
    const html = renderToStaticMarkup(
      <Sidebar definition={nav} currentSlug="api/big/op-0" basePath="/docs" />,
    );
    expect(html).toContain(
      'aria-current="page" data-method="GET">&lt;img src=x onerror=&quot;alert(&#x27;t&#x27;)&quot;&gt; &amp; <code>&lt;code&gt;</code></a>',
    );
    expect(html).not.toContain('javascript:alert');
    expect(html).toContain('React has blocked a javascript: URL');
    expect(html).toContain('&lt;b&gt;Out&lt;/b&gt; </a>');
    expect(html).toContain(
      '<a class="sx-nav-link" href="https://status.example.com/?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer">Status <span aria-hidden="true">↗</span></a>',
    );
    expect(() =>
      renderToStaticMarkup(<Sidebar definition={nav} currentSlug="api/big/op-0" basePath="javascript:" />),
    ).toThrow(/not a path/);
  });
});

describe('very long groups', () => {
  it('shows a window around the current page and a link to the whole group, so the HTML stays flat', () => {
    const big = definition(5_000);
    const html = renderToStaticMarkup(<Sidebar definition={big} currentSlug="api/big/op-4000" basePath="" />);
    const links = html.match(/data-method=/g)?.length ?? 0;
    expect(links).toBe(NAV_WINDOW);
    expect(html).toContain('href="/api/big/op-4000"');
    expect(html).toContain('href="/api/big">All 5000 in this group');
    expect(html.length).toBeLessThan(40_000);
    const atEnd = renderToStaticMarkup(
      <Sidebar definition={big} currentSlug="api/big/op-4999" basePath="" />,
    );
    expect(atEnd).toContain('href="/api/big/op-4999"');
    expect(atEnd.match(/data-method=/g)?.length).toBe(NAV_WINDOW);
  });
  it('keeps a group of NAV_LIST_MAX links whole', () => {
    const html = renderToStaticMarkup(
      <Sidebar definition={definition(NAV_LIST_MAX)} currentSlug="api/big/op-0" basePath="" />,
    );
    expect(html.match(/data-method=/g)?.length).toBe(NAV_LIST_MAX);
    expect(html).not.toContain('in this group');
  });
});

describe('sidebars kept per group', () => {
  /**
   * A navigation with what the kept sidebar must not be used for: custom slugs, a slug twice, a
   * page's URL twice, nesting, windows.
   */
  function awkward(): DocsDefinition {
    const base = definition(60);
    const api = base.navigation[0] as Extract<NavItem, { children: NavItem[] }>;
    const odd: NavItem[] = [
      {
        type: 'endpoint',
        title: 'Elsewhere',
        slug: 'elsewhere/op',
        apiId: 'api',
        endpointId: 'e1',
        method: 'GET',
      },
      {
        type: 'endpoint',
        title: 'Deep',
        slug: 'api/odd/deep/op',
        apiId: 'api',
        endpointId: 'e2',
        method: 'PUT',
      },
      {
        type: 'endpoint',
        title: 'Twice',
        slug: 'api/odd/twice',
        apiId: 'api',
        endpointId: 'e3',
        method: 'GET',
      },
      {
        type: 'endpoint',
        title: 'Twice again',
        slug: 'api/odd/twice',
        apiId: 'api',
        endpointId: 'e4',
        method: 'GET',
      },
      {
        type: 'endpoint',
        title: 'Hidden',
        slug: 'api/odd/hidden',
        apiId: 'api',
        endpointId: 'e5',
        method: 'GET',
        hidden: true,
      },
      {
        type: 'endpoint',
        title: 'Plain',
        slug: 'api/odd/plain',
        apiId: 'api',
        endpointId: 'e6',
        method: 'DELETE',
      },
      {
        type: 'group',
        title: 'nested',
        slug: 'api/odd/nested',
        apiId: 'api',
        subpackageId: 'nested',
        children: endpoints(4, 'odd/nested'),
      },
      { type: 'link', title: 'Out', href: 'https://example.com' },
      // A config link to a page of a kept group: that page's link is no longer the only one.
      { type: 'link', title: 'Same page', href: '/api/big/op-1' },
    ];
    api.children.push(
      { type: 'group', title: 'odd', slug: 'api/odd', apiId: 'api', subpackageId: 'odd', children: odd },
      {
        type: 'group',
        title: 'huge',
        slug: 'api/huge',
        apiId: 'api',
        subpackageId: 'huge',
        children: endpoints(NAV_LIST_MAX + 50, 'huge'),
      },
    );
    return base;
  }

  it("gives every page the sidebar it renders whole, the group's kept HTML shared by its pages", () => {
    const nav = awkward();
    const slugs: string[] = [];
    const walk = (items: NavItem[]) => {
      for (const item of items) {
        if (item.type !== 'link') slugs.push(item.slug);
        if ('children' in item) walk(item.children);
      }
    };
    walk(nav.navigation);
    slugs.push('api/big/op-3/extra', 'api/odd', 'nowhere', 'api/big/', '');
    const kept = new Map<string, SidebarTemplate>();
    let hits = 0;
    const cache: SidebarCache = {
      get: (key) => {
        const template = kept.get(key);
        if (template !== undefined) hits++;
        return template;
      },
      set: (key, template) => kept.set(key, template),
    };
    for (const basePath of ['', '/docs'])
      for (const slug of slugs) {
        const whole = renderToStaticMarkup(
          <Sidebar definition={nav} currentSlug={slug} basePath={basePath} />,
        );
        const shared = renderToStaticMarkup(
          <Sidebar definition={nav} currentSlug={slug} basePath={basePath} cache={cache} />,
        );
        expect(shared, `${basePath} ${slug}`).toBe(whole);
      }
    // The plain groups' pages (big, other, odd's plain one, nested's) and the huge one's share one
    // sidebar a group and base path.
    expect([...kept.keys()].sort()).toEqual(
      ['api/big', 'api/huge', 'api/odd', 'api/odd/nested', 'api/other']
        .flatMap((group) => [`sidebar::${group}`, `sidebar:/docs:${group}`])
        .sort(),
    );
    expect(hits).toBeGreaterThan(2 * 60);
  });
});

describe('sidebarParts', () => {
  it("shares the group's chunks between its pages: each page owns only the chunk with its link", () => {
    const nav = definition(200);
    const kept = new Map<string, SidebarTemplate>();
    const cache: SidebarCache = {
      get: (key) => kept.get(key),
      set: (key, template) => kept.set(key, template),
    };
    const pages = ['api/big/op-0', 'api/big/op-100', 'api/big/op-199'].map((slug) => ({
      slug,
      parts: sidebarParts(nav, slug, '', cache),
    }));
    const template = [...kept.values()][0] as SidebarTemplate;
    expect(template.chunks.length).toBeGreaterThan(3);
    for (const { slug, parts } of pages) {
      expect(renderToStaticMarkup(<SidebarNav html={pageHtml({ parts })} />), slug).toBe(render(200, slug));
      const own = parts.filter((part) => typeof part === 'string');
      expect(own, slug).toHaveLength(1);
      expect((own[0] as string).length, slug).toBeLessThan(2 * SIDEBAR_PART_CHARS);
      // Every other part is one of the group's chunks, the same object on every page.
      for (const part of parts) if (typeof part !== 'string') expect(template.chunks).toContain(part);
    }
  });

  it('shares the sidebar around a group cut to a window: each page owns only the chunks of that group', () => {
    const nav = definition(NAV_LIST_MAX + 50);
    const api = nav.navigation[0] as Extract<NavItem, { children: NavItem[] }>;
    const [huge, other] = api.children as [NavItem, NavItem];
    const filler = (at: string) =>
      Array.from({ length: 40 }, (_, i) => ({
        type: 'group' as const,
        title: `${at} ${i}`,
        slug: `api/${at}-${i}`,
        apiId: 'api',
        subpackageId: `${at}-${i}`,
        children: endpoints(2, `${at}-${i}`),
      }));
    api.children = [...filler('before'), huge, other, ...filler('after')];
    const kept = new Map<string, SidebarTemplate>();
    const cache: SidebarCache = {
      get: (key) => kept.get(key),
      set: (key, template) => kept.set(key, template),
    };
    for (const slug of ['api/big/op-0', 'api/big/op-120', 'api/big/op-249']) {
      const parts = sidebarParts(nav, slug, '', cache);
      const whole = renderToStaticMarkup(<Sidebar definition={nav} currentSlug={slug} basePath="" />);
      expect(renderToStaticMarkup(<SidebarNav html={pageHtml({ parts })} />), slug).toBe(whole);
      const template = kept.get('sidebar::api/big') as SidebarTemplate;
      const own = parts.filter((part) => typeof part === 'string');
      expect(own, slug).toHaveLength(1);
      // The groups before and after the window are the kept chunks, the same objects on every page.
      expect(parts[0], slug).toBe(template.chunks[0]);
      expect(parts.at(-1), slug).toBe(template.chunks.at(-1));
    }
  });
});
