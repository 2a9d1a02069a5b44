import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
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
