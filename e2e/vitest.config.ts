import { defineConfig } from 'vitest/config';

/** End-to-end tests: real server processes, real sockets, Debian's Chromium via playwright-core. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    passWithNoTests: true,
    // Builds dist/ when missing or stale: the tests run the built `sextant`, as a user does.
    globalSetup: ['scripts/build/vitest-all.mjs'],
  },
});
