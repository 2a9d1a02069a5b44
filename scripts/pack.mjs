#!/usr/bin/env node
/**
 * `npm run pack`: builds when stale, then packs dist/sextant into dist/sextant.tgz — the one
 * installable package (`npm install --omit=dev dist/sextant.tgz`, or `npm install -g`). Prints the
 * tarball's size, its unpacked size and its runtime dependencies.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DIST, PACKAGE_DIR, ROOT, TARBALL } from './build/paths.mjs';
import { build } from './build.mjs';

/** Files the package cannot work without; npm's own ignore rules must not drop them. */
const REQUIRED = [
  'bin/sextant.js',
  'bin/start-flags.js',
  'lib/main.js',
  'client/.vite/manifest.json',
  'package.json',
];

/**
 * Packs the package (building it first when stale).
 * @returns what npm pack reports: size, unpackedSize, entryCount, files
 */
export async function pack({ say = () => undefined } = {}) {
  await build({ say, onStart: () => say('building sextant…') });
  const result = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', DIST], {
    cwd: PACKAGE_DIR,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm pack failed: ${result.stderr.trim().split('\n').at(-1)}`);
  const [report] = JSON.parse(result.stdout);
  const files = new Set(report.files.map((file) => file.path));
  const missing = REQUIRED.filter((file) => !files.has(file));
  if (missing.length > 0) throw new Error(`the tarball lacks ${missing.join(', ')}`);
  renameSync(DIST + report.filename, TARBALL);
  return report;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const report = await pack({ say: (line) => console.log(line) });
    const manifest = JSON.parse(readFileSync(`${PACKAGE_DIR}package.json`, 'utf8'));
    const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
    console.log(
      `✓ ${TARBALL.slice(ROOT.length)}: ${kb(report.size)} (${kb(report.unpackedSize)} unpacked, ${report.entryCount} files), ${Object.keys(manifest.dependencies).length} runtime dependencies`,
    );
  } catch (error) {
    console.error(`error: npm run pack failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
