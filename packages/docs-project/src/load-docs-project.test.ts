import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexNavigation } from '@sextant/definition';
import { describe, expect, it } from 'vitest';
import { DocsProjectError } from './errors.js';
import { loadDocsProject } from './load-docs-project.js';
import { writeFixtureProject } from './testing/fixture-project.js';

async function project(docsYml: string, files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-docs-yml-'));
  await writeFile(join(dir, 'docs.yml'), docsYml);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

async function loadError(dir: string): Promise<DocsProjectError> {
  const error = await loadDocsProject(dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DocsProjectError);
  return error as DocsProjectError;
}

describe('loadDocsProject', () => {
  it('loads pages, specs and config into a docs definition', async () => {
    const dir = await writeFixtureProject();
    const loaded = await loadDocsProject(dir);
    const slugs = [...indexNavigation(loaded.definition.navigation).keys()];
    expect(slugs).toContain('');
    expect(slugs).toContain('guides/guide');
    expect(slugs).toContain('api/pets/get-a-pet');
    expect(slugs).toContain('api/types/pet');
    expect(loaded.definition.homeSlug).toBe('');
    expect(loaded.definition.pages['page:']?.markdown).toContain('Hello **docs**');
    // Front matter is removed from the markdown.
    expect(loaded.definition.pages['page:']?.markdown).not.toContain('title: Welcome');
    expect(loaded.definition.config.colors.accentPrimary).toEqual({ light: '#0a7c5a', dark: '#0a7c5a' });
    expect(loaded.definition.config.redirects).toEqual([
      { source: '/old-guide', destination: '/guides/guide', permanent: true },
      { source: '/legacy/*', destination: '/guides/*', permanent: false },
    ]);
    expect(Object.values(loaded.project.apis)[0]?.endpoints.getPet?.title).toBe('Get a pet');
  });

  it('lists every file it read for watching: docs.yml, pages, the spec and the files its $refs reach', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': { get: { responses: { '200': { $ref: 'common.json#/responses/ok' } } } },
        '/b': { get: { responses: { '200': { $ref: 'missing.json#/x' } } } },
      },
    };
    const dir = await project(
      'title: X\nnavigation:\n  - page: P\n    path: intro.md\n  - api: API\n    spec: spec.json\n',
      {
        'intro.md': '# Hi\n',
        'spec.json': JSON.stringify(spec),
        'common.json': JSON.stringify({ responses: { ok: { description: 'ok' } } }),
        'unused.json': '{}',
      },
    );
    const loaded = await loadDocsProject(dir, { tolerateApiErrors: true });
    const watched = new Set(loaded.watchedFiles);
    for (const file of ['docs.yml', 'intro.md', 'spec.json', 'common.json', 'missing.json'])
      expect(watched, file).toContain(join(dir, file));
    expect(watched).not.toContain(join(dir, 'unused.json'));
  });

  it('names file, line and pointer of a bad enum value', async () => {
    const dir = await project(
      'title: X\nlayout:\n  headerPosition: STICKY\nnavigation:\n  - link: A\n    href: /a\n',
    );
    const error = await loadError(dir);
    expect(error.file).toBe('docs.yml');
    expect(error.pointer).toBe('/layout/headerPosition');
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/^docs\.yml:3 at \/layout\/headerPosition: /);
  });

  it('names the navigation entry of a missing page file', async () => {
    const dir = await project(
      'title: X\nnavigation:\n  - section: S\n    contents:\n      - page: P\n        path: nope.md\n',
    );
    const error = await loadError(dir);
    expect(error.pointer).toBe('/navigation/0/contents/0/path');
    expect(error.line).toBe(6);
    expect(error.reason).toContain('nope.md');
  });

  it('refuses files outside the project folder', async () => {
    const dir = await project('title: X\nnavigation:\n  - page: P\n    path: ../../etc/passwd\n');
    expect((await loadError(dir)).reason).toContain('outside the project folder');
  });

  describe('$refs stay inside the project folder', () => {
    const refSpec = (ref: string) =>
      JSON.stringify(
        {
          openapi: '3.1.0',
          info: { title: 'T', version: '1' },
          paths: { '/a': { get: { responses: { '200': { $ref: ref } } } } },
        },
        null,
        2,
      );
    /** base/secret.json (outside) and base/project/{docs.yml, api/spec.json, shared/common.json}. */
    async function refProject(ref: string): Promise<{ base: string; dir: string }> {
      const base = await mkdtemp(join(tmpdir(), 'sextant-ref-escape-'));
      const dir = join(base, 'project');
      await mkdir(join(dir, 'api'), { recursive: true });
      await mkdir(join(dir, 'shared'));
      const ok = JSON.stringify({ responses: { ok: { description: 'shared ok' } } });
      await writeFile(join(base, 'secret.json'), ok);
      await writeFile(join(dir, 'shared', 'common.json'), ok);
      await writeFile(
        join(dir, 'docs.yml'),
        'title: X\nnavigation:\n  - api: API\n    spec: api/spec.json\n',
      );
      await writeFile(join(dir, 'api', 'spec.json'), refSpec(ref));
      return { base, dir };
    }

    it('follows a $ref into a sibling folder of the project', async () => {
      const { dir } = await refProject('../shared/common.json#/responses/ok');
      const loaded = await loadDocsProject(dir);
      expect(JSON.stringify(loaded.project.apis)).toContain('shared ok');
    });

    it('refuses a ../ $ref that leaves the project, naming the spec line of the $ref', async () => {
      const { dir } = await refProject('../../secret.json#/responses/ok');
      const error = await loadError(dir);
      expect(error.pointer).toBe('/navigation/0/spec');
      expect(error.reason).toMatch(
        /spec\.json:\d+ at \/paths\/~1a\/get\/responses\/200: \$ref "\.\.\/\.\.\/secret\.json#\/responses\/ok" .*"\.\.\/\.\.\/secret\.json" is outside the project folder/,
      );
    });

    it('refuses a $ref to a symlink that leads out of the project', async () => {
      const { base, dir } = await refProject('link.json#/responses/ok');
      await symlink(join(base, 'secret.json'), join(dir, 'api', 'link.json'));
      const error = await loadError(dir);
      expect(error.reason).toContain('"link.json" is outside the project folder');
    });

    it('refuses an absolute $ref path outside the project', async () => {
      const { dir } = await refProject('/etc/passwd#/responses/ok');
      expect((await loadError(dir)).reason).toContain('"/etc/passwd" is outside the project folder');
    });
  });

  it('a folder without docs.yml says how to make one (an installed sextant has no examples/ to copy)', async () => {
    const error = await loadError(await mkdtemp(join(tmpdir(), 'sextant-no-docs-yml-')));
    expect(error.reason).toMatch(
      /^no docs\.yml in .*: create one with `sextant init` or point at a spec file$/,
    );
  });

  it('reports YAML syntax errors with their line', async () => {
    const dir = await project('title: X\nnavigation: [\n  - oops: : :\n');
    const error = await loadError(dir);
    expect(error.reason).toContain('invalid YAML');
    expect(error.line).toBeGreaterThan(1);
  });

  it('names the file, pointer and line of a bad value: docs.yml, a version file, front matter', async () => {
    const inDocsYml = await loadError(await project('navigation: []\ntitle: 3\n'));
    expect([inDocsYml.file, inDocsYml.pointer, inDocsYml.line]).toEqual(['docs.yml', '/title', 2]);
    const versioned = await project('title: X\nversions:\n  - name: v2\n    path: v2.yml\n', {
      'v2.yml': '# v2\nnavigation: 3\n',
    });
    const inVersionFile = await loadError(versioned);
    expect([inVersionFile.file, inVersionFile.pointer, inVersionFile.line]).toEqual([
      'v2.yml',
      '/navigation',
      2,
    ]);
    const page = await project('title: X\nnavigation:\n  - page: P\n    path: p.md\n', {
      'p.md': '---\ntitle: T\ntags: 3\n---\nHello\n',
    });
    const inFrontMatter = await loadError(page);
    expect([inFrontMatter.file, inFrontMatter.pointer, inFrontMatter.line]).toEqual(['p.md', '/tags', 3]);
    expect(inFrontMatter.reason).toMatch(/^front matter: /);
    const badYaml = await project('title: X\nnavigation:\n  - page: P\n    path: p.md\n', {
      'p.md': '---\ntitle: T\ntags: [\n---\nHello\n',
    });
    expect((await loadError(badYaml)).reason).toMatch(/^invalid front matter: /);
  });

  it('rejects unknown keys, an api entry with both spec and url, and unsafe links', async () => {
    expect(
      (await loadError(await project('title: X\ncolour: red\nnavigation:\n  - link: A\n    href: /a\n')))
        .reason,
    ).toMatch(/unrecognized|colour/i);
    expect(
      (
        await loadError(
          await project('title: X\nnavigation:\n  - api: A\n    spec: a.json\n    url: /openapi.json\n'),
        )
      ).reason,
    ).toContain('exactly one');
    expect(
      (
        await loadError(
          await project('title: X\nnavigation:\n  - link: A\n    href: "javascript:alert(1)"\n'),
        )
      ).pointer,
    ).toBe('/navigation/0/href');
  });

  it('refuses a redirect whose destination holds a line break or a backslash, naming its line', async () => {
    const yml = (destination: string) =>
      `title: X\nnavigation:\n  - link: A\n    href: /a\nredirects:\n  - source: /old\n    destination: ${destination}\n`;
    const broken = await loadError(await project(yml('"/new\\r\\nSet-Cookie: x=1"')));
    expect(broken.pointer).toBe('/redirects/0/destination');
    expect(broken.line).toBe(7);
    expect(broken.reason).toContain('line breaks');
    expect((await loadError(await project(yml('"/\\\\evil.example"')))).pointer).toBe(
      '/redirects/0/destination',
    );
  });

  it('names the spec of an API that cannot be imported', async () => {
    const dir = await project('title: X\nnavigation:\n  - api: Broken\n    spec: broken.json\n', {
      'broken.json': '{"openapi": "3.1.0", "paths": 5',
    });
    const error = await loadError(dir);
    expect(error.pointer).toBe('/navigation/0/spec');
    expect(error.reason).toContain('Broken');
  });

  it('can carry on past a broken API, showing the error in its section', async () => {
    const dir = await project('title: X\nnavigation:\n  - api: Broken\n    spec: broken.json\n', {
      'broken.json': '{"openapi": "3.1.0", "paths": 5',
    });
    const loaded = await loadDocsProject(dir, { tolerateApiErrors: true });
    expect(loaded.apiErrors.map((e) => e.pointer)).toEqual(['/navigation/0/spec']);
    expect(loaded.project.apis['api-1']?.description).toContain('docs.yml:4 at /navigation/0/spec');
  });

  it('reads specs by URL through the given fetcher', async () => {
    const dir = await writeFixtureProject();
    const specText = await import('node:fs/promises').then((fs) =>
      fs.readFile(join(dir, 'petstore.json'), 'utf8'),
    );
    const urlDir = await project('title: X\nnavigation:\n  - api: Remote\n    url: /openapi.json\n');
    const requested: string[] = [];
    const loaded = await loadDocsProject(urlDir, {
      fetchText: async (url) => {
        requested.push(url);
        return specText;
      },
    });
    expect(requested).toEqual(['/openapi.json']);
    expect(Object.values(loaded.project.apis)[0]?.title).toBe('Pet Store');
  });

  it('validates front matter', async () => {
    const dir = await project('title: X\nnavigation:\n  - page: P\n    path: p.md\n', {
      'p.md': '---\nlayout: wide\n---\nText\n',
    });
    const error = await loadError(dir);
    expect(error.file).toBe('p.md');
    expect(error.pointer).toBe('/layout');
    expect(error.line).toBe(2);
  });

  it('inlines small images as data URLs', async () => {
    const dir = await project(
      'title: X\nlogo:\n  light: logo.svg\nnavigation:\n  - link: A\n    href: /a\n',
      { 'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    );
    const loaded = await loadDocsProject(dir);
    expect(loaded.definition.config.logo?.light).toEqual({
      type: 'url',
      url: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
  });
});
