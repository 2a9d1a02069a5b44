/**
 * The boundary check: each rule on a small workspace tree written to a temp folder (so every
 * violation is seen to fail), then the repository itself, which must hold.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { checkBoundaries, formatGraph } from './check-boundaries.mjs';

const LAYERS = ['base', 'middle', 'top'];
const OPTIONS = { layers: LAYERS, allowedAppEdges: ['cli→server'] };

interface Workspace {
  dependencies?: string[];
  exports?: Record<string, string>;
  files: Record<string, string>;
}

let roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
  roots = [];
});

/** A workspace tree: `packages/base|middle|top`, `apps/cli|server|web`, each with the files given. */
async function tree(overrides: Record<string, Partial<Workspace>> = {}): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'sextant-boundaries-'));
  roots.push(root);
  await writeFile(join(root, 'package.json'), JSON.stringify({ workspaces: ['packages/*', 'apps/*'] }));
  const defaults: Record<string, Workspace> = {
    'packages/base': { files: { 'src/index.ts': 'export const base = 1;\n' } },
    'packages/middle': {
      dependencies: ['@x/base'],
      exports: { '.': './src/index.ts', './testing': './src/testing.ts' },
      files: {
        'src/index.ts': "import { base } from '@x/base';\nexport const middle = base;\n",
        'src/testing.ts': 'export const fixture = 1;\n',
        'src/internal.ts': 'export const hidden = 1;\n',
      },
    },
    'packages/top': {
      dependencies: ['@x/base', '@x/middle'],
      files: {
        'src/index.ts':
          "export { middle } from '@x/middle';\nexport const later = () => import('@x/base');\n" +
          "import type { fixture } from '@x/middle/testing';\nexport type F = typeof fixture;\n",
      },
    },
    'apps/server': {
      dependencies: ['@x/top'],
      files: { 'src/index.ts': "import { middle } from '@x/top';\nexport const serve = middle;\n" },
    },
    'apps/cli': {
      dependencies: ['@x/server'],
      files: { 'src/main.ts': "const server = await import('@x/server');\nexport { server };\n" },
    },
    'apps/web': { files: { 'src/main.ts': 'export {};\n' } },
  };
  for (const [dir, base] of Object.entries(defaults)) {
    const workspace = { ...base, ...overrides[dir], files: { ...base.files, ...overrides[dir]?.files } };
    const name = `@x/${dir.split('/')[1]}`;
    const dependencies = Object.fromEntries((workspace.dependencies ?? []).map((d) => [d, '*']));
    await mkdir(join(root, dir), { recursive: true });
    await writeFile(
      join(root, dir, 'package.json'),
      JSON.stringify({ name, exports: workspace.exports ?? { '.': './src/index.ts' }, dependencies }),
    );
    for (const [file, text] of Object.entries(workspace.files)) {
      await mkdir(dirname(join(root, dir, file)), { recursive: true });
      await writeFile(join(root, dir, file), text);
    }
  }
  return root;
}

function violationsOf(root: string): string[] {
  return checkBoundaries(root, OPTIONS).violations;
}

