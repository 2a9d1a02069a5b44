/**
 * docs.yml's site structure (issue #26): tabs, versions, changelogs, navbar, footer, announcement
 * and page furniture, loaded from real project folders; bad entries fail with file, line and pointer.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { indexNavigation } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { DocsProjectError } from './errors.js';
import { loadDocsProject } from './load-docs-project.js';
import { writeProductsProject } from './testing/products-project.js';

async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-structure-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

async function loadError(dir: string): Promise<DocsProjectError> {
  const error = await loadDocsProject(dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DocsProjectError);
  return error as DocsProjectError;
}

const SPEC = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '2.0.0' },
  paths: {
    '/pets': {
      get: { operationId: 'listPets', summary: 'List pets', responses: { '200': { description: 'ok' } } },
    },
  },
});

describe('tabs', () => {
  it('reads tab entries with slug and icon; pages outside the tabs keep their place', async () => {
    const dir = await project({
      'docs.yml': `title: T
navigation:
  - page: Welcome
    path: welcome.md
  - tab: Guides
    icon: book
    contents:
      - page: Intro
        path: intro.md
  - tab: API Reference
    slug: reference
    icon: fa-solid fa-code
    contents:
      - api: Pets
        spec: spec.json
`,
      'welcome.md': '# Welcome\n',
      'intro.md': '# Intro\n',
      'spec.json': SPEC,
    });
    const { definition } = await loadDocsProject(dir);
    expect(definition.navigation.map((item) => item.type)).toEqual(['page', 'tab', 'tab']);
    expect(definition.navigation[1]).toMatchObject({
      type: 'tab',
      title: 'Guides',
      slug: 'guides',
      icon: 'book',
    });
    expect(definition.navigation[2]).toMatchObject({ slug: 'reference', icon: 'fa-solid fa-code' });
    const slugs = [...indexNavigation(definition.navigation).keys()];
    expect(slugs).toEqual(expect.arrayContaining(['welcome', 'guides/intro', 'reference/pets/list-pets']));
    expect(definition.homeSlug).toBe('welcome');
  });

  it('refuses a tab inside a section, at its line', async () => {
    const dir = await project({
      'docs.yml': `title: T
navigation:
  - section: S
    contents:
      - tab: Inner
        contents: []
`,
    });
    const error = await loadError(dir);
    expect(error.pointer).toBe('/navigation/0/contents/0/tab');
    expect(error.line).toBe(5);
    expect(error.message).toMatch(/top level/);
  });

  it('names the field of a bad tab entry', async () => {
    const dir = await project({
      'docs.yml': `title: T
navigation:
  - tab: Guides
    slug: Not A Slug
    contents: []
`,
    });
    const error = await loadError(dir);
    expect(error.pointer).toBe('/navigation/0/slug');
    expect(error.line).toBe(4);
  });
});

describe('versions', () => {
  const files = {
    'docs.yml': `title: T
versions:
  - name: v2
    navigation:
      - page: Intro
        path: pages/v2/intro.md
      - page: Only in v2
        path: pages/v2/new.md
      - api: Pets
        spec: specs/v2.json
  - name: v1
    slug: v1
    deprecated: true
    path: versions/v1.yml
  - name: beta
    hidden: true
    navigation:
      - page: Intro
        path: pages/v2/intro.md
        slug: ""
`,
    'versions/v1.yml': `navigation:
  - page: Intro
    path: ../pages/v1/intro.md
  - api: Pets
    spec: ../specs/v1.json
`,
    'pages/v2/intro.md': '# Intro v2\n',
    'pages/v2/new.md': '# New\n',
    'pages/v1/intro.md': '# Intro v1\n',
    'specs/v2.json': SPEC,
    'specs/v1.json': SPEC.replace('2.0.0', '1.4.0'),
  };

  it('gives each version its URLs, navigation and APIs; the first is the default, without a prefix', async () => {
    const dir = await project(files);
    const { definition, project: loaded } = await loadDocsProject(dir);
    expect(definition.versions?.map(({ navigation: _, ...v }) => v)).toEqual([
      { name: 'v2', slug: 'v2', default: true, homeSlug: 'intro' },
      { name: 'v1', slug: 'v1', deprecated: true, homeSlug: 'v1/intro' },
      { name: 'beta', slug: 'beta', hidden: true, homeSlug: 'beta' },
    ]);
    const v2 = [...indexNavigation(definition.navigation).keys()];
    expect(v2).toEqual(expect.arrayContaining(['intro', 'only-in-v2', 'pets/list-pets']));
    const v1 = [...indexNavigation(definition.versions?.[1]?.navigation ?? []).keys()];
    expect(v1).toEqual(expect.arrayContaining(['v1/intro', 'v1/pets/list-pets']));
    expect(v1).not.toContain('v1/only-in-v2');
    // Each version's API entries are APIs of their own: two specs, two definitions.
    const versionsOf = Object.values(loaded.apis).map((api) => api.version);
    expect(versionsOf.sort()).toEqual(['1.4.0', '2.0.0']);
    // A version file's paths are relative to it; its pages are named by their project path.
    expect(definition.pages['page:v1/intro']?.sourcePath).toBe('pages/v1/intro.md');
    expect(definition.pages['page:v1/intro']?.markdown).toContain('Intro v1');
  });

  it('locates errors in a version file', async () => {
    const dir = await project({
      ...files,
      'versions/v1.yml': `navigation:
  - page: Intro
    path: ../pages/v1/missing.md
`,
    });
    const error = await loadError(dir);
    expect(error.file).toBe('versions/v1.yml');
    expect(error.pointer).toBe('/navigation/0/path');
    expect(error.line).toBe(3);
  });

  it('refuses a version with both navigation and path, duplicate slugs, and top-level navigation beside versions', async () => {
    const both = await loadError(
      await project({
        'docs.yml': `title: T
versions:
  - name: v2
    path: versions/v2.yml
    navigation:
      - link: A
        href: /a
`,
      }),
    );
    expect(both.pointer).toBe('/versions/0');
    expect(both.message).toMatch(/exactly one of "navigation"/);
    const duplicate = await loadError(
      await project({
        'docs.yml': `title: T
versions:
  - name: v2
    navigation: [{ link: A, href: /a }]
  - name: V2
    slug: v2
    navigation: [{ link: A, href: /a }]
`,
      }),
    );
    expect(duplicate.pointer).toBe('/versions/1/slug');
    expect(duplicate.line).toBe(6);
    const beside = await loadError(
      await project({
        'docs.yml': `title: T
versions:
  - name: v2
    navigation: [{ link: A, href: /a }]
navigation:
  - link: A
    href: /a
`,
      }),
    );
    expect(beside.pointer).toBe('/navigation');
    expect(beside.line).toBe(6);
  });
});

describe('products', () => {
  it('load like versions, each with its navigation (inline or a product file), icon and URLs', async () => {
    const dir = await writeProductsProject();
    const { definition, project: loaded } = await loadDocsProject(dir, { lastUpdated: false });
    expect(definition.versionKind).toBe('product');
    expect(definition.versions?.map((v) => [v.name, v.slug, v.icon, v.homeSlug])).toEqual([
      ['Payments', 'payments', 'credit-card', ''],
      ['Identity', 'identity', 'users', 'identity/guides/quickstart'],
    ]);
    const identity = indexNavigation(definition.versions?.[1]?.navigation ?? []);
    expect([...identity.keys()]).toContain('identity/reference/identity-api/create-a-user');
    expect(Object.values(loaded.apis).map((api) => api.title)).toEqual(['Payments API', 'Identity API']);
  });

  it('refuse versions beside products, navigation beside products, a duplicate product and a deprecated product', async () => {
    const both = await loadError(
      await project({
        'docs.yml': `title: T
versions:
  - name: v2
    navigation: [{ link: A, href: /a }]
products:
  - name: Payments
    navigation: [{ link: A, href: /a }]
`,
      }),
    );
    expect(both.pointer).toBe('/products');
    expect(both.message).toMatch(/versions or products, not both/);
    const beside = await loadError(
      await project({
        'docs.yml': `title: T
products:
  - name: Payments
    navigation: [{ link: A, href: /a }]
navigation:
  - link: A
    href: /a
`,
      }),
    );
    expect(beside.pointer).toBe('/navigation');
    expect(beside.message).toMatch(/with products, each product has its own navigation/);
    const duplicate = await loadError(
      await project({
        'docs.yml': `title: T
products:
  - name: Payments
    navigation: [{ link: A, href: /a }]
  - name: Payments
    slug: pay
    navigation: [{ link: A, href: /a }]
`,
      }),
    );
    expect(duplicate.pointer).toBe('/products/1/name');
    expect(duplicate.message).toMatch(/another product is named "Payments"$/);
    const deprecated = await loadError(
      await project({
        'docs.yml': `title: T
products:
  - name: Payments
    deprecated: true
    navigation: [{ link: A, href: /a }]
`,
      }),
    );
    expect(deprecated.pointer).toBe('/products/0');
    expect(deprecated.message).toMatch(/deprecated/);
  });
});

describe('changelogs', () => {
  it('read a folder of dated entries, newest first, dated by file name or front matter, with tags', async () => {
    const dir = await project({
      'docs.yml': `title: T
navigation:
  - page: Welcome
    path: welcome.md
  - changelog: What's new
    path: changelog/
`,
      'welcome.md': '# Welcome\n',
      'changelog/2026-11-20.md': '---\ntags: [API, SDK]\n---\n\n# Big release\n\nBody.\n',
      'changelog/launch.mdx': '---\ndate: 2025-01-02\ntitle: Launch\n---\n\nWe launched.\n',
      'changelog/2026-03-01.md': 'No heading here.\n',
      'changelog/notes.txt': 'not an entry',
    });
    const { definition } = await loadDocsProject(dir);
    const changelog = definition.navigation[1];
    expect(changelog).toMatchObject({ type: 'changelog', title: "What's new", slug: 'what-s-new' });
    const entries = changelog?.type === 'changelog' ? changelog.children : [];
    expect(entries.map((e) => 'slug' in e && e.slug)).toEqual([
      'what-s-new/2026-11-20',
      'what-s-new/2026-03-01',
      'what-s-new/launch',
    ]);
    expect(entries.map((e) => e.title)).toEqual(['Big release', 'March 1, 2026', 'Launch']);
    expect(definition.pages['page:what-s-new/2026-11-20']).toMatchObject({
      date: '2026-11-20',
      tags: ['API', 'SDK'],
      sourcePath: 'changelog/2026-11-20.md',
    });
    expect(definition.pages['page:what-s-new/launch']?.date).toBe('2025-01-02');
  });

  it('name the file of an entry without a date, and a front matter date that is not one', async () => {
    const base = {
      'docs.yml': 'title: T\nnavigation:\n  - changelog: Changelog\n    path: changelog\n    slug: updates\n',
    };
    const undated = await loadError(await project({ ...base, 'changelog/big-news.md': '# News\n' }));
    expect(undated.file).toBe('changelog/big-news.md');
    expect(undated.message).toMatch(/needs a date/);
    const bad = await loadError(
      await project({ ...base, 'changelog/news.md': '---\ntitle: N\ndate: 2026-02-30\n---\nx\n' }),
    );
    expect(bad.file).toBe('changelog/news.md');
    expect(bad.pointer).toBe('/date');
    expect(bad.line).toBe(3);
    const missing = await loadError(
      await project({ 'docs.yml': 'title: T\nnavigation:\n  - changelog: C\n    path: nowhere/\n' }),
    );
    expect(missing.pointer).toBe('/navigation/0/path');
    expect(missing.line).toBe(4);
  });
});

describe('navbar, footer, announcement, edit link', () => {
  const nav = 'navigation:\n  - page: P\n    path: p.md\n';
  it('load into the config, the navbar type defaulting to secondary', async () => {
    const dir = await project({
      'docs.yml': `title: T
navbar:
  - { text: Blog, href: /blog }
  - { text: Start, href: "https://app.test", type: primary }
footer:
  groups: [{ title: Product, links: [{ text: Pricing, href: /pricing }] }]
  socials: [{ type: github, href: "https://github.com/acme" }]
announcement: { message: "New: v2" }
editThisPage: { url: "https://github.com/acme/docs/edit/main/{path}" }
${nav}`,
      'p.md': '# P\n',
    });
    const { config } = (await loadDocsProject(dir)).definition;
    expect(config.navbar).toEqual([
      { text: 'Blog', href: '/blog', type: 'secondary' },
      { text: 'Start', href: 'https://app.test', type: 'primary' },
    ]);
    expect(config.footer?.socials).toEqual([{ type: 'github', href: 'https://github.com/acme' }]);
    expect(config.announcement).toEqual({ message: 'New: v2' });
    expect(config.editThisPage?.url).toContain('{path}');
  });

  it('locate a bad navbar type, an unsafe footer link and an edit URL that is not http(s)', async () => {
    const type = await loadError(
      await project({ 'docs.yml': `title: T\nnavbar:\n  - text: X\n    href: /x\n    type: button\n${nav}` }),
    );
    expect(type.pointer).toBe('/navbar/0/type');
    expect(type.line).toBe(5);
    const href = await loadError(
      await project({
        'docs.yml': `title: T\nfooter:\n  groups:\n    - title: A\n      links:\n        - text: Evil\n          href: "javascript:alert(1)"\n${nav}`,
      }),
    );
    expect(href.pointer).toBe('/footer/groups/0/links/0/href');
    expect(href.line).toBe(7);
    const edit = await loadError(
      await project({ 'docs.yml': `title: T\neditThisPage:\n  url: "ftp://example.com/{path}"\n${nav}` }),
    );
    expect(edit.pointer).toBe('/editThisPage/url');
  });
});
