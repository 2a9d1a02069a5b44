/**
 * Vitest global setups: the unit suite reads the docs client as built (packages/docs-site/dist/client), the
 * e2e suite runs the built `sextant`; each builds what it needs first when it is missing or stale,
 * so `npx vitest run` works on a fresh clone. The build runs in a child process (its own NODE_ENV).
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './paths.mjs';

function build(args) {
  const result = spawnSync(process.execPath, [`${ROOT}scripts/build.mjs`, '--if-stale', '--quiet', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return result.status === 0;
}

/**
 * vitest.config.ts: the docs client only. Outside CI a failed client build does not stop the
 * suite (most of it never reads the client): the tests that do read it fail on the missing build,
 * or run on the previous one, as the warning says. In CI it fails the run.
 */
export function setupClient() {
  if (build(['--client'])) return;
  if (process.env.CI) throw new Error('the docs client did not build (see above); the tests need it');
  console.warn(
    'warning: the docs client did not build (see above); tests of the docs host use the previous build, if any',
  );
}

/** e2e/vitest.config.ts: the client, the package and the demo. */
export function setupAll() {
  if (!build([])) throw new Error('the build failed (see above); the e2e tests run the built package');
}
