/**
 * The header and footer are kept as HTML per site version (issue #30): a page shows the same
 * header and footer whether its site version rendered them first for another page or not, and
 * pages whose chrome differs (the current tab, the version selector's links, the header's id
 * prefixes) still differ.
 */
import { buildDocsDefinition, defaultDocsConfig, type ProjectNavItem } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { testRenderContext } from '../testing/render-context.js';
import { pageHtml } from './page-parts.js';
import { renderDocsPage } from './render.js';
import { createDocsSite } from './site.js';

const page = (title: string, markdown = `# ${title}\n`): ProjectNavItem => ({
  type: 'page',
  title,
  markdown,
});

const ctx = testRenderContext();

function definition(versioned = true) {
  const config = defaultDocsConfig('Docs');
  return buildDocsDefinition({
    config: {
      ...config,
      layout: { ...config.layout, tabsPlacement: 'HEADER' },
      footer: {
        groups: [{ title: 'More', links: [{ text: 'Blog', href: 'https://blog.example' }] }],
        socials: [],
      },
    },
    apis: {},
    // Two top-level sections: the header shows them as tabs. The second page's body holds
    // islands (tabs), so the header's island comes later in its page's order.
    navigation: [
      { type: 'section', title: 'Guides', slug: 'guides', contents: [page('Start'), page('Next')] },
      {
        type: 'section',
        title: 'Reference',
        slug: 'reference',
        contents: [
          page('Tabbed', '<Tabs>\n<Tab title="A">\na\n</Tab>\n<Tab title="B">\nb\n</Tab>\n</Tabs>\n'),
        ],
      },
    ],
    ...(versioned
      ? {
          versions: [
            { name: 'v2', slug: 'v2', navigation: [] },
            { name: 'v1', slug: 'v1', navigation: [page('Start')] },
          ],
        }
      : {}),
  });
}

const slugs = ['guides/start', 'guides/next', 'reference/tabbed'];
const part = (html: string, tag: 'header' | 'footer', className: string) => {
  const start = html.indexOf(`<${tag} class="${className}"`);
  return html.slice(start, html.indexOf(`</${tag}>`, start));
};

async function rendered(site: ReturnType<typeof createDocsSite>, slug: string) {
  return pageHtml(await renderDocsPage(site, slug, ctx));
}

describe('the kept header and footer', () => {
  it('are what the page renders on a site version that kept nothing', async () => {
    const kept = createDocsSite(definition(), {}, '1');
    const byPage = new Map<string, string>();
    for (const slug of [...slugs, ...slugs]) {
      const html = await rendered(kept, slug);
      const fresh = await rendered(createDocsSite(definition(), {}, '1'), slug);
      expect(html).toBe(fresh);
      byPage.set(slug, html);
    }
    const headers = slugs.map((slug) => part(byPage.get(slug) as string, 'header', 'sx-header'));
    // The current tab, the version selector's links and the island's id prefix differ.
    expect(new Set(headers).size).toBe(3);
    expect(headers[0]).toMatch(/href="\/guides" class="sx-tab-link" aria-current="true"/);
    expect(headers[2]).toMatch(/href="\/reference" class="sx-tab-link" aria-current="true"/);
    expect(headers[0]).toContain('href="/v1/start"');
    expect(headers[1]).toContain('href="/guides/next" aria-current="true"');
    const footers = slugs.map((slug) => part(byPage.get(slug) as string, 'footer', 'sx-footer'));
    expect(new Set(footers).size).toBe(1);
    expect(footers[0]).toContain('href="https://blog.example"');
  });

  it('keeps no header on a versioned site, whose selector links each page to itself', async () => {
    const keys = (versioned: boolean) => {
      const entries = new Map<string, { value: unknown }>();
      const site = createDocsSite(definition(versioned), {}, '1', {
        renderCache: () => ({
          get: (key) => entries.get(key),
          set: (key, entry) => void entries.set(key, entry),
          clear: () => entries.clear(),
        }),
      });
      return { site, headers: () => [...entries.keys()].filter((key) => key.startsWith('site-header')) };
    };
    const versioned = keys(true);
    const plain = keys(false);
    for (const slug of slugs) {
      await rendered(versioned.site, slug);
      await rendered(plain.site, slug);
    }
    expect(versioned.headers()).toEqual([]);
    // One header per current tab: the first two pages share theirs.
    expect(plain.headers()).toHaveLength(2);
  });

  it('differ by the current tab on a site without versions, else are kept alike', async () => {
    const kept = createDocsSite(definition(false), {}, '1');
    const headers: string[] = [];
    for (const slug of slugs) {
      const html = await rendered(kept, slug);
      expect(html).toBe(await rendered(createDocsSite(definition(false), {}, '1'), slug));
      headers.push(part(html, 'header', 'sx-header'));
    }
    expect(headers[0]).toBe(headers[1]);
    expect(headers[2]).toMatch(/href="\/reference" class="sx-tab-link" aria-current="true"/);
  });
});
