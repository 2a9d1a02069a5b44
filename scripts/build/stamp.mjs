/**
 * Decides cheaply whether the build is stale. Each part of the build records the files it was
 * made from (the modules Vite and Rolldown actually read, plus fixed inputs such as the lockfile
 * and the build scripts) and a hash of their contents; the part is stale when that hash changes.
 * An edit that adds an import also edits the importing file, so new files are seen too.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { CLIENT_DIR, DASHBOARD_DIR, DEMO_DIR, MIGRATIONS_DIR, PACKAGE_DIR, ROOT, STAMP } from './paths.mjs';

const BUILD_SCRIPTS = [
  'scripts/build.mjs',
  'scripts/build/paths.mjs',
  'scripts/build/stamp.mjs',
  'scripts/build/client.mjs',
  'scripts/build/bundle.mjs',
  'scripts/build/package.mjs',
  'scripts/build/lock.mjs',
  'scripts/build/for-bin.mjs',
  'scripts/build/package-readme.md',
];
const WORKSPACE_MANIFESTS = [
  'package.json',
  'apps/cli/package.json',
  'apps/dashboard/package.json',
  'packages/docs-site/package.json',
  'apps/server/package.json',
  'packages/docs-project/package.json',
  'packages/definition/package.json',
  'packages/playground/package.json',
  'packages/registry-client/package.json',
  'packages/request/package.json',
  'packages/search/package.json',
];

/** Inputs every build of a part reads besides its modules (paths relative to the root). */
export function fixedInputs(part) {
  if (part === 'client')
    return [
      'package-lock.json',
      'packages/docs-site/vite.config.ts',
      // The icon sprite the docs client build emits (imported by its vite.config.ts).
      'packages/docs-site/src/server/mdx/icons.ts',
      'apps/dashboard/vite.config.ts',
      'apps/dashboard/index.html',
      ...WORKSPACE_MANIFESTS,
      ...BUILD_SCRIPTS,
    ];
  const migrations = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => relative(ROOT, MIGRATIONS_DIR + name));
  return [
    'package-lock.json',
    'apps/cli/bin/sextant.js',
    'apps/cli/bin/start-flags.js',
    ...WORKSPACE_MANIFESTS,
    ...BUILD_SCRIPTS,
    ...migrations,
  ];
}

/** Hash of the files' paths and contents; a missing file hashes as missing. */
export function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${file}\0`);
    try {
      hash.update(readFileSync(ROOT + file));
    } catch {
      hash.update('\0missing');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Module ids of a bundler's output → root-relative source files (outside node_modules). */
export function sourceFiles(moduleIds) {
  return moduleIds
    .filter((id) => id.startsWith(ROOT) && !id.includes('/node_modules/') && !id.includes('\0'))
    .map((id) => relative(ROOT, id.split('?')[0]));
}

export function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return {};
  }
}

export function writeStamp(stamp) {
  writeFileSync(STAMP, `${JSON.stringify(stamp, null, 1)}\n`);
}

/** The record of a part built from `modules` (root-relative files). */
export function stampOf(part, modules) {
  const files = [...new Set([...modules, ...fixedInputs(part)])].sort();
  return { hash: hashFiles(files), files };
}

/** What each part writes: when one is gone the part is rebuilt, whatever the stamp says. */
const OUTPUTS = {
  client: [`${CLIENT_DIR}.vite/manifest.json`, `${DASHBOARD_DIR}index.html`],
  lib: [
    `${PACKAGE_DIR}lib/main.js`,
    `${PACKAGE_DIR}client/.vite/manifest.json`,
    `${PACKAGE_DIR}dashboard/index.html`,
    `${DEMO_DIR}start.js`,
  ],
};

/** Parts ('client', 'lib') whose recorded inputs changed, or that were never built. */
export function staleParts(parts = ['client', 'lib']) {
  const stamp = readStamp();
  return parts.filter((part) => {
    const recorded = stamp[part];
    if (!recorded?.files || !OUTPUTS[part].every((file) => existsSync(file))) return true;
    // The fixed inputs are listed again: a migration file added since the build is new input.
    const files = [...new Set([...recorded.files, ...fixedInputs(part)])];
    return hashFiles(files) !== recorded.hash;
  });
}
