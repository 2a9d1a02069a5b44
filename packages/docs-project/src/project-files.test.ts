import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf } from './content-types.js';
import { DocsProjectError } from './errors.js';
import { trustProjectLink } from './inside-project.js';
import { loadDocsProject } from './load-docs-project.js';
import { collectProjectFiles } from './project-files.js';

async function project(page: string, files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-project-files-'));
  await mkdir(join(dir, 'pages'));
  await writeFile(
    join(dir, 'docs.yml'),
    'title: Files\nlogo:\n  light: assets/logo.svg\nfavicon: assets/logo.svg\nnavigation:\n  - page: Guide\n    path: pages/guide.md\n',
  );
  await writeFile(join(dir, 'pages/guide.md'), page);
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'assets/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

describe('collectProjectFiles', () => {
  it('collects config files once and markdown images and file links, with where they are named', async () => {
    const dir = await project(
      '---\ntitle: Guide\n---\n# Guide\n\n![d](../images/d.png)\n\n[spec](files/api.yaml) [page](other.md)\n\n![again](../images/d.png)\n',
      { 'images/d.png': 'png', 'pages/files/api.yaml': 'openapi: 3.1.0' },
    );
    const loaded = await loadDocsProject(dir, { inlineImages: false });
    const { files, errors } = await collectProjectFiles(loaded);
    expect(errors).toEqual([]);
    expect(files.map((file) => [file.path, file.contentType, file.size, file.referencedAt])).toEqual([
      ['assets/logo.svg', 'image/svg+xml', 41, 'docs.yml'],
      ['images/d.png', 'image/png', 3, 'pages/guide.md:6'],
      ['pages/files/api.yaml', 'application/yaml', 14, 'pages/guide.md:8'],
    ]);
    expect(files[1]?.absolutePath).toBe(join(dir, 'images/d.png'));
  });

  it('inlined images (the dev default) are not files to serve', async () => {
    const loaded = await loadDocsProject(await project('# Guide\n'));
    expect((await collectProjectFiles(loaded)).files).toEqual([]);
  });

  it('locates missing files and references outside the project by page and line (front matter counted)', async () => {
    const dir = await project(
      '---\ntitle: Guide\n---\nText\n\n![gone](img/none.png)\n<img src="../../etc/passwd.png">\n',
      {},
    );
    const { files, errors } = await collectProjectFiles(await loadDocsProject(dir, { inlineImages: false }));
    expect(files.map((file) => file.path)).toEqual(['assets/logo.svg']);
    expect(errors.map((error) => error.message)).toEqual([
      'pages/guide.md:6: image "img/none.png" does not exist (looked for pages/img/none.png)',
      'pages/guide.md:7: "../../etc/passwd.png" is outside the project folder: move the file into the project',
    ]);
  });

  it('follows symlinks: a markdown image or file link that leads out of the project is refused like ../', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'sextant-outside-'));
    await writeFile(join(outside, 'secret.png'), 'secret');
    const dir = await project(
      '![a](../images/leak.png)\n[b](../linked/secret.png)\n![c](../images/ok.png)\n',
      {
        'images/real.png': 'png',
      },
    );
    await symlink(join(outside, 'secret.png'), join(dir, 'images/leak.png'));
    await symlink(outside, join(dir, 'linked'));
    // A link that stays inside the project is fine.
    await symlink(join(dir, 'images/real.png'), join(dir, 'images/ok.png'));
    const { files, errors } = await collectProjectFiles(await loadDocsProject(dir, { inlineImages: false }));
    expect(files.map((file) => file.path)).toEqual(['assets/logo.svg', 'images/ok.png']);
    expect(errors.map((error) => error.message)).toEqual([
      'pages/guide.md:1: "../images/leak.png" is outside the project folder: move the file into the project',
      'pages/guide.md:2: "../linked/secret.png" is outside the project folder: move the file into the project',
    ]);
  });

  it('refuses a page, logo or spec that is a symlink out of the project with the "../" message', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'sextant-outside-'));
    await writeFile(join(outside, 'passwd'), 'root:x:0:0');
    for (const target of ['pages/guide.md', 'assets/logo.svg']) {
      const dir = await project('# Guide\n');
      await rm(join(dir, target));
      await symlink(join(outside, 'passwd'), join(dir, target));
      const error = await loadDocsProject(dir, { inlineImages: false }).catch((e: unknown) => e);
      expect(error, target).toBeInstanceOf(DocsProjectError);
      expect((error as Error).message).toContain(`"${target}" is outside the project folder`);
    }
  });

  it('follows a link Sextant made itself (the single-spec preview) only while it is trusted', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'sextant-spec-folder-'));
    await writeFile(join(outside, 'guide.md'), '# Linked guide\n');
    const dir = await project('# Guide\n');
    await rm(join(dir, 'pages/guide.md'));
    await symlink(join(outside, 'guide.md'), join(dir, 'pages/guide.md'));
    const untrust = trustProjectLink(dir, outside);
    const loaded = await loadDocsProject(dir, { inlineImages: false });
    expect(
      loaded.definition.pages['page:guide']?.markdown ?? JSON.stringify(loaded.definition.pages),
    ).toContain('Linked guide');
    untrust();
    expect(await loadDocsProject(dir, { inlineImages: false }).catch((e: unknown) => e)).toBeInstanceOf(
      DocsProjectError,
    );
  });

  it('a folder is not a file', async () => {
    const dir = await project('![x](../images)\n', {});
    await mkdir(join(dir, 'images'));
    const { errors } = await collectProjectFiles(await loadDocsProject(dir, { inlineImages: false }));
    expect(errors[0]?.message).toMatch(/^pages\/guide\.md:1: image "\.\.\/images" does not exist/);
  });

  it('names content types by extension, octet-stream otherwise', () => {
    expect(contentTypeOf('a/B.PNG')).toBe('image/png');
    expect(contentTypeOf('font.woff2')).toBe('font/woff2');
    expect(contentTypeOf('archive.tar.xz')).toBe('application/octet-stream');
    expect(contentTypeOf('Makefile')).toBe('application/octet-stream');
  });
});
