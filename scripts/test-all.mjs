#!/usr/bin/env node
/**
 * The one test command (`npm test`): installs what the tests need that `npm install` does not
 * (the test-data corpora, Debian's Chromium), then runs lint, type check, the build (when stale),
 * unit + integration tests and the end-to-end suite (which runs the built package). Fails fast with the step that failed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;

function run(title, command, env = {}) {
  console.log(`\n▶ ${title}: ${command}`);
  const result = spawnSync(command, {
    cwd: root,
    stdio: 'inherit',
    shell: true,
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

function ensureTestData() {
  const lock = `${root}test-data/package-lock.json`;
  const stamp = `${root}test-data/node_modules/.sextant-stamp`;
  const want = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  run('test data', 'npm ci --prefix test-data --ignore-scripts --no-audit --no-fund');
  writeFileSync(stamp, want);
}

/** Debian packages the tests drive: Chromium for the browser tests, python3-requests for the snippet fidelity matrix. */
function ensureDebianPackages() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium');
  if (spawnSync('python3', ['-c', 'import requests'], { stdio: 'ignore' }).status !== 0)
    missing.push('python3-requests');
  if (missing.length === 0) return;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  run(
    missing.join(' + '),
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
  );
}

const only = process.argv[2];
ensureTestData();
ensureDebianPackages();
if (!only || only === 'boundaries') run('package boundaries', 'node scripts/check-boundaries.mjs');
if (!only || only === 'lint') run('lint', 'npx biome check .');
if (!only || only === 'types') run('type check', 'npx tsc -p .');
// The unit suite reads the built docs client; the e2e suite runs the built package and demo.
if (!only || only === 'unit' || only === 'e2e') run('build', 'node scripts/build.mjs --if-stale');
if (!only || only === 'unit') run('unit and integration tests', 'npx vitest run');
// Two e2e files at a time (most wait on Chromium, servers and sockets), then the ones that must
// have the machine to themselves (E2E_ALONE in e2e/vitest.config.ts) one by one.
if (!only || only === 'e2e') {
  run('end-to-end tests', 'npx vitest run -c e2e/vitest.config.ts', { E2E_GROUP: 'shared' });
  run('end-to-end tests that run alone', 'npx vitest run -c e2e/vitest.config.ts', { E2E_GROUP: 'alone' });
}
console.log('\n✔ all tests passed');
