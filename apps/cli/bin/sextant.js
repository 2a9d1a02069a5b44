#!/usr/bin/env node
// Entry point of the `sextant` command, and the same file in the installed package (bin/). Plain
// JavaScript that old Node versions still parse (no TypeScript, no top-level await), so they get
// one line naming the version needed.
//
// Installed: runs the bundle beside it (../lib/main.js); nothing is ever built.
// In the repository (apps/cli/bin): builds dist/ first when it is missing or stale, then runs
// dist/sextant/lib/main.js. Neither way compiles TypeScript at run time.
import { existsSync } from 'node:fs';

const version = process.versions.node.split('.').map(Number);
if (version[0] < 22 || (version[0] === 22 && version[1] < 12)) {
  console.error(`sextant needs Node.js 22.12 or newer; this is Node.js ${process.version}.`);
  process.exit(1);
}

// The long-running commands start with V8 flags that must be given at start (v8.setFlagsFromString
// is too late for the heap and for WebAssembly compilation), so the process replaces itself once
// (execve: same pid, stdio and signals; ~30 ms). Skipped where execve does not exist (Windows,
// Node < 22.15) or when the flags are already set.
// - a young generation sized from `--memory` (`SEXTANT_MEMORY`): semi-spaces of 1/64 of it, a power
//   of two from 2 to 16 MiB (the young generation is two of them: at most ~3 % of the memory). A
//   cold docs page allocates much and keeps little: at 2 MiB the scavenger runs so often that GC
//   took ~22 % of a cold page's CPU (bench:serve-cold: 79 cold pages per CPU second at 2 MiB, 100
//   at 8, 110 at 16), for up to ~28 MiB more RSS at 16. Without `--memory`, `serve` takes 16 and
//   `dev` 2 (one reader: GitHub's spec peaks at ~207 MB RSS instead of ~297 MB at V8's default);
// - WebAssembly on the baseline compiler only: PGlite's (the embedded database's) hottest start-up
//   function, ~105 KB of WASM, took TurboFan 3.6 s and a 604 MB compile zone, which made every
//   start peak at ~750 MB RSS; baseline code runs the registry's queries at the same speed here
//   (bench/startup measures the start peak). PGlite is the only WebAssembly the server runs.
const LONG_RUNNING = new Set(['dev', 'serve']);

/**
 * `--memory` in MiB as the command line or SEXTANT_MEMORY gives it, or undefined. Lenient: the
 * server's own parser (memory-budget.ts, parseMemoryMiB) refuses what is not a size; this only
 * sizes the heap before it runs.
 */
function memoryMiB(argv, env) {
  const at = argv.findIndex((arg) => arg === '--memory' || arg.startsWith('--memory='));
  const text =
    at === -1 ? env.SEXTANT_MEMORY : argv[at].startsWith('--memory=') ? argv[at].slice(9) : argv[at + 1];
  const match = /^(\d+)\s*([mg])?/i.exec(String(text ?? '').trim());
  if (!match) return undefined;
  return Number(match[1]) * ((match[2] ?? 'm').toLowerCase() === 'g' ? 1024 : 1);
}

/** The young generation's semi-space (MiB) for a command: see above. */
function semiSpaceMiB(command, argv, env) {
  const memory = memoryMiB(argv, env);
  if (memory === undefined) return command === 'serve' ? 16 : 2;
  return Math.min(16, Math.max(2, 2 ** Math.floor(Math.log2(memory / 64))));
}

const START_FLAGS = [
  `--max-semi-space-size=${semiSpaceMiB(process.argv[2], process.argv.slice(3), process.env)}`,
  '--liftoff-only',
];
const givenFlags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
const missingFlags = START_FLAGS.filter((flag) => !givenFlags.includes(flag.split('=')[0]));
if (LONG_RUNNING.has(process.argv[2]) && missingFlags.length > 0 && typeof process.execve === 'function') {
  try {
    process.execve(
      process.execPath,
      [process.execPath, ...missingFlags, ...process.execArgv, ...process.argv.slice(1)],
      process.env,
    );
  } catch {
    // Not supported here (execve throws on Windows): run with V8's defaults.
  }
}
// React's production build on the server: the development one validates every element and
// renders a page about twice as slowly. The browser bundle is always production already.
process.env.NODE_ENV ??= 'production';

function fail(error) {
  // A bundle that does not load (a missing dependency, a broken build): one line, exit 1.
  const message = error instanceof Error ? error.message.split('\n').slice(0, 2).join(' ') : String(error);
  console.error(`error: sextant could not load: ${message}`);
  process.exit(1);
}

const bundled = new URL('../lib/main.js', import.meta.url);
if (existsSync(bundled)) {
  import(bundled.href).catch(fail);
} else {
  import('../../../scripts/build/for-bin.mjs')
    .then((repository) => repository.buildIfStale())
    .then(() => import('../../../dist/sextant/lib/main.js'))
    .catch(fail);
}
