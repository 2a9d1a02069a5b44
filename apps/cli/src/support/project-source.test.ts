import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDocsProject } from '@sextant/docs-project';
import { describe, expect, it } from 'vitest';
import { openProjectSource } from './project-source.js';

const ok = (text: string) => JSON.stringify({ responses: { ok: { description: text } } });

/** base/secret.json (outside) and base/specs/{spec.json, common.json}: `sextant dev specs/spec.json`. */
async function singleSpec(ref: string): Promise<{ base: string; spec: string }> {
  const base = await mkdtemp(join(tmpdir(), 'sextant-single-spec-'));
  await mkdir(join(base, 'specs'));
  await writeFile(join(base, 'secret.json'), ok('secret'));
  await writeFile(join(base, 'specs', 'common.json'), ok('sibling ok'));
  const spec = join(base, 'specs', 'spec.json');
  await writeFile(
    spec,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { responses: { '200': { $ref: ref } } } } },
    }),
  );
  return { base, spec };
}

async function load(spec: string) {
  const source = await openProjectSource(spec);
  try {
    return await loadDocsProject(source.projectDir);
  } finally {
    await source.dispose();
  }
}

describe('openProjectSource on a single spec: its folder is the project', () => {
  it('follows a $ref to a file beside the spec', async () => {
    const { spec } = await singleSpec('common.json#/responses/ok');
    expect(JSON.stringify((await load(spec)).project.apis)).toContain('sibling ok');
  });

  it('refuses a $ref that leaves the spec folder, by ../ or by a symlink', async () => {
    const { spec } = await singleSpec('../secret.json#/responses/ok');
    await expect(load(spec)).rejects.toThrow('"../secret.json" is outside the project folder');
    const linked = await singleSpec('link.json#/responses/ok');
    await symlink(join(linked.base, 'secret.json'), join(linked.base, 'specs', 'link.json'));
    await expect(load(linked.spec)).rejects.toThrow('"link.json" is outside the project folder');
  });
});

describe("a spec's project is titled by the spec", () => {
  it("takes info.title, and the file's name when the spec has none or does not parse", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-title-'));
    const titled = join(dir, 'rest.yaml');
    await writeFile(
      titled,
      'openapi: 3.1.0\ninfo:\n  title: "  Acme \\"Pets\\" API "\n  version: "1"\npaths: {}\n',
    );
    expect((await load(titled)).project.config.title).toBe('Acme "Pets" API');
    const untitled = join(dir, 'bare.json');
    await writeFile(
      untitled,
      JSON.stringify({ openapi: '3.1.0', info: { title: 42, version: '1' }, paths: {} }),
    );
    const source = await openProjectSource(untitled);
    try {
      expect(await readFile(join(source.projectDir, 'docs.yml'), 'utf8')).toMatch(/^title: "bare"\n/);
    } finally {
      await source.dispose();
    }
    const broken = join(dir, 'broken.yaml');
    await writeFile(broken, 'openapi: 3.1.0\ninfo: [unclosed\n');
    const brokenSource = await openProjectSource(broken);
    try {
      expect(await readFile(join(brokenSource.projectDir, 'docs.yml'), 'utf8')).toMatch(/^title: "broken"\n/);
    } finally {
      await brokenSource.dispose();
    }
  });
});

