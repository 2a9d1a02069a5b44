/**
 * The repository's bin (apps/cli/bin/sextant.js) and `npm start` call this before running the
 * built code: when dist/ is missing or stale it runs the build in a child process (one line on
 * stderr, printed by the build, and its error when it fails), so Vite never loads into the CLI's process.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './paths.mjs';
import { staleParts } from './stamp.mjs';

/** Builds when stale; exits 1 with the build's error when the build fails. */
export function buildIfStale() {
  if (staleParts().length === 0) return;
  const result = spawnSync(process.execPath, [`${ROOT}scripts/build.mjs`, '--if-stale', '--quiet'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(1);
}
