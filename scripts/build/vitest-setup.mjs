/**
 * Vitest global setups: the unit suite reads the docs client as built (apps/docs/dist/client), the
 * e2e suite runs the built `sextant`; each builds what it needs first when it is missing or stale,
 * so `npx vitest run` works on a fresh clone. The build runs in a child process (its own NODE_ENV).
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './paths.mjs';

function build(args) {
  const result = spawnSync(process.execPath, [`${ROOT}scripts/build.mjs`, '--if-stale', '--quiet', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('the build failed (see above); the tests need it');
}

/** vitest.config.ts: the docs client only. */
export function setupClient() {
  build(['--client']);
}

/** e2e/vitest.config.ts: the client, the package and the demo. */
export function setupAll() {
  build([]);
}