describe('openProjectSource on a folder without docs.yml', () => {
  it('uses the one API description the folder holds, whatever its name', async () => {
    const { base } = await singleSpec('common.json#/responses/ok');
    // common.json is a fragment (no format key): not an API description.
    await writeFile(join(base, 'specs', 'package.json'), '{"name": "x", "version": "1.0.0"}');
    const source = await openProjectSource(join(base, 'specs'));
    try {
      expect(source.kind).toBe('spec');
      expect(source.watchDir).toBe(join(base, 'specs'));
      const { project } = await loadDocsProject(source.projectDir);
      expect(JSON.stringify(project.apis)).toContain('sibling ok');
    } finally {
      await source.dispose();
    }
  });

  it('reads YAML specs by their top-level key, and names every candidate when there are several', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-specs-'));
    await writeFile(
      join(dir, 'rest.yaml'),
      '# the REST API\nopenapi: 3.1.0\ninfo: {title: R, version: "1"}\npaths: {}\n',
    );
    await writeFile(join(dir, 'events.yml'), 'asyncapi: 3.0.0\ninfo: {title: E, version: "1"}\n');
    // An indented `openapi:` is not a top-level key.
    await writeFile(join(dir, 'config.yaml'), 'tools:\n  openapi: 3.1.0\n');
    await expect(openProjectSource(dir)).rejects.toThrow(
      `${dir}: no docs.yml here and 2 API descriptions (events.yml, rest.yaml); name one (\`sextant dev events.yml\`)`,
    );
  });

  it('says how to start when the folder holds no API description', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-empty-'));
    await writeFile(join(dir, 'notes.json'), '{"openapiLike": true}');
    await expect(openProjectSource(dir)).rejects.toThrow(
      `${dir}: no docs.yml here; run \`sextant init ${dir}\``,
    );
  });

  it('names the conversion for a Mintlify, Fern or Docusaurus site instead of serving a spec or misreading docs.yml', async () => {
    const folder = async (files: Record<string, string>) => {
      const dir = await mkdtemp(join(tmpdir(), 'sextant-other-site-'));
      for (const [name, text] of Object.entries(files)) {
        await mkdir(join(dir, name, '..'), { recursive: true });
        await writeFile(join(dir, name), text);
      }
      return dir;
    };
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 'P', version: '1' }, paths: {} });
    const mintlify = await folder({
      'docs.json': JSON.stringify({
        name: 'Acme',
        navigation: { pages: ['index'] },
        api: { openapi: 'openapi.json' },
      }),
      'openapi.json': spec,
    });
    await expect(openProjectSource(mintlify)).rejects.toThrow(
      `${mintlify}: a Mintlify site (docs.json), not a Sextant project: convert it with \`sextant init <new folder> --from mintlify ${mintlify}\``,
    );
    const fern = await folder({ 'fern/fern.config.json': '{}', 'fern/docs.yml': 'navigation: []\n' });
    await expect(openProjectSource(fern)).rejects.toThrow('a Fern site (fern/fern.config.json)');
    await expect(openProjectSource(join(fern, 'fern'))).rejects.toThrow(
      'a Fern site (fern.config.json), not a Sextant project: convert it with `sextant init <new folder> --from fern',
    );
    const docusaurus = await folder({
      'docusaurus.config.js': 'export default {};\n',
      'docs/intro.md': '# Hi\n',
    });
    await expect(openProjectSource(docusaurus)).rejects.toThrow('--from docusaurus');
    // A project of ours may sit in the site it replaces.
    const beside = await folder({ 'docusaurus.config.js': 'export default {};\n', 'docs.yml': 'title: T\n' });
    expect((await openProjectSource(beside)).kind).toBe('project');
  });

  it('reads a JSON spec by a key of its outermost object only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-json-keys-'));
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ api: { openapi: 'spec.json' } }));
    await writeFile(join(dir, 'list.json'), JSON.stringify([{ openapi: '3.1.0' }]));
    await expect(openProjectSource(dir)).rejects.toThrow(
      `${dir}: no docs.yml here; run \`sextant init ${dir}\``,
    );
  });
});

describe("a spec's load error", () => {
  it("is the spec's own, not the generated docs.yml's", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-broken-'));
    const spec = join(dir, 'broken.yaml');
    await writeFile(spec, 'openapi: 3.0.0\ninfo: {title: x\npaths: {}\n');
    const source = await openProjectSource(spec);
    try {
      const failure = await loadDocsProject(source.projectDir).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(source.errorLine(failure)).toMatch(/^broken\.yaml:3 at \/: invalid YAML\/JSON: /);
      const tolerated = await loadDocsProject(source.projectDir, { tolerateApiErrors: true });
      expect(tolerated.apiErrors?.map((error) => source.errorLine(error))).toEqual([
        source.errorLine(failure),
      ]);
    } finally {
      await source.dispose();
    }
  });
});
