/**
 * The dev watcher on real files in a temporary folder, with real file-system events: what the
 * project loads reloads, anything else written beside it does not.
 */
import { appendFile, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@sextant/definition/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isExcluded, type ProjectWatch, watchProjectFiles } from './project-watch.js';

const DEBOUNCE = 30;
/**
 * A negative check's wait: long enough for an event and the debounce on a busy machine, so what
 * must not be reported would have been by then.
 */
const SETTLE = 400;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE));
/** Waits until `file` is reported (fs.watch registers at once: no wait is needed after start). */
const reported = (file: string) =>
  waitFor(() => changes.flat().includes(file), { message: `a change of ${file} reported` });

let dir: string;
let watcher: ProjectWatch | undefined;
let changes: string[][];

function start(files: string[], exclude: string[] = []): ProjectWatch {
  changes = [];
  watcher = watchProjectFiles({
    root: dir,
    exclude,
    debounceMs: DEBOUNCE,
    onChange: (changed) => changes.push(changed),
  });
  watcher.update(files);
  return watcher;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sextant-watch-'));
  await writeFile(join(dir, 'spec.yaml'), 'openapi: 3.1.0\n');
  await writeFile(join(dir, 'common.yaml'), 'components: {}\n');
});

afterEach(async () => {
  watcher?.close();
  watcher = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('watchProjectFiles', () => {
  it('reports an edit of the spec and of a $ref-reached file', async () => {
    start([join(dir, 'spec.yaml'), join(dir, 'common.yaml')]);
    await appendFile(join(dir, 'spec.yaml'), '# edit\n');
    await reported(join(dir, 'spec.yaml'));
    changes.length = 0;
    await appendFile(join(dir, 'common.yaml'), '# edit\n');
    await reported(join(dir, 'common.yaml'));
    expect(changes.flat()).toEqual([join(dir, 'common.yaml')]);
  });

  it('ignores an unrelated log written 20 times beside the spec', async () => {
    start([join(dir, 'spec.yaml'), join(dir, 'common.yaml')]);
    for (let i = 0; i < 20; i++) {
      await appendFile(join(dir, 'dev.log'), `line ${i}\n`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await writeFile(join(dir, 'other.json'), '{}');
    await settle();
    expect(changes).toEqual([]);
  });

  it('watches a file once it becomes part of the set, and stops watching a dropped one', async () => {
    const w = start([join(dir, 'spec.yaml')]);
    await appendFile(join(dir, 'common.yaml'), '# before it is referenced\n');
    await settle();
    expect(changes).toEqual([]);
    w.update([join(dir, 'spec.yaml'), join(dir, 'common.yaml')]);
    await appendFile(join(dir, 'common.yaml'), '# referenced now\n');
    await reported(join(dir, 'common.yaml'));
    expect(changes.flat()).toEqual([join(dir, 'common.yaml')]);
    changes.length = 0;
    w.update([join(dir, 'common.yaml')]);
    await appendFile(join(dir, 'spec.yaml'), '# no longer watched\n');
    await settle();
    expect(changes).toEqual([]);
  });

  it('sees a file saved by rename (delete and recreate), and again after that', async () => {
    start([join(dir, 'spec.yaml')]);
    for (const round of [1, 2]) {
      await writeFile(join(dir, '.spec.yaml.tmp'), `openapi: 3.1.0\n# round ${round}\n`);
      await rename(join(dir, '.spec.yaml.tmp'), join(dir, 'spec.yaml'));
      await reported(join(dir, 'spec.yaml'));
      changes.length = 0;
    }
    await rm(join(dir, 'spec.yaml'));
    await settle();
    changes.length = 0;
    await writeFile(join(dir, 'spec.yaml'), 'openapi: 3.1.0\n');
    await reported(join(dir, 'spec.yaml'));
  });

  it('sees a missing referenced file when it is created, folder and all', async () => {
    const missing = join(dir, 'schemas', 'pet.yaml');
    start([join(dir, 'spec.yaml'), missing]);
    await mkdir(join(dir, 'schemas'));
    await writeFile(missing, 'type: object\n');
    await waitFor(() => changes.length > 0, { message: 'the new file reported' });
  });

  it('resolves symlinks: a file named through a linked folder is watched where it lives', async () => {
    const project = await mkdtemp(join(tmpdir(), 'sextant-watch-link-'));
    try {
      await symlink(dir, join(project, 'api'), 'dir');
      const w = start([join(project, 'api', 'spec.yaml')]);
      expect(w.files()).toEqual([join(dir, 'spec.yaml')]);
      await appendFile(join(dir, 'spec.yaml'), '# edit\n');
      await reported(join(dir, 'spec.yaml'));
      expect(changes.flat()).toEqual([join(dir, 'spec.yaml')]);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('never watches its data directory, dotfolders or node_modules', async () => {
    await mkdir(join(dir, '.sextant', 'data'), { recursive: true });
    await mkdir(join(dir, 'node_modules', 'x'), { recursive: true });
    await mkdir(join(dir, 'registry'), { recursive: true });
    const files = [
      join(dir, '.sextant', 'data', 'pg.log'),
      join(dir, 'node_modules', 'x', 'schema.json'),
      join(dir, 'registry', 'wal'),
      join(dir, 'spec.yaml'),
    ];
    const w = start(files, [join(dir, 'registry')]);
    expect(w.files()).toEqual([join(dir, 'spec.yaml')]);
    for (const file of files.slice(0, 3)) await writeFile(file, 'x');
    await settle();
    expect(changes).toEqual([]);
  });
});

describe('watchProjectFiles: a folder of entries', () => {
  it('sees a new file of a folder watched as folder/* (a changelog entry), not a dotfile', async () => {
    await mkdir(join(dir, 'changelog'));
    await writeFile(join(dir, 'changelog', '2026-01-01.md'), '# One\n');
    start([join(dir, 'changelog', '*')]);
    await writeFile(join(dir, 'changelog', '.2026-02-01.md.swp'), 'x');
    await settle();
    expect(changes).toEqual([]);
    await writeFile(join(dir, 'changelog', '2026-02-01.md'), '# Two\n');
    await reported(join(dir, 'changelog', '2026-02-01.md'));
  });
});

describe('isExcluded', () => {
  it('applies the dotfolder and node_modules rule only below the root', () => {
    expect(isExcluded('/home/u/.config/p/spec.yaml', { root: '/home/u/.config/p' })).toBe(false);
    expect(isExcluded('/p/.git/HEAD', { root: '/p' })).toBe(true);
    expect(isExcluded('/p/a/node_modules/b.json', { root: '/p' })).toBe(true);
    expect(isExcluded('/p/.env.yaml', { root: '/p' })).toBe(false);
    expect(isExcluded('/p/data/x', { root: '/p', exclude: ['/p/data'] })).toBe(true);
  });
});
