/**
 * `sextant dev`'s unreleased API changelog on real git repositories in temporary folders: the
 * working spec against HEAD (a breaking change is MAJOR and named; a change in a `$ref`'d file
 * counts), nothing when the spec is unchanged, new since HEAD, or the project is not in git; and
 * the entry on the served changelog page through the whole server.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type HeadDefinitions, loadDocsProject, unreleasedApiChangelog } from '@sextant/docs-project';
import { gitIn, petsSpec } from '@sextant/docs-project/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';

const DOCS_YML = `title: Pets Docs
navigation:
  - page: Welcome
    path: welcome.md
  - api: Pets API
    spec: specs/pets.json
  - changelog: Changelog
    path: changelog/
`;

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

async function write(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

/** A repository holding the project in `docs/`, committed with `files`; returns the project folder. */
async function committedProject(files: Record<string, string>, git = true): Promise<string> {
  const repo = await mkdtemp(join(tmpdir(), 'sextant-unreleased-'));
  folders.push(repo);
  const project = join(repo, 'docs');
  await write(project, {
    'docs.yml': DOCS_YML,
    'welcome.md': '# Welcome\n',
    'changelog/2026-01-15.md': '# Launch\n\nThe Pets API is live.\n',
    ...files,
  });
  if (git) {
    gitIn(repo, ['init', '-q']);
    gitIn(repo, ['add', '.']);
    gitIn(repo, ['commit', '-q', '-m', 'docs']);
  }
  return project;
}

async function unreleasedOf(dir: string, heads?: HeadDefinitions) {
  const loaded = await loadDocsProject(dir, { lastUpdated: false });
  return unreleasedApiChangelog({
    dir,
    apis: loaded.project.apis,
    specFiles: loaded.apiSpecFiles,
    now: new Date('2026-11-26T10:00:00Z'),
    ...(heads ? { heads } : {}),
  });
}

describe('unreleasedApiChangelog', () => {
  it('diffs the working spec against git HEAD: the breaking change named, MAJOR', async () => {
    const dir = await committedProject({ 'specs/pets.json': petsSpec('1.4.0') });
    expect(await unreleasedOf(dir)).toEqual({});
    await writeFile(join(dir, 'specs/pets.json'), petsSpec('2.0.0'));
    const heads: HeadDefinitions = new Map();
    const found = await unreleasedOf(dir, heads);
    const [entry] = found['api-1'] ?? [];
    expect(entry).toMatchObject({
      bump: 'MAJOR',
      version: '2.0.0',
      previousVersion: '1.4.0',
      publishedAt: '2026-11-26T10:00:00.000Z',
      unreleased: { against: expect.stringMatching(/^git HEAD \([0-9a-f]{7,}\)$/) },
    });
    expect(entry?.changes[0]).toMatchObject({ breaking: true, method: 'GET', path: '/pets' });
    expect(entry?.changes[0]?.message).toContain('species');
    expect(entry?.changes.some((c) => c.category === 'added' && c.method === 'POST')).toBe(true);
    // HEAD's side is imported once per commit: a second reload reads it from `heads`.
    expect(heads.size).toBe(1);
    await unreleasedOf(dir, heads);
    expect(heads.size).toBe(1);
  });

  it("sees a change in a $ref'd file of the spec", async () => {
    const spec = (type: string) => ({
      'specs/pets.json': JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'Pets API', version: '1.0.0' },
        paths: {
          '/pets/{id}': {
            get: {
              operationId: 'getPet',
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
              responses: {
                '200': {
                  description: 'A pet',
                  content: { 'application/json': { schema: { $ref: 'pet.json' } } },
                },
              },
            },
          },
        },
      }),
      'specs/pet.json': JSON.stringify({
        type: 'object',
        required: ['age'],
        properties: { age: { type } },
      }),
    });
    const dir = await committedProject(spec('integer'));
    await write(dir, { 'specs/pet.json': spec('string')['specs/pet.json'] });
    const [entry] = (await unreleasedOf(dir))['api-1'] ?? [];
    expect(entry?.summary.total).toBeGreaterThan(0);
    expect(JSON.stringify(entry?.changes)).toContain('age');
  });

  it('gives nothing outside git, for an API new since HEAD, or when HEAD holds no commit', async () => {
    const outside = await committedProject({ 'specs/pets.json': petsSpec('1.4.0') }, false);
    await writeFile(join(outside, 'specs/pets.json'), petsSpec('2.0.0'));
    expect(await unreleasedOf(outside)).toEqual({});

    const added = await committedProject({ 'specs/other.json': petsSpec('1.4.0') });
    await writeFile(join(added, 'specs/pets.json'), petsSpec('2.0.0'));
    expect(await unreleasedOf(added)).toEqual({});

    const empty = await committedProject({ 'specs/pets.json': petsSpec('1.4.0') }, false);
    gitIn(empty, ['init', '-q']);
    expect(await unreleasedOf(empty)).toEqual({});
  });

  it('gives nothing when HEAD holds a spec that does not import', async () => {
    const dir = await committedProject({ 'specs/pets.json': '{"openapi": "3.1.0", "paths": [' });
    await writeFile(join(dir, 'specs/pets.json'), petsSpec('2.0.0'));
    expect(await unreleasedOf(dir)).toEqual({});
  });

  it('shows on the changelog page the dev server serves, newest first, tagged Unreleased', async () => {
    const dir = await committedProject({ 'specs/pets.json': petsSpec('1.4.0') });
    await writeFile(join(dir, 'specs/pets.json'), petsSpec('2.0.0'));
    const app = await buildServer({
      mode: 'local',
      parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
      docs: { projectDir: dir, unreleasedChanges: true },
      authInjection: false,
    });
    try {
      const page = await app.inject({ url: '/changelog' });
      expect(page.statusCode).toBe(200);
      const first = page.body.indexOf('Pets API (unreleased)');
      expect(first).toBeGreaterThan(-1);
      expect(first).toBeLessThan(page.body.indexOf('Launch'));
      const entry = await app.inject({ url: '/changelog/pets-api-unreleased' });
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toContain('Unreleased, compared with git HEAD');
      expect(entry.body).toContain('<strong>MAJOR</strong>');
      expect(entry.body).toContain('Breaking changes');
      expect(entry.body).toContain('species');
    } finally {
      await app.close();
    }
    // `sextant serve` (no unreleasedChanges) shows only what was published.
    const serve = await buildServer({
      mode: 'local',
      parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
      docs: { projectDir: dir },
      authInjection: false,
    });
    try {
      expect((await serve.inject({ url: '/changelog' })).body).not.toContain('unreleased');
    } finally {
      await serve.close();
    }
  });
});
