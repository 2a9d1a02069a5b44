import { join } from 'node:path';
import { writeTempFolder } from '@sextant/docs-project/testing';
import { describe, expect, it } from 'vitest';
import type { NavDraft } from './draft.js';
import { importFern } from './fern.js';

const FIXTURE = join(import.meta.dirname, 'fixtures/fern-site');

const site = (files: Record<string, string>) => writeTempFolder(files, 'sextant-fern-');

function outline(nav: NavDraft[], depth = 0): string[] {
  return nav.flatMap((item) => {
    const pad = '  '.repeat(depth);
    if ('page' in item) return [`${pad}page: ${item.page} (${item.path}) [${item.slug}]`];
    if ('link' in item) return [`${pad}link: ${item.link} → ${item.href}`];
    if ('api' in item) return [`${pad}api: ${item.api} (${item.spec ?? item.url}) [${item.slug}]`];
    if ('changelog' in item)
      return [
        `${pad}changelog: ${item.changelog} (${item.path}) [${item.slug}] ${item.entries.map((e) => e.date).join(', ')}`,
      ];
    const title = 'tab' in item ? `tab: ${item.tab}` : `section: ${item.section}`;
    return [`${pad}${title} [${item.slug}]`, ...outline(item.contents, depth + 1)];
  });
}

describe('importFern: a fern/ folder with versions, tabs and a changelog', () => {
  // The folder holding fern/ works as well as fern/ itself.
  const project = importFern(FIXTURE);

  it('reads each version file: tabs, sections, pages at Fern URLs, the changelog, named APIs', () => {
    expect(project.config).toBe('fern/docs.yml');
    expect(project.draft.versions?.map(({ name, slug, deprecated }) => ({ name, slug, deprecated }))).toEqual(
      [
        { name: 'v2', slug: 'v2', deprecated: undefined },
        { name: 'v1', slug: 'v1', deprecated: true },
      ],
    );
    expect(outline(project.draft.versions?.[0]?.navigation ?? [])).toEqual([
      'tab: Guides [guides]',
      '  section: Getting started [guides/getting-started]',
      '    page: Welcome (pages/welcome.mdx) [guides/getting-started/welcome]',
      '    page: Quickstart (pages/quickstart.mdx) [guides/getting-started/quickstart]',
      '  section: Components [guides/components-2]',
      '    page: Components (pages/components/overview.mdx) [guides/components]',
      '    page: Callouts and tabs (pages/components/callouts.mdx) [guides/components/callouts]',
      '  link: Status page → https://status.acme.test',
      'tab: API Reference [api-reference]',
      '  api: API Reference (apis/v2/openapi/openapi.yml) [api-reference/api-reference]',
      'tab: Changelog [changelog-2]',
      '  changelog: Changelog (changelog/) [changelog] 2026-11-20, 2026-10-02',
    ]);
    expect(outline(project.draft.versions?.[1]?.navigation ?? [])).toEqual([
      'section: Guides [guides]',
      '  page: Welcome (v1/pages/welcome.mdx) [guides/welcome]',
      'api: API Reference (apis/v1/openapi/openapi.yml) [api-reference]',
    ]);
  });

  it('maps colours, logo, layout, navbar links, footer links, announcement, css, Ask AI and the edit link', () => {
    const { draft } = project;
    expect(draft.title).toBe('Acme Developer Docs');
    expect(draft.logo).toEqual({
      light: 'assets/logo-light.svg',
      dark: 'assets/logo-dark.svg',
      href: 'https://acme.test',
      height: 28,
    });
    expect(draft.favicon).toBe('assets/favicon.svg');
    expect(draft.colors).toEqual({
      accentPrimary: { light: '#0d9488', dark: '#2dd4bf' },
      background: { light: '#ffffff', dark: '#0b0f14' },
    });
    expect(draft.layout).toEqual({
      tabsPlacement: 'HEADER',
      searchbarPlacement: 'HEADER',
      contentWidth: 768,
    });
    expect(draft.navbar).toEqual([
      { text: 'Support', href: 'https://acme.test/support', type: 'secondary' },
      { text: 'Sign up', href: 'https://dashboard.acme.test/signup', type: 'primary' },
      { text: 'GitHub', href: 'https://github.com/acme/acme-python', type: 'github' },
    ]);
    expect(draft.footer).toEqual({
      socials: [
        { type: 'github', href: 'https://github.com/acme' },
        { type: 'x', href: 'https://x.com/acme' },
        { type: 'linkedin', href: 'https://www.linkedin.com/company/acme' },
      ],
    });
    expect(draft.announcement).toEqual({ message: 'Acme API v2 is generally available.' });
    expect(draft.css).toEqual(['assets/styles.css']);
    expect(draft.ai).toEqual({ enabled: true, location: ['docs'] });
    expect(draft.editThisPage).toEqual({ url: 'https://github.com/acme/docs/edit/main/fern/' });
    expect(draft.redirects).toEqual([
      { source: '/welcome', destination: '/guides/getting-started/welcome', permanent: true },
      { source: '/old-guides/*', destination: '/guides/getting-started/*', permanent: true },
    ]);
  });

  it('lists what has no equivalent, with its file', () => {
    const listed = project.notConverted.map((n) => `${n.file} ${n.item ?? ''}`.trim());
    expect(listed).toEqual(
      expect.arrayContaining([
        'fern/apis/v2/generators.yml api.specs[0].overrides',
        'fern/apis/v2/generators.yml groups',
        'fern/docs.yml analytics',
        'fern/docs.yml colors.accent-3',
        'fern/docs.yml layout.page-width',
        'fern/docs.yml redirects[2]',
        'fern/versions/v2.yml navigation[1].layout[0].snippets',
      ]),
    );
  });

  it('copies pages, changelog entries, images, stylesheets and specs with the files their $refs read', () => {
    const paths = project.files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'pages/welcome.mdx',
        'pages/quickstart.mdx',
        'pages/components/callouts.mdx',
        'v1/pages/welcome.mdx',
        'changelog/2026-11-20.mdx',
        'changelog/2026-10-02.md',
        'assets/quickstart.png',
        'assets/styles.css',
        'apis/v2/openapi/openapi.yml',
        'apis/v2/openapi/schemas/pet.yml',
        'apis/v1/openapi/openapi.yml',
      ]),
    );
    const callouts = project.files.find((f) => f.path === 'pages/components/callouts.mdx');
    // A root-absolute image (the Fern folder's root) becomes relative to the page.
    expect(callouts && 'text' in callouts ? callouts.text : '').toContain(
      'src="../../assets/quickstart.png"',
    );
    const quickstart = project.files.find((f) => f.path === 'pages/quickstart.mdx');
    expect(quickstart && 'text' in quickstart ? quickstart.text : '').toContain('Questions? Ask in');
  });
});

