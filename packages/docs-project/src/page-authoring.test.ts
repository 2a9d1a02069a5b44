/**
 * What `loadDocsProject` makes of authored pages: MDX problems located in their files (front
 * matter counted), the title from a leading `# heading` (one H1), the sidebar's docs.yml label,
 * slugs that a heading does not move, and every page of examples/ free of problems.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocsProject } from './load-docs-project.js';

async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-authoring-'));
  await mkdir(join(dir, 'pages'), { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

const DOCS_YML = `title: Acme
navigation:
  - page: Welcome
    path: pages/welcome.md
  - page: Hostile
    path: pages/hostile.mdx
  - page: GitHub style
    path: pages/github.md
`;

describe('authored pages', () => {
  it('locates MDX errors in their files, front matter counted', async () => {
    const dir = await project({
      'docs.yml': DOCS_YML,
      'pages/welcome.md': '---\ntitle: Welcome to Acme\n---\n\n# Acme docs\n\nHello.\n',
      'pages/hostile.mdx':
        '---\ntitle: Hostile\n---\n\nimport x from "y"\n\n<Note onClick={() => alert(1)}>x</Note>\n\n<Card title="t" href="javascript:alert(1)">c</Card>\n\n{globalThis.x = 1}\n\n<Unknown />\n',
      'pages/github.md': '---\ntitle: GitHub\n---\n\nGET /users/{id}, a < b<br>\n\n<!-- note -->\n',
    });
    const { pageProblems } = await loadDocsProject(dir);
    expect(pageProblems.map((p) => `${p.severity} ${p.file}:${p.line}:${p.column}`)).toEqual([
      'error pages/hostile.mdx:5:1',
      'error pages/hostile.mdx:7:7',
      'error pages/hostile.mdx:9:1',
      'error pages/hostile.mdx:11:1',
      'error pages/hostile.mdx:13:1',
    ]);
    expect(pageProblems[0]?.message).toContain('`import` and `export` are not allowed');
    expect(pageProblems[4]?.message).toContain('unknown component <Unknown>');
  });

  it('titles a page by its leading heading, labels it by docs.yml, keeps its slug', async () => {
    const dir = await project({
      'docs.yml': DOCS_YML,
      'pages/welcome.md': '---\ntitle: Welcome to Acme\n---\n\n# Acme docs\n\nHello.\n',
      'pages/hostile.mdx': '# Fine\n',
      'pages/github.md': 'No heading.\n',
    });
    const { definition, pageProblems } = await loadDocsProject(dir);
    expect(pageProblems).toEqual([]);
    const nav = definition.navigation.map((item) =>
      item.type === 'link' ? item.title : `${item.title} /${item.slug}`,
    );
    // The sidebar shows docs.yml's labels; slugs come from the front matter title, else the label.
    expect(nav).toEqual(['Welcome /welcome-to-acme', 'Hostile /hostile', 'GitHub style /github-style']);
    const titles = Object.values(definition.pages).map((page) => page.title);
    expect(titles).toEqual(['Acme docs', 'Fine', 'GitHub style']);
    expect(definition.pages['page:welcome-to-acme']?.sourceLine).toBe(4);
  });

  it('every page of examples/ loads without a problem', async () => {
    const { pageProblems } = await loadDocsProject(join(import.meta.dirname, '../../../examples'), {
      tolerateApiErrors: true,
      fetchText: async () => '{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":{}}',
    });
    expect(pageProblems).toEqual([]);
  });
});
