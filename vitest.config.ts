import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and integration tests live beside their code as `*.test.ts(x)`; e2e has its own config. */
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'examples/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'test-data/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Most files wait
    // on sockets, PGlite or PostgreSQL, so two at a time there halves the wall time without starving either.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Builds the docs client when missing or stale: the docs host reads it from packages/docs-site/dist/client.
    globalSetup: ['scripts/build/vitest-client.mjs'],
  },
});
