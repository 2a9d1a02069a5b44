/**
 * Lays out the installable package around the bundled CLI: bin/, lib/ (+ lib/migrations), client/, dashboard/,
 * package.json whose dependencies are exactly the packages the bundle imports (each with the
 * range a workspace package declares), README.md and LICENSE.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { CLIENT_DIR, DASHBOARD_DIR, MIGRATIONS_DIR, PACKAGE_NAME, ROOT } from './paths.mjs';

const WORKSPACES = [
  'apps/cli',
  'packages/docs-site',
  'apps/server',
  'packages/docs-project',
  'packages/definition',
  'packages/playground',
  'packages/registry-client',
  'packages/request',
  'packages/search',
  'packages/ui',
];

async function readJson(file) {
  return JSON.parse(await readFile(ROOT + file, 'utf8'));
}

/**
 * The dependencies of the package: each imported package with the range its workspace declares.
 * @throws when a package is imported but declared by no workspace's `dependencies` (a devDependency
 * leaking into run time), or declared with different ranges.
 */
export async function runtimeDependencies(packages) {
  const declared = new Map();
  for (const workspace of WORKSPACES) {
    const manifest = await readJson(`${workspace}/package.json`);
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
      if (!declared.has(name)) declared.set(name, new Map());
      declared.get(name).set(range, workspace);
    }
  }
  const dependencies = {};
  const problems = [];
  for (const name of packages) {
    const ranges = declared.get(name);
    if (!ranges)
      problems.push(
        `${name} is imported at run time but is not in the "dependencies" of any workspace package`,
      );
    else if (ranges.size > 1)
      problems.push(
        `${name} is declared with different ranges: ${[...ranges].map(([r, w]) => `${r} (${w})`).join(', ')}`,
      );
    else dependencies[name] = [...ranges.keys()][0];
  }
  if (problems.length > 0)
    throw new Error(`the package's dependencies are wrong:\n  ${problems.join('\n  ')}`);
  return dependencies;
}

const LICENSE = (year) => `MIT License

Copyright (c) ${year} Sextant contributors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;

/**
 * Completes the package folder `dir` whose lib/ holds the bundle importing `packages`.
 * @returns the package.json written
 */
export async function layOutPackage(dir, packages) {
  const root = await readJson('package.json');
  await cp(MIGRATIONS_DIR, `${dir}lib/migrations/`, {
    recursive: true,
    filter: (src) => !src.endsWith('.ts'),
  });
  await cp(CLIENT_DIR, `${dir}client/`, { recursive: true });
  await cp(DASHBOARD_DIR, `${dir}dashboard/`, { recursive: true });
  await mkdir(`${dir}bin`, { recursive: true });
  for (const file of ['sextant.js', 'start-flags.js'])
    await cp(`${ROOT}apps/cli/bin/${file}`, `${dir}bin/${file}`);
  const manifest = {
    // Scoped: `npx sextant` outside an install folder would fetch the unrelated public `sextant`
    // package; the command is still `sextant` (the bin), and `npx @sextant-docs/cli` never
    // resolves to someone else's code.
    name: PACKAGE_NAME,
    version: root.version,
    description: root.description,
    license: root.license,
    type: 'module',
    bin: { sextant: 'bin/sextant.js' },
    engines: { node: '>=22.12' },
    files: ['bin', 'lib', 'client', 'dashboard', 'README.md', 'LICENSE'],
    dependencies: await runtimeDependencies(packages),
  };
  await writeFile(`${dir}package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  await cp(`${ROOT}scripts/build/package-readme.md`, `${dir}README.md`);
  await writeFile(`${dir}LICENSE`, LICENSE(new Date().getUTCFullYear()));
  return manifest;
}
