/**
 * `sextant init --from docusaurus`: the blog becomes a changelog the converted project loads,
 * each post dated and titled as Docusaurus shows it, its images found, its old URL redirected.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { changelogEntries } from '@sextant/definition';
import { loadDocsProject } from '@sextant/docs-project';
import { writeTempFolder } from '@sextant/docs-project/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runInitFrom } from '../commands/init-from.js';
import { captureOutput } from '../testing/captured-output.js';

const made: string[] = [];
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await writeTempFolder(files, 'sextant-docusaurus-blog-');
  made.push(dir);
  return dir;
}

/** Converts the site in `source` into a new project; its folder and what the CLI printed. */
async function convert(source: string) {
  const target = join(await folder({}), 'project');
  const output = captureOutput();
  expect(await runInitFrom(target, 'docusaurus', source, {}, output), output.text()).toBe(0);
  return { target, printed: output.text() };
}

const site = (blog: string) => ({
  'docusaurus.config.js': `export default { title: 'Acme', presets: [['classic', { docs: {}, blog: ${blog} }]] };\n`,
  'sidebars.json': '{ "docs": ["intro"] }',
  'docs/intro.md': '# Intro\n',
});

describe('a Docusaurus blog', () => {
  it('becomes a changelog the new project loads, each post dated, titled and tagged as it was', async () => {
    const source = await folder({
      ...site("{ path: 'posts', routeBasePath: '/news', blogTitle: 'News' }"),
      // A dated file with a slug of its own, a truncate marker and tags (a string and an object).
      'posts/2024-01-15-launch.md':
        '---\ntitle: We launched\nslug: hello\nauthors: [jane]\ntags: [release, { label: Big news, permalink: /big }]\n---\n\nFirst words.\n\n<!-- truncate -->\n\nThe rest.\n',
      // A post in its own folder, with an image beside it.
      'posts/2024-02-01-diagrams/index.mdx':
        '---\ntitle: Diagrams\n---\n\n![A diagram](./diagram.png)\n\n{/* truncate */}\n\nMore.\n',
      'posts/2024-02-01-diagrams/diagram.png': 'png',
      // Dated by its folders; dated by front matter (a timestamp) only.
      'posts/2024/03/04/spring.md': '# Spring update\n\nText.\n',
      'posts/undated-name.md': '---\ntitle: Dated inside\ndate: 2024-04-05T10:00:00Z\n---\n\nText.\n',
      // Not posts of the blog: a draft, a partial, one with no date at all.
      'posts/2024-05-01-draft.md': '---\ntitle: Draft\ndraft: true\n---\n\nNot yet.\n',
      'posts/_partial.md': 'Shared text.\n',
      'posts/no-date.md': '# No date\n',
      'posts/authors.yml': 'jane:\n  name: Jane\n',
    });
    const { target, printed } = await convert(source);
    const docsYml = parse(await readFile(join(target, 'docs.yml'), 'utf8')) as {
      navigation: Record<string, unknown>[];
      redirects?: { source: string; destination: string }[];
    };
    expect(docsYml.navigation).toContainEqual({ changelog: 'News', path: 'posts/', slug: 'news' });

    const loaded = await loadDocsProject(target);
    const item = loaded.definition.navigation.find((entry) => entry.type === 'changelog');
    if (item?.type !== 'changelog') throw new Error('no changelog in the converted project');
    const entries = changelogEntries(loaded.definition, item).map((entry) => ({
      slug: entry.slug,
      title: entry.title,
      date: entry.page.date,
      tags: entry.page.tags,
    }));
    expect(entries).toEqual([
      { slug: 'news/2024-04-05-undated-name', title: 'Dated inside', date: '2024-04-05', tags: undefined },
      { slug: 'news/2024-03-04-spring', title: 'Spring update', date: '2024-03-04', tags: undefined },
      { slug: 'news/2024-02-01-diagrams', title: 'Diagrams', date: '2024-02-01', tags: undefined },
      {
        slug: 'news/2024-01-15-launch',
        title: 'We launched',
        date: '2024-01-15',
        tags: ['release', 'Big news'],
      },
    ]);

    // The folder post's image is found from its new place; no truncate marker is left.
    const diagrams = await readFile(join(target, 'posts/2024-02-01-diagrams.mdx'), 'utf8');
    expect(diagrams).toContain('![A diagram](2024-02-01-diagrams/diagram.png)');
    expect(existsSync(join(target, 'posts/2024-02-01-diagrams/diagram.png'))).toBe(true);
    expect(diagrams).not.toContain('truncate');
    expect(await readFile(join(target, 'posts/2024-01-15-launch.md'), 'utf8')).not.toContain('truncate');

    // Every post's Docusaurus URL leads to its entry.
    const to = Object.fromEntries((docsYml.redirects ?? []).map((r) => [r.source, r.destination]));
    expect(to).toMatchObject({
      '/news/hello': '/news/2024-01-15-launch',
      '/news/2024/02/01/diagrams': '/news/2024-02-01-diagrams',
      '/news/2024/03/04/spring': '/news/2024-03-04-spring',
      '/news/undated-name': '/news/2024-04-05-undated-name',
    });

    // What was left out is said, with why.
    expect(printed).toMatch(/posts\/2024-05-01-draft\.md.*draft/);
    expect(printed).toMatch(/posts\/no-date\.md.*needs a date/);
    expect(printed).toMatch(/posts\/2024-01-15-launch\.md.*authors.*no author/);
    expect(printed).not.toContain('_partial');
  });

  it('is not converted when the config turns it off, and says so', async () => {
    const source = await folder({ ...site('false'), 'blog/2024-01-15-launch.md': '# Launch\n' });
    const { target, printed } = await convert(source);
    const docsYml = await readFile(join(target, 'docs.yml'), 'utf8');
    expect(docsYml).not.toContain('changelog');
    expect(printed).toMatch(/blog.*blog: false/);
  });

  it('converts every instance of the blog plugin beside the preset blog, each its own changelog', async () => {
    const source = await folder({
      'docusaurus.config.js': `export default {
        title: 'Acme',
        presets: [['classic', { docs: {}, blog: { blogTitle: 'Blog' } }]],
        plugins: [
          ['@docusaurus/plugin-content-blog', { id: 'changelog', path: 'changelog', routeBasePath: 'changelog', blogTitle: 'Changelog' }],
          ['content-blog', { id: 'engineering', path: 'engineering', routeBasePath: '/eng' }],
          ['@docusaurus/content-blog', { id: 'gone', path: 'nowhere' }],
          ['client-redirects', { redirects: [{ from: '/old-intro', to: '/docs/intro' }] }],
          () => ({ name: 'a-function-plugin' }),
        ],
      };\n`,
      'sidebars.json': '{ "docs": ["intro"] }',
      'docs/intro.md': '# Intro\n',
      'blog/2024-01-15-launch.md': '# We launched\n',
      'changelog/2024-06-01-v2.md': '---\ntitle: Version 2\n---\nBreaking changes.\n',
      'changelog/2024-05-01-v1-1.md': '# 1.1\n',
      'engineering/2024-02-02-queues.md': '# Queues\n',
    });
    const { target, printed } = await convert(source);
    const docsYml = parse(await readFile(join(target, 'docs.yml'), 'utf8')) as {
      navigation: Record<string, unknown>[];
      redirects?: { source: string; destination: string }[];
    };
    expect(docsYml.navigation.filter((item) => 'changelog' in item)).toEqual([
      { changelog: 'Blog', path: 'blog/', slug: 'blog' },
      { changelog: 'Changelog', path: 'changelog/', slug: 'changelog' },
      { changelog: 'Blog', path: 'engineering/', slug: 'eng' },
    ]);

    const loaded = await loadDocsProject(target);
    const changelogs = loaded.definition.navigation.flatMap((item) =>
      item.type === 'changelog'
        ? [changelogEntries(loaded.definition, item).map((entry) => `${entry.slug} ${entry.title}`)]
        : [],
    );
    expect(changelogs).toEqual([
      ['blog/2024-01-15-launch We launched'],
      ['changelog/2024-06-01-v2 Version 2', 'changelog/2024-05-01-v1-1 1.1'],
      ['eng/2024-02-02-queues Queues'],
    ]);
    const to = Object.fromEntries((docsYml.redirects ?? []).map((r) => [r.source, r.destination]));
    expect(to).toMatchObject({
      '/changelog/2024/06/01/v2': '/changelog/2024-06-01-v2',
      '/eng/2024/02/02/queues': '/eng/2024-02-02-queues',
      // The shorthand of the redirect plugin is read too.
      '/old-intro': '/docs/intro',
    });

    // A blog whose folder is missing is said to be left out.
    expect(printed).toMatch(/nowhere.*"gone".*missing/);
  });
});
