import { mkdir, mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastUpdated } from './last-updated.js';
import { gitIn } from './testing/git-repo.js';

const MTIME = new Date('2025-06-01T12:00:00Z');

async function files(dir: string, names: string[]) {
  for (const name of names) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), `# ${name}\n`);
    await utimes(join(dir, name), MTIME, MTIME);
  }
}

describe('lastUpdated', () => {
  it("dates committed files by their last commit, changed and new ones by their file's time", async () => {
    const repo = await mkdtemp(join(tmpdir(), 'sextant-git-'));
    const project = join(repo, 'docs');
    const git = (args: string[], date: string) => gitIn(repo, args, date);
    git(['init', '-q'], '2026-01-01T00:00:00Z');
    await files(project, ['pages/a.md', 'pages/b.md', 'c.md']);
    git(['add', '.'], '2026-01-01T00:00:00Z');
    git(['commit', '-q', '-m', 'first'], '2026-01-01T10:00:00Z');
    await writeFile(join(project, 'pages/b.md'), '# b, again\n');
    git(['commit', '-q', '-am', 'second'], '2026-03-02T10:00:00Z');
    // c.md changed since its commit; d.md was never committed.
    await files(project, ['d.md']);
    await writeFile(join(project, 'c.md'), '# c, edited\n');
    await utimes(join(project, 'c.md'), MTIME, MTIME);
    const dates = await lastUpdated(project, ['pages/a.md', 'pages/b.md', 'c.md', 'd.md', 'missing.md']);
    expect(Object.fromEntries(dates)).toEqual({
      'pages/a.md': '2026-01-01T10:00:00.000Z',
      'pages/b.md': '2026-03-02T10:00:00.000Z',
      'c.md': MTIME.toISOString(),
      'd.md': MTIME.toISOString(),
    });
  });

  it('dates files by their time outside a git repository', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-nogit-'));
    await files(dir, ['x.md']);
    expect(Object.fromEntries(await lastUpdated(dir, ['x.md']))).toEqual({ 'x.md': MTIME.toISOString() });
  });
});
