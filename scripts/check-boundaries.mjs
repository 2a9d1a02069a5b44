#!/usr/bin/env node
/**
 * The boundary check of DESIGN.md's package graph (`node scripts/check-boundaries.mjs [root]`).
 * Reads every import of every workspace (static, `export … from`, dynamic, `typeof import`) with
 * TypeScript's own pre-parser, prints the workspace graph, and fails when:
 *   - an app imports an app (only `cli → server` is allowed: the CLI starts the server),
 *   - a package imports an app,
 *   - a package imports a package below it in LAYERS (or one LAYERS does not place),
 *   - an import reaches into another workspace's files (a relative path into it, or a subpath
 *     its package.json `exports` does not offer),
 *   - an import names a workspace its package.json does not declare,
 *   - workspaces import each other in a cycle.
 *   - a server part (a folder under apps/server/src) imports another part's files instead of
 *     its `index.ts`.
 * Tests (and test helpers in `testing/` folders) may reach into a part's files: those reaches are
 * counted, not failed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The packages in DESIGN.md's order: a package may import only those before it. `docs-project`
 * sits after `docs-site` (not before it, as DESIGN.md's list has it) because the project loader
 * checks every page with the renderer's own MDX parser and link rules.
 */
export const LAYERS = [
  'definition',
  'request',
  'registry-client',
  'search',
  'ui',
  'playground',
  'docs-site',
  'docs-project',
];
/** App → app edges DESIGN.md allows: the CLI may start the server. */
export const ALLOWED_APP_EDGES = ['cli→server'];

const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'fixtures']);

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The workspaces of the root package.json's `workspaces` globs (`folder/*` only). */
export function findWorkspaces(root) {
  const patterns = readJson(join(root, 'package.json')).workspaces ?? [];
  const workspaces = [];
  for (const pattern of patterns) {
    if (!pattern.endsWith('/*')) throw new Error(`unsupported workspaces pattern ${pattern}`);
    const parent = pattern.slice(0, -2);
    if (!existsSync(join(root, parent))) continue;
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      const dir = join(root, parent, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, 'package.json'))) continue;
      const manifest = readJson(join(dir, 'package.json'));
      workspaces.push({
        name: manifest.name,
        short: manifest.name.replace(/^@[^/]+\//, ''),
        kind: parent === 'apps' ? 'app' : 'package',
        dir,
        exports: Object.keys(manifest.exports ?? { '.': true }),
        declared: new Set([
          ...Object.keys(manifest.dependencies ?? {}),
          ...Object.keys(manifest.devDependencies ?? {}),
          ...Object.keys(manifest.peerDependencies ?? {}),
        ]),
      });
    }
  }
  return workspaces;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