describe('the boundary check', () => {
  it('passes a tree that keeps the rules, and prints its graph with every kind of import', async () => {
    const root = await tree();
    const result = checkBoundaries(root, OPTIONS);
    expect(result.violations).toEqual([]);
    const graph = formatGraph(result, LAYERS);
    expect(graph).toContain('packages/top              → base (1), middle (2)');
    expect(graph).toContain('apps/cli              → server (1)');
    expect(graph.indexOf('packages/base')).toBeLessThan(graph.indexOf('packages/top'));
    expect(graph.indexOf('packages/top')).toBeLessThan(graph.indexOf('apps/cli'));
  });

  it('fails an app importing an app other than cli → server', async () => {
    const root = await tree({
      'apps/web': { dependencies: ['@x/server'], files: { 'src/main.ts': "import '@x/server';\n" } },
    });
    expect(violationsOf(root)).toEqual(['app imports app: apps/web/src/main.ts imports @x/server']);
  });

  it('fails a package importing an app', async () => {
    const root = await tree({
      'packages/top': { dependencies: ['@x/web'], files: { 'src/index.ts': "export * from '@x/web';\n" } },
    });
    expect(violationsOf(root)).toEqual(['package imports app: packages/top/src/index.ts imports @x/web']);
  });

  it('fails a package importing one below it in the layers, and one the layers do not place', async () => {
    const upward = await tree({
      'packages/base': {
        dependencies: ['@x/top'],
        files: { 'src/index.ts': "export const base = 1;\nexport type T = typeof import('@x/top');\n" },
      },
    });
    expect(violationsOf(upward)).toContain(
      'upward import: packages/base/src/index.ts imports @x/top, a layer below @x/base',
    );
    const root = await tree();
    const unplaced = checkBoundaries(root, { ...OPTIONS, layers: ['base', 'top'] }).violations;
    expect(unplaced).toContain(
      'unplaced: top→middle (packages/top/src/index.ts): place every package in the layer order',
    );
  });

  it('fails deep imports: a subpath not exported, a relative path into another workspace', async () => {
    const subpath = await tree({
      'packages/top': {
        files: { 'src/index.ts': "export { hidden } from '@x/middle/src/internal.ts';\n" },
      },
    });
    expect(violationsOf(subpath)).toEqual([
      'deep import: packages/top/src/index.ts imports @x/middle/src/internal.ts, which @x/middle does not export',
    ]);
    const relativePath = await tree({
      'apps/server': {
        files: { 'src/extra.test.ts': "import '../../../packages/middle/src/internal.js';\n" },
      },
    });
    expect(violationsOf(relativePath)).toEqual([
      "deep import: apps/server/src/extra.test.ts reaches into @x/middle's files (../../../packages/middle/src/internal.js)",
    ]);
  });

  it('fails an import of a workspace the package.json does not declare', async () => {
    const root = await tree({ 'apps/server': { dependencies: [] } });
    expect(violationsOf(root)).toEqual([
      "undeclared: apps/server/src/index.ts imports @x/top, missing from @x/server's dependencies",
    ]);
  });

  it('fails a cycle between workspaces', async () => {
    const root = await tree({
      'apps/server': {
        dependencies: ['@x/top', '@x/cli'],
        files: { 'src/cli.ts': "import { server } from '@x/cli';\nexport { server };\n" },
      },
    });
    const violations = violationsOf(root);
    expect(violations).toContain('cycle: cli ↔ server');
    expect(violations).toContain('app imports app: apps/server/src/cli.ts imports @x/cli');
  });

  it("fails a server part importing another part's files instead of its index.ts; tests' reaches are counted", async () => {
    const root = await tree({
      'apps/server': {
        files: {
          'src/a/index.ts': "export { b } from '../b/index.js';\n",
          'src/a/use.ts': "import { inner } from '../b/inner.js';\nexport const c = inner;\n",
          'src/a/lazy.ts': "export const later = () => import('../b/inner.js');\n",
          'src/a/use.test.ts': "import { inner } from '../b/inner.js';\nexport const t = inner;\n",
          'src/a/testing/helper.ts': "export { inner } from '../../b/inner.js';\n",
          'src/b/index.ts': "export { inner as b } from './inner.js';\n",
          'src/b/inner.ts': 'export const inner = 1;\n',
        },
      },
    });
    const result = checkBoundaries(root, OPTIONS);
    expect(result.violations.sort()).toEqual([
      'part reach: apps/server/src/a/lazy.ts → b/inner.js (import it from b/index.ts)',
      'part reach: apps/server/src/a/use.ts → b/inner.js (import it from b/index.ts)',
    ]);
    expect(result.serverPartReaches.sort()).toEqual([
      'apps/server/src/a/testing/helper.ts → b/inner.js',
      'apps/server/src/a/use.test.ts → b/inner.js',
    ]);
  });

  it('passes server parts that reach each other only through their index.ts', async () => {
    const root = await tree({
      'apps/server': {
        files: {
          'src/a/use.ts': "import { b } from '../b/index.js';\nexport const c = b;\n",
          'src/b/index.ts': "export { inner as b } from './inner.js';\n",
          'src/b/inner.ts': 'export const inner = 1;\n',
        },
      },
    });
    expect(violationsOf(root)).toEqual([]);
  });
});

describe('this repository', () => {
  it('keeps the package graph of DESIGN.md (node scripts/check-boundaries.mjs)', () => {
    const script = join(import.meta.dirname, 'check-boundaries.mjs');
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('✔ boundaries hold');
    expect(run.status).toBe(0);
  });
});
