import { dirname, join } from 'node:path';
import { writeTempFolder } from '@sextant/docs-project/testing';
import { describe, expect, it } from 'vitest';
import type { NavDraft } from './draft.js';
import { importMintlify } from './mintlify.js';

const FIXTURE = join(import.meta.dirname, 'fixtures/mintlify-site/docs.json');

const site = (files: Record<string, string>) => writeTempFolder(files, 'sextant-mintlify-');

/** The navigation as `kind: title` lines, nested by two spaces, slugs in brackets. */
function outline(nav: NavDraft[], depth = 0): string[] {
  return nav.flatMap((item) => {
    const pad = '  '.repeat(depth);
    if ('page' in item) return [`${pad}page: ${item.page} [${item.slug}]${item.hidden ? ' hidden' : ''}`];
    if ('link' in item) return [`${pad}link: ${item.link} → ${item.href}`];
    if ('api' in item) return [`${pad}api: ${item.api} (${item.spec ?? item.url}) [${item.slug}]`];
    if ('changelog' in item) return [`${pad}changelog: ${item.changelog} [${item.slug}]`];
    const title = 'tab' in item ? `tab: ${item.tab}` : `section: ${item.section}`;
    return [`${pad}${title} [${item.slug}]`, ...outline(item.contents, depth + 1)];
  });
}

describe('importMintlify: a docs.json site', () => {
  const project = importMintlify(FIXTURE);

  it('maps versions, tabs, groups and pages, pages keeping their URLs', () => {
    expect(project.draft.versions?.map((v) => [v.name, v.slug])).toEqual([
      ['v2', 'v2'],
      ['v1', 'v1'],
    ]);
    expect(outline(project.draft.versions?.[0]?.navigation ?? [])).toEqual([
      'tab: Guides [guides]',
      '  section: Get started [guides/get-started]',
      '    page: Introduction []',
      '    page: Quickstart [quickstart]',
      '    section: Concepts [guides/get-started/concepts]',
      '      page: Projects [concepts/projects]',
      '      page: API keys [concepts/api-keys]',
      '  section: Writing [guides/writing]',
      '    page: Writing with components [guides/components]',
      'tab: API reference [api-reference]',
      '  section: Overview [api-reference/overview]',
      '    page: Introduction [api-reference/introduction]',
      '  api: Pets (api-reference/openapi.json) [api-reference/pets]',
      'tab: Changelog [changelog-2]',
      '  page: Changelog [changelog]',
    ]);
    // v1's pages live in v1/: the folder is the version's slug, so /v1/quickstart stays.
    expect(outline(project.draft.versions?.[1]?.navigation ?? [])).toEqual([
      'tab: Guides [guides]',
      '  section: Get started [guides/get-started]',
      '    page: Introduction (v1) []',
      '    page: Quickstart (v1) [quickstart]',
      'tab: API reference [api-reference]',
      '  api: API reference (v1/openapi.yaml) [api-reference/api-reference]',
    ]);
    expect(project.draft.navigation).toEqual([]);
  });

  it('turns "GET /path" entries and endpoint pages into one api entry per spec, and redirects the endpoint page', () => {
    expect(project.notConverted).toContainEqual({
      file: 'docs.json',
      item: 'navigation.versions[0].tabs[1].groups[1].pages[0]',
      reason: expect.stringMatching(
        /operations of api-reference\/openapi\.json .* one API reference, "Pets"/,
      ),
    });
    expect(project.notConverted).toContainEqual({
      file: 'api-reference/endpoint/get-pet.mdx',
      reason: expect.stringMatching(/openapi: GET \/pets\/\{petId\}.*"Pets"/),
    });
    expect(project.draft.redirects).toContainEqual({
      source: '/api-reference/endpoint/get-pet',
      destination: '/api-reference/pets',
      permanent: true,
    });
  });

  it('maps colours, logo, favicon, theme, navbar, footer and banner', () => {
    const { draft } = project;
    expect(draft.title).toBe('Acme');
    expect(draft.colors).toEqual({ accentPrimary: { light: '#0D9373', dark: '#07C983' } });
    expect(draft.logo).toEqual({ light: 'logo/light.svg', dark: 'logo/dark.svg', href: 'https://acme.test' });
    expect(draft.favicon).toBe('favicon.svg');
    expect(draft.theme).toBe('light');
    expect(draft.metadata).toEqual({ description: 'Build on the Acme pet platform.', twitterSite: '@acme' });
    expect(draft.navbar).toEqual([
      { text: 'Support', href: 'mailto:support@acme.test', type: 'secondary' },
      { text: 'Dashboard', href: 'https://dashboard.acme.test', type: 'primary' },
      { text: 'Status', href: 'https://status.acme.test', type: 'secondary' },
    ]);
    expect(draft.footer).toEqual({
      groups: [
        {
          title: 'Company',
          links: [
            { text: 'About', href: 'https://acme.test/about' },
            { text: 'Blog', href: 'https://acme.test/blog' },
          ],
        },
      ],
      socials: [
        { type: 'x', href: 'https://x.com/acme' },
        { type: 'github', href: 'https://github.com/acme' },
      ],
    });
    expect(draft.announcement).toEqual({ message: 'Acme v2 is here: see the [changelog](/changelog).' });
  });

  it('converts exact and /:slug* redirects, and lists one with a parameter inside', () => {
    expect(project.draft.redirects?.slice(0, 2)).toEqual([
      { source: '/old-quickstart', destination: '/quickstart', permanent: true },
      { source: '/docs/*', destination: '/*', permanent: true },
    ]);
    expect(project.notConverted).toContainEqual({
      file: 'docs.json',
      item: 'redirects[2]',
      reason: expect.stringContaining('"/pets/:id/photos"'),
    });
  });

  it('lists settings without an equivalent, each with its file and reason', () => {
    const items = project.notConverted.filter((n) => n.file === 'docs.json').map((n) => n.item);
    expect(items).toEqual(
      expect.arrayContaining([
        'theme',
        'integrations',
        'contextual',
        'colors.dark',
        'api.playground',
        'seo.metatags.og:locale',
      ]),
    );
  });

  it('copies pages, the images they use and the specs; inlines the snippet', () => {
    const paths = project.files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'index.mdx',
        'quickstart.mdx',
        'images/dashboard.png',
        'images/keys.png',
        'api-reference/openapi.json',
        'v1/openapi.yaml',
        'logo/light.svg',
        'favicon.svg',
      ]),
    );
    expect(paths).not.toContain('snippets/support.mdx');
    expect(paths).not.toContain('api-reference/endpoint/get-pet.mdx');
    const quickstart = project.files.find((f) => f.path === 'quickstart.mdx');
    const text = quickstart && 'text' in quickstart ? quickstart.text : '';
    expect(text).not.toMatch(/^import /m);
    expect(text).toContain('Stuck? Write to');
    expect(text).toContain('![The keys page](images/keys.png)');
    // Inline code is left as written, and not reported as a missing image.
    expect(text).toContain('`![x](/images/not-copied.png)`');
    expect(project.notConverted.some((n) => n.item === '/images/not-copied.png')).toBe(false);
  });
});