function importsOf(file) {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

function workspaceOf(workspaces, path) {
  return workspaces.find((w) => path === w.dir || path.startsWith(w.dir + sep));
}

/** The server part (first folder under apps/server/src) a file belongs to, if any. */
function serverPartOf(server, path) {
  const inSrc = relative(join(server.dir, 'src'), path);
  if (inSrc.startsWith('..')) return undefined;
  const parts = inSrc.split(sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** Tests and test helpers, which may reach into another server part's files. */
function isTestFile(path) {
  return /\.test\.[jt]sx?$/.test(path) || path.split(sep).includes('testing');
}

function findCycles(names, edges) {
  // Tarjan's strongly connected components; a component of more than one workspace is a cycle.
  let index = 0;
  const stack = [];
  const state = new Map();
  const cycles = [];
  const visit = (name) => {
    const node = { index, low: index, onStack: true };
    index += 1;
    state.set(name, node);
    stack.push(name);
    for (const next of edges.get(name) ?? []) {
      const seen = state.get(next);
      if (!seen) {
        visit(next);
        node.low = Math.min(node.low, state.get(next).low);
      } else if (seen.onStack) node.low = Math.min(node.low, seen.index);
    }
    if (node.low !== node.index) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      state.get(member).onStack = false;
      component.push(member);
    } while (member !== name);
    if (component.length > 1 || edges.get(name)?.has(name)) cycles.push(component.sort());
  };
  for (const name of names) if (!state.has(name)) visit(name);
  return cycles;
}

/**
 * Checks the import graph under `root`.
 * @returns { workspaces, edges: Map<from, Map<to, count>>, violations: string[], serverPartReaches: string[] }
 */
export function checkBoundaries(root, { layers = LAYERS, allowedAppEdges = ALLOWED_APP_EDGES } = {}) {
  const workspaces = findWorkspaces(root);
  const byName = new Map(workspaces.map((w) => [w.name, w]));
  const server = workspaces.find((w) => w.kind === 'app' && w.short === 'server');
  const edges = new Map(workspaces.map((w) => [w.short, new Map()]));
  const violations = [];
  const serverPartReaches = [];

  for (const from of workspaces) {
    for (const file of sourceFiles(from.dir)) {
      const where = relative(root, file);
      for (const specifier of importsOf(file)) {
        let to;
        if (specifier.startsWith('.')) {
          const target = resolve(dirname(file), specifier);
          to = workspaceOf(workspaces, target);
          if (to && to !== from)
            violations.push(`deep import: ${where} reaches into ${to.name}'s files (${specifier})`);
          if (from === server && to === server) {
            const fromPart = serverPartOf(server, file);
            const toPart = serverPartOf(server, target);
            const toIndex = /^index(?:\.[jt]s)?$/.test(target.split(sep).at(-1));
            if (fromPart && toPart && fromPart !== toPart && !toIndex) {
              const reach = `${where} → ${relative(join(server.dir, 'src'), target)}`;
              if (isTestFile(file)) serverPartReaches.push(reach);
              else violations.push(`part reach: ${reach} (import it from ${toPart}/index.ts)`);
            }
          }
        } else {
          const match = /^(@[^/]+\/[^/]+)(?:\/(.+))?$/.exec(specifier);
          to = match ? byName.get(match[1]) : undefined;
          if (!to) continue;
          const subpath = match[2] ? `./${match[2]}` : '.';
          if (!to.exports.includes(subpath))
            violations.push(`deep import: ${where} imports ${specifier}, which ${to.name} does not export`);
          if (to !== from && !from.declared.has(to.name))
            violations.push(
              `undeclared: ${where} imports ${to.name}, missing from ${from.name}'s dependencies`,
            );
        }
        if (!to || to === from) continue;
        const count = edges.get(from.short);
        count.set(to.short, (count.get(to.short) ?? 0) + 1);
        const edge = `${from.short}→${to.short}`;
        if (from.kind === 'app' && to.kind === 'app' && !allowedAppEdges.includes(edge))
          violations.push(`app imports app: ${where} imports ${to.name}`);
        if (from.kind === 'package' && to.kind === 'app')
          violations.push(`package imports app: ${where} imports ${to.name}`);
        if (from.kind === 'package' && to.kind === 'package') {
          const fromLayer = layers.indexOf(from.short);
          const toLayer = layers.indexOf(to.short);
          if (fromLayer < 0 || toLayer < 0)
            violations.push(`unplaced: ${edge} (${where}): place every package in the layer order`);
          else if (toLayer > fromLayer)
            violations.push(`upward import: ${where} imports ${to.name}, a layer below ${from.name}`);
        }
      }
    }
  }
  const names = workspaces.map((w) => w.short);
  const edgeSets = new Map([...edges].map(([name, targets]) => [name, new Set(targets.keys())]));
  for (const cycle of findCycles(names, edgeSets)) violations.push(`cycle: ${cycle.join(' ↔ ')}`);
  return { workspaces, edges, violations: [...new Set(violations)], serverPartReaches };
}

/** The graph as text: one line per workspace, its imports (with counts), packages in layer order. */
export function formatGraph({ workspaces, edges }, layers = LAYERS) {
  const rank = (w) => (w.kind === 'app' ? 100 : 0) + (layers.indexOf(w.short) + 1 || 50);
  return [...workspaces]
    .sort((a, b) => rank(a) - rank(b) || a.short.localeCompare(b.short))
    .map((w) => {
      const targets = [...edges.get(w.short)].sort(([a], [b]) => a.localeCompare(b));
      const list = targets.map(([to, count]) => `${to} (${count})`).join(', ');
      return `${w.kind === 'app' ? 'apps' : 'packages'}/${w.short.padEnd(16)} → ${list || '—'}`;
    })
    .join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rootArgument = process.argv.slice(2).find((argument) => !argument.startsWith('--'));
  const root = resolve(rootArgument ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const result = checkBoundaries(root);
  console.log(`Workspace graph (imports per edge):\n${formatGraph(result)}`);
  console.log(
    `\nServer part tests importing another part's files instead of its index.ts: ${result.serverPartReaches.length}`,
  );
  if (process.argv.includes('--verbose'))
    for (const line of result.serverPartReaches) console.log(`  ${line}`);
  if (result.violations.length > 0) {
    console.error(
      `\n✖ ${result.violations.length} boundary violations:\n  ${result.violations.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log('\n✔ boundaries hold');
}
