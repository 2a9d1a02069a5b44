import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and integration tests live beside their code as `*.test.ts(x)`; e2e has its own config. */
const INCLUDE = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'apps/*/src/**/*.test.{ts,tsx}',
  'examples/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const EXCLUDE = ['**/node_modules/**', 'test-data/**'];

/**
 * What `npm run test:quick` (`TEST_QUICK=1`) leaves out; `npm test` runs them. Data-bound: the
 * corpus, fuzz and property suites and GitHub's spec. Bound by process start-up and disk:
 * registry/crash (a child server SIGKILLed in a 20,000-row transaction and restarted),
 * registry/scale-out (replica child processes), registry.postgres (the registry suite again;
 * registry.pglite runs it), storage/pglite-data-dir (initdb and template copies), http-timeouts
 * (waits out the documented 15 s).
 */
const QUICK_LEAVES_OUT = [
  '**/*{corpus,fuzz,property}.test.ts',
  '**/read-types/github-spec.test.ts',
  '**/registry/{crash,scale-out,registry.postgres}.test.ts',
  '**/storage/pglite-data-dir.test.ts',
  '**/server/src/http-timeouts.test.ts',
];
/**
 * Files that need a fresh process: those replacing a module with `vi.mock` (one already loaded by
 * an earlier file would stay unreplaced) and those asserting what a process does before anything
 * warmed its highlighter.
 */
const OWN_PROCESS = [
  'apps/server/src/docs-host/cdn-cache.test.ts',
  'apps/server/src/docs-host/highlighter-ready.test.ts',
  'packages/docs-site/src/server/markdown-warm.test.ts',
];

const quick = process.env.TEST_QUICK === '1';

export default defineConfig({
  test: {
    exclude: quick ? [...EXCLUDE, ...QUICK_LEAVES_OUT] : EXCLUDE,
    // Files share worker processes, so each file's imports load once per worker, not once per
    // file, except OWN_PROCESS. test:quick 216 → 122 s wall (386 → 201 s CPU); npm test's whole
    // unit suite 754 → 458 s wall on this 2-core machine.
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: INCLUDE, exclude: OWN_PROCESS, isolate: false },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS } },
    ],
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
