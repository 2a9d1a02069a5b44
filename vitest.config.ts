import { defineConfig } from 'vitest/config';

/** Unit and integration tests live beside their code as `*.test.ts(x)`; e2e has its own config. */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}', 'examples/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test-data/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
