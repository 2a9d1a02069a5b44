#!/usr/bin/env node
/**
 * `npm run build`: the docs client (Vite, once) and the `sextant` package (Rolldown) into dist/:
 *
 *   packages/docs-site/dist/client/   the client with its manifest (what the TypeScript sources read, in vitest)
 *   dist/sextant/            the installable package: bin/, lib/ (bundle + migrations), client/,
 *                            package.json (runtime dependencies only), README.md, LICENSE
 *   dist/demo/start.js       `npm start`'s demo (repository only, not in the package)
 *   dist/.build-stamp.json   what each part was built from, to tell cheaply when it is stale
 *   dist/build.log           Vite's and Rolldown's full output
 *
 * Flags: --if-stale (build only the stale parts; default rebuilds everything), --client (the
 * docs client only, for vitest), --quiet (one line, "building sextant…", when it builds; the
 * error when it fails).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { bundle } from './build/bundle.mjs';
import { buildClient, swapFolder } from './build/client.mjs';
import { withBuildLock } from './build/lock.mjs';
import { layOutPackage } from './build/package.mjs';
import { DEMO_DIR, DIST, LOG, PACKAGE_DIR, ROOT } from './build/paths.mjs';
import { readStamp, staleParts, stampOf, writeStamp } from './build/stamp.mjs';

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Builds the package and the demo; returns the source files they were made from. */
async function buildLib(write, say) {
  let started = performance.now();
  const temp = `${DIST}.sextant-${process.pid}/`;
  await rm(temp, { recursive: true, force: true });
  let cli;
  let manifest;
  try {
    cli = await bundle({ main: 'apps/cli/src/main.ts' }, `${temp}lib`, write);
    manifest = await layOutPackage(temp, cli.packages);
    await swapFolder(temp, PACKAGE_DIR);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  say(
    `✓ dist/sextant: the CLI bundled with ${Object.keys(manifest.dependencies).length} runtime dependencies (${seconds(started)})`,
  );
  started = performance.now();
  const demoTemp = `${DIST}.demo-${process.pid}/`;
  const demo = await bundle({ start: 'examples/start.ts' }, demoTemp, write);
  await swapFolder(demoTemp, DEMO_DIR);
  say(`✓ dist/demo: npm start's demo (${seconds(started)})`);
  return [...cli.files, ...demo.files];
}

/**
 * Builds what is stale (or everything with `force`), holding the build lock.
 * @param {{ parts?: ('client' | 'lib')[], force?: boolean, say?: (line: string) => void }} options
 * @returns the parts built
 */
export async function build({
  parts = ['client', 'lib'],
  force = false,
  say = () => undefined,
  onStart,
} = {}) {
  return withBuildLock(async () => {
    // Checked again under the lock: another process may have just built.
    const stale = force ? parts : staleParts(parts);
    if (stale.length === 0) return [];
    onStart?.();
    // The package copies the client: a rebuilt client means a new package.
    if (stale.includes('client') && parts.includes('lib') && !stale.includes('lib')) stale.push('lib');
    mkdirSync(DIST, { recursive: true });
    writeFileSync(LOG, `sextant build ${new Date().toISOString()}\n`);
    const write = (line) => appendFileSync(LOG, `${line}\n`);
    const stamp = readStamp();
    if (stale.includes('client')) {
      const started = performance.now();
      stamp.client = stampOf('client', await buildClient(write));
      // Recorded at once: a failing package build must not cost the client build.
      writeStamp(stamp);
      say(`✓ packages/docs-site/dist/client: the docs client (Vite, ${seconds(started)})`);
    }
    if (stale.includes('lib')) {
      delete stamp.lib;
      writeStamp(stamp);
      stamp.lib = stampOf('lib', await buildLib(write, say));
      writeStamp(stamp);
    }
    return stale;
  });
}

/** One line for a failure: the first line of the error, and where the full log is. */
function failureLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  const lines = stripVTControlCharacters(text)
    .split('\n')
    .filter((line) => line.trim() !== '');
  return `error: the build failed: ${lines.slice(0, 6).join('\n  ')}\n  (full log: ${LOG.slice(ROOT.length)})`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = new Set(process.argv.slice(2));
  const quiet = args.has('--quiet');
  const say = quiet ? () => undefined : (line) => console.log(line);
  const started = performance.now();
  try {
    const built = await build({
      parts: args.has('--client') ? ['client'] : ['client', 'lib'],
      force: !args.has('--if-stale'),
      say,
      onStart: quiet ? () => process.stderr.write('building sextant…\n') : undefined,
    });
    say(built.length === 0 ? 'sextant is built and up to date' : `built in ${seconds(started)}`);
  } catch (error) {
    console.error(failureLine(error));
    process.exit(1);
  }
}
