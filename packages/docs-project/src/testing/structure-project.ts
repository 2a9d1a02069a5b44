/**
 * A docs project with the site structure of issue #26, written to a temp folder: two versions
 * (v2 the default, v1 deprecated in a version file), three tabs in each (Guides, API Reference,
 * Changelog), a Welcome page outside the tabs, a changelog folder of twelve dated entries, navbar links,
 * a footer and an announcement. The two versions' specs differ by a breaking change.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The Pets API of one version: v1 lists pets with `limit`, v2 requires `species` and adds a create call. */
export function petsSpec(version: '1.4.0' | '2.0.0'): string {
  const v2 = version === '2.0.0';
  const list = {
    operationId: 'listPets',
    summary: 'List pets',
    parameters: [
      { name: 'limit', in: 'query', schema: { type: 'integer' } },
      ...(v2 ? [{ name: 'species', in: 'query', required: true, schema: { type: 'string' } }] : []),
    ],
    responses: {
      '200': {
        description: 'The pets',
        content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
      },
    },
  };
  const create = {
    operationId: 'createPet',
    summary: 'Create a pet',
    requestBody: {
      content: {
        'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    },
    responses: { '201': { description: 'Created' } },
  };
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Pets API', version },
    servers: [{ url: 'https://api.pets.test' }],
    paths: { '/pets': v2 ? { get: list, post: create } : { get: list } },
  });
}

/** The project's navbar, footer, announcement and edit link. */
export const STRUCTURE_CHROME = `navbar:
  - { text: Blog, href: "https://blog.pets.test", type: secondary }
  - { text: GitHub, href: "https://github.com/acme/pets", type: github }
  - { text: Get an API key, href: "https://app.pets.test/signup", type: primary }
footer:
  groups:
    - title: Product
      links:
        - { text: Pricing, href: "https://pets.test/pricing" }
        - { text: Status, href: "https://status.pets.test" }
    - title: Company
      links:
        - { text: About, href: "https://pets.test/about" }
  socials:
    - { type: github, href: "https://github.com/acme" }
    - { type: x, href: "https://x.com/acme" }
    - { type: discord, href: "https://discord.gg/acme" }
announcement:
  message: "Pets API v2 is out: species are required. [Read the changelog](/changelog)"
editThisPage:
  url: "https://github.com/acme/pets/edit/main/docs/{path}"
`;

/** docs.yml of the project: `chrome` (navbar, footer, announcement, edit link) is included. */
export function structureDocsYml(chrome = STRUCTURE_CHROME): string {
  return `title: Pets Docs
layout:
  tabsPlacement: HEADER
${chrome}versions:
  - name: v2
    navigation:
      - page: Welcome
        path: pages/welcome.md
        slug: ""
      - tab: Guides
        icon: book
        contents:
          - page: Quickstart
            path: pages/v2/quickstart.md
          - page: Species
            path: pages/v2/species.md
      - tab: API Reference
        slug: reference
        icon: code
        contents:
          - api: Pets API
            spec: specs/v2.json
      - tab: Changelog
        slug: whats-new
        icon: newspaper
        contents:
          - changelog: Changelog
            path: changelog/
            slug: changelog
  - name: v1
    deprecated: true
    path: versions/v1.yml
`;
}

const V1_YML = `navigation:
  - page: Welcome
    path: ../pages/welcome.md
    slug: ""
  - tab: Guides
    icon: book
    contents:
      - page: Quickstart
        path: ../pages/v1/quickstart.md
  - tab: API Reference
    slug: reference
    icon: code
    contents:
      - api: Pets API
        spec: ../specs/v1.json
  - tab: Changelog
    slug: whats-new
    icon: newspaper
    contents:
      - changelog: Changelog
        path: ../changelog/
        slug: changelog
`;

/** Twelve dated entries (two pages of the changelog): one dated by front matter, with tags. */
export const CHANGELOG_ENTRIES: Record<string, string> = {
  'changelog/2026-11-20.md': `---
tags: [API, Breaking]
---

# Species are required

\`GET /pets\` now requires the \`species\` query parameter. See the [quickstart](/guides/quickstart).
`,
  'changelog/launch.md': `---
date: 2026-01-15
title: Pets API launches
tags: [Launch]
---

The Pets API is live.
`,
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `changelog/2026-0${Math.floor(i / 4) + 2}-${String(10 + i).padStart(2, '0')}.md`,
      `# Improvement ${i + 1}\n\nSmall improvement number ${i + 1} & more "quotes".\n`,
    ]),
  ),
};

/** Writes the project; `files` adds or replaces files (paths relative to the project). */
export async function writeStructureProject(
  files: Record<string, string> = {},
  dir?: string,
): Promise<string> {
  const root = dir ?? (await mkdtemp(join(tmpdir(), 'sextant-structure-')));
  const all: Record<string, string> = {
    'docs.yml': structureDocsYml(),
    'versions/v1.yml': V1_YML,
    'pages/welcome.md': '# Welcome to Pets\n\nThe Pets API lists and creates pets.\n',
    'pages/v2/quickstart.md': '# Quickstart\n\nList pets of a species with `GET /pets?species=cat`.\n',
    'pages/v2/species.md': '# Species\n\nEvery pet has a species.\n',
    'pages/v1/quickstart.md': '# Quickstart\n\nList pets with `GET /pets?limit=10` (version 1).\n',
    ...CHANGELOG_ENTRIES,
    'specs/v2.json': petsSpec('2.0.0'),
    'specs/v1.json': petsSpec('1.4.0'),
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    await mkdir(dirname(join(root, name)), { recursive: true });
    await writeFile(join(root, name), text);
  }
  return root;
}
