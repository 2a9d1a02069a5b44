import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_DOCS_FILE_BYTES } from '@sextant/registry-client';
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error.js';
import { filesChanged, formatBytes, type HashedFile, hashFiles, plannedFiles } from './publish-files.js';

const file = (path: string, sha256: string, contentType = 'image/png'): HashedFile => ({
  path,
  sha256,
  contentType,
  size: 3,
  absolutePath: `/p/${path}`,
  referencedAt: 'docs.yml',
});
const linked = (sha256: string, contentType = 'image/png') => ({
  fileId: `id-${sha256}`,
  sha256,
  size: 3,
  contentType,
});

describe('publish files', () => {
  it('hashes files as streamed sha256, reporting each', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-publish-files-'));
    await writeFile(join(dir, 'a.png'), 'abc');
    const steps: string[] = [];
    const [hashed] = await hashFiles(
      [
        {
          path: 'a.png',
          absolutePath: join(dir, 'a.png'),
          size: 3,
          contentType: 'image/png',
          referencedAt: 'docs.yml',
        },
      ],
      (text) => steps.push(text),
    );
    expect(hashed?.sha256).toBe(createHash('sha256').update('abc').digest('hex'));
    expect(steps).toEqual(['hashing a.png (file 1 of 1, 0 B of 3 B)']);
  });

  it('refuses a file over the registry cap before sending anything, naming where it is referenced', async () => {
    const error = await hashFiles([
      {
        path: 'video.mp4',
        absolutePath: '/nowhere/video.mp4',
        size: MAX_DOCS_FILE_BYTES + 1,
        contentType: 'video/mp4',
        referencedAt: 'pages/a.md:3',
      },
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toMatch(
      /^pages\/a\.md:3: "video\.mp4" is 52\.4 MB; the registry accepts files up to 52\.4 MB$/,
    );
  });

  it('sees a change in content, type, added or removed files; not in order', () => {
    const local = [file('a.png', '1'), file('b.png', '2')];
    expect(filesChanged(local, { 'b.png': linked('2'), 'a.png': linked('1') })).toBe(false);
    expect(filesChanged(local, { 'a.png': linked('1'), 'b.png': linked('3') })).toBe(true);
    expect(filesChanged(local, { 'a.png': linked('1'), 'b.png': linked('2', 'image/gif') })).toBe(true);
    expect(filesChanged(local, { 'a.png': linked('1') })).toBe(true);
    expect(filesChanged(local, { 'a.png': linked('1'), 'c.png': linked('2') })).toBe(true);
    expect(filesChanged([], {})).toBe(false);
  });

  it('plans uploads against what the domain serves', () => {
    const local = [file('a.png', '1'), file('moved/b.png', '2')];
    expect(plannedFiles(local, { 'b.png': linked('2') }, true).map((entry) => entry.status)).toEqual([
      'would-upload',
      'stored',
    ]);
    expect(plannedFiles(local, undefined, true).map((entry) => entry.status)).toEqual([
      'would-upload',
      'would-upload',
    ]);
    expect(plannedFiles(local, {}, false).map((entry) => entry.status)).toEqual(['unchanged', 'unchanged']);
  });

  it('formats sizes', () => {
    expect([0, 999, 1000, 12_345, 1_000_000, 52_428_801].map(formatBytes)).toEqual([
      '0 B',
      '999 B',
      '1.0 kB',
      '12.3 kB',
      '1.0 MB',
      '52.4 MB',
    ]);
  });
});
