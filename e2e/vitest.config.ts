import { defineConfig } from 'vitest/config';

/**
 * Files that measure the server under load or kill processes and databases on purpose (their
 * traffic counts and timings assume the machine is theirs), or that time a reload: they run one at
 * a time after the others (`npm test` runs `E2E_GROUP=shared` with two files at once, then `alone`).
 */
export const E2E_ALONE = [
  'e2e/rolling-restart.e2e.ts',
  'e2e/database-loss.e2e.ts',
  'e2e/scale-out.e2e.ts',
  'e2e/pglite-first-start.e2e.ts',
  'e2e/serve-operations.e2e.ts',
  'e2e/install.e2e.ts',
  'e2e/cli-dev.e2e.ts',
];

const group = process.env.E2E_GROUP;

/** End-to-end tests: real server processes, real sockets, Debian's Chromium via playwright-core. */
export default defineConfig({
  test: {
    include: group === 'alone' ? E2E_ALONE : ['e2e/**/*.e2e.ts'],
    exclude: group === 'shared' ? ['**/node_modules/**', ...E2E_ALONE] : ['**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: group === 'shared',
    maxWorkers: group === 'shared' ? 2 : 1,
    passWithNoTests: true,
    // Builds dist/ when missing or stale: the tests run the built `sextant`, as a user does.
    globalSetup: ['scripts/build/vitest-all.mjs'],
  },
});
