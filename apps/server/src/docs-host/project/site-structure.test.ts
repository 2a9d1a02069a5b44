/**
 * docs.yml's site structure (issue #26): tabs, versions, changelogs, navbar, footer, announcement
 * and page furniture, loaded from real project folders; bad entries fail with file, line and pointer.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { indexNavigation } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { DocsProjectError } from './docs-project-error.js';
import { loadDocsProject } from './load-docs-project.js';

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