describe('importMintlify: the older mint.json', () => {
  it('maps groups to the tabs whose url holds their pages, versions, topbar links and openapi', async () => {
    const dir = await site({
      'mint.json': JSON.stringify({
        name: 'Plants',
        logo: { light: '/logo.svg', dark: '/logo.svg' },
        favicon: '/logo.svg',
        colors: { primary: '#16A34A', light: '#4ADE80', dark: '#15803D', background: { dark: '#0a0a0a' } },
        modeToggle: { default: 'dark' },
        topbarLinks: [{ name: 'Support', url: 'mailto:help@plants.test' }],
        topbarCtaButton: { type: 'github', url: 'https://github.com/plants/api' },
        tabs: [{ name: 'API Reference', url: 'api-reference' }],
        anchors: [{ name: 'Community', icon: 'discord', url: 'https://discord.gg/plants' }],
        versions: ['v2', 'v1'],
        openapi: '/openapi.yaml',
        navigation: [
          { group: 'Get Started', pages: ['introduction'] },
          { group: 'Endpoints', pages: ['api-reference/endpoint/get'] },
          { group: 'Legacy', version: 'v1', pages: ['v1/introduction'] },
        ],
        footerSocials: { twitter: 'https://twitter.com/plants' },
        feedback: { thumbsRating: true },
      }),
      'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'introduction.mdx': '---\ntitle: Introduction\n---\n\nHello.\n',
      'v1/introduction.mdx': '---\ntitle: Old introduction\n---\n\nOld.\n',
      'api-reference/endpoint/get.mdx': "---\ntitle: 'Get plants'\nopenapi: 'GET /plants'\n---\n",
      'openapi.yaml':
        'openapi: 3.0.0\ninfo: { title: Plants, version: 1.0.0 }\npaths:\n  /plants:\n    get:\n      responses:\n        "200": { description: ok }\n',
    });
    const { draft, notConverted } = importMintlify(join(dir, 'mint.json'));
    expect(draft.versions?.map((v) => v.name)).toEqual(['v2', 'v1']);
    expect(outline(draft.versions?.[0]?.navigation ?? [])).toEqual([
      'tab: Documentation [documentation]',
      '  section: Get Started [documentation/get-started]',
      '    page: Introduction [introduction]',
      'tab: API Reference [api-reference]',
      '  api: Endpoints (openapi.yaml) [api-reference/endpoints]',
    ]);
    expect(outline(draft.versions?.[1]?.navigation ?? [])).toEqual([
      'tab: Documentation [documentation]',
      '  section: Get Started [documentation/get-started]',
      '    page: Introduction [introduction]',
      '  section: Legacy [documentation/legacy]',
      '    page: Old introduction [v1/introduction]',
      'tab: API Reference [api-reference]',
      '  api: Endpoints (openapi.yaml) [api-reference/endpoints]',
    ]);
    expect(draft.colors).toEqual({
      accentPrimary: { light: '#16A34A', dark: '#4ADE80' },
      background: { dark: '#0a0a0a' },
    });
    expect(draft.theme).toBe('dark');
    expect(draft.navbar).toEqual([
      { text: 'Support', href: 'mailto:help@plants.test', type: 'secondary' },
      { text: 'GitHub', href: 'https://github.com/plants/api', type: 'github' },
      { text: 'Community', href: 'https://discord.gg/plants', type: 'secondary' },
    ]);
    expect(draft.footer).toEqual({ socials: [{ type: 'x', href: 'https://twitter.com/plants' }] });
    expect(notConverted).toContainEqual({ file: 'mint.json', item: 'feedback', reason: expect.any(String) });
    expect(notConverted).toContainEqual({
      file: 'mint.json',
      item: 'colors.dark',
      reason: expect.any(String),
    });
  });

  it('lists a missing page and an operation no spec has', async () => {
    const dir = await site({
      'mint.json': JSON.stringify({
        name: 'X',
        navigation: [{ group: 'A', pages: ['missing', 'GET /nowhere'] }],
      }),
    });
    const { notConverted } = importMintlify(join(dir, 'mint.json'));
    expect(notConverted).toEqual([
      {
        file: 'mint.json',
        item: 'navigation[0].pages[0]',
        reason: expect.stringContaining('no page file missing.mdx'),
      },
      {
        file: 'mint.json',
        item: 'navigation[0].pages[1]',
        reason: expect.stringContaining('no OpenAPI spec'),
      },
    ]);
  });

  it('keeps an endpoint page that has text of its own, its request snippet first, beside the reference', async () => {
    const dir = await site({
      'docs.json': JSON.stringify({
        name: 'X',
        api: { openapi: 'openapi.yaml' },
        navigation: { groups: [{ group: 'Endpoints', pages: ['api/list', 'api/limits'] }] },
      }),
      'api/list.mdx': "---\ntitle: List plants\nopenapi: 'GET /plants'\n---\n",
      'api/limits.mdx':
        "---\ntitle: Create a plant\nopenapi: '/openapi.yaml POST /plants'\n---\n\n## Rate limits\n\n5 a minute.\n",
      'openapi.yaml':
        'openapi: 3.0.0\ninfo: { title: Plants, version: 1.0.0 }\npaths:\n  /plants:\n    get:\n      responses:\n        "200": { description: ok }\n    post:\n      responses:\n        "201": { description: ok }\n',
    });
    const { draft, files } = importMintlify(join(dir, 'docs.json'));
    expect(outline(draft.navigation)).toEqual([
      'section: Endpoints [endpoints]',
      '  api: Endpoints (openapi.yaml) [endpoints/endpoints]',
      '  page: Create a plant [api/limits]',
    ]);
    const page = files.find((f) => f.path === 'api/limits.mdx');
    expect(page && 'text' in page ? page.text : '').toContain(
      '---\n<EndpointRequestSnippet endpoint="POST /plants" />\n\n\n## Rate limits',
    );
    expect(draft.redirects).toEqual([
      { source: '/api/list', destination: '/endpoints/endpoints', permanent: true },
    ]);
  });
});

describe('importMintlify: the site named by its folder', () => {
  it("reads the folder's docs.json, else its mint.json, and says what is missing in a folder with neither", async () => {
    expect(importMintlify(dirname(FIXTURE)).draft).toEqual(importMintlify(FIXTURE).draft);
    const legacy = await site({ 'mint.json': JSON.stringify({ name: 'Legacy', navigation: [] }) });
    expect(importMintlify(legacy).draft.title).toBe('Legacy');
    const empty = await site({ 'README.md': '# Not a site\n' });
    expect(() => importMintlify(empty)).toThrow(/no docs\.json or mint\.json here/);
  });
});