describe('importFern: untabbed navigation, folders, products', () => {
  it('reads sections with skip-slug, folders and an api without api-name', async () => {
    const dir = await site({
      'fern/docs.yml': [
        'title: Plants',
        'navigation:',
        '  - section: Overview',
        '    skip-slug: true',
        '    contents:',
        '      - page: Introduction',
        '        path: ./docs/intro.md',
        '  - folder: ./docs/guides',
        '    title: Guides',
        '  - api: API',
        '  - page: Missing',
        '    path: ./docs/missing.md',
      ].join('\n'),
      'fern/docs/intro.md': '# Introduction\n',
      'fern/docs/guides/b-second.md': '---\ntitle: Second\n---\n',
      'fern/docs/guides/a-first.md': '# First\n',
      'fern/openapi/openapi.yml': 'openapi: 3.1.0\ninfo: { title: Plants, version: 1.0.0 }\npaths: {}\n',
    });
    const { draft, notConverted } = importFern(join(dir, 'fern'));
    expect(outline(draft.navigation)).toEqual([
      'section: Overview [overview]',
      '  page: Introduction (docs/intro.md) [introduction]',
      'section: Guides [guides]',
      '  page: A first (docs/guides/a-first.md) [guides/a-first]',
      '  page: B second (docs/guides/b-second.md) [guides/b-second]',
      'api: API (openapi/openapi.yml) [api]',
    ]);
    expect(notConverted).toEqual([
      {
        file: 'fern/docs.yml',
        item: 'navigation[3]',
        reason: expect.stringContaining('"./docs/missing.md" is not a file'),
      },
    ]);
  });

  it('makes simple products tabs', async () => {
    const dir = await site({
      'fern/docs.yml': [
        'title: Suite',
        'products:',
        '  - display-name: Payments',
        '    path: ./products/payments.yml',
        '    icon: fa-solid fa-credit-card',
        '  - display-name: Status',
        '    href: https://status.suite.test',
      ].join('\n'),
      'fern/products/payments.yml': 'navigation:\n  - page: Overview\n    path: ../pages/payments.mdx\n',
      'fern/pages/payments.mdx': 'Payments.\n',
    });
    const { draft, notConverted } = importFern(join(dir, 'fern'));
    expect(outline(draft.navigation)).toEqual([
      'tab: Payments [payments]',
      '  page: Overview (pages/payments.mdx) [payments/overview]',
    ]);
    expect(draft.navbar).toEqual([{ text: 'Status', href: 'https://status.suite.test', type: 'secondary' }]);
    expect(notConverted).toContainEqual({
      file: 'fern/docs.yml',
      item: 'products',
      reason: expect.stringContaining('tabs'),
    });
  });

  it('keeps front matter slugs (of section overviews too; capitals lowered and redirected), leaves undated changelog files', async () => {
    const dir = await site({
      'fern/docs.yml': [
        'title: Voices',
        'navigation:',
        '  - section: Providers',
        '    path: ./providers/overview.mdx',
        '    contents:',
        '      - page: GDPR',
        '        path: ./gdpr.mdx',
        '  - changelog: ./changelog',
      ].join('\n'),
      'fern/providers/overview.mdx': '---\nslug: providers/voice/overview\n---\nAll providers.\n',
      'fern/gdpr.mdx': '---\nslug: /security/GDPR\n---\nGDPR.\n',
      'fern/changelog/overview.mdx': 'What is new.\n',
      'fern/changelog/2026-11-20.md': 'A change.\n',
    });
    const { draft, files, notConverted } = importFern(dir);
    expect(outline(draft.navigation)).toEqual([
      'section: Providers [providers]',
      '  page: Providers (providers/overview.mdx) [providers/voice/overview]',
      '  page: GDPR (gdpr.mdx) [security/gdpr]',
      'changelog: Changelog (changelog/) [changelog] 2026-11-20',
    ]);
    expect(draft.redirects).toEqual([
      { source: '/security/GDPR', destination: '/security/gdpr', permanent: true },
    ]);
    expect(files.map((f) => f.path)).not.toContain('changelog/overview.mdx');
    expect(notConverted).toContainEqual({
      file: 'fern/changelog/overview.mdx',
      reason: expect.stringContaining('overview page'),
    });
  });
});
