// The V8 flags `sextant dev` and `serve` start with (bin/sextant.js gives them by replacing the
// process once, since they must be set before V8 starts). Plain JavaScript, like the bin: old Node
// versions must still parse it to print the version they need.
//
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

/** The commands that start with these flags. */
export const LONG_RUNNING = new Set(['dev', 'serve']);

/**
 * `--memory` in MiB as the command line or SEXTANT_MEMORY gives it, or undefined. Lenient: the
 * server's own parser (memory-budget.ts, parseMemoryMiB) refuses what is not a size; this only
 * sizes the heap before it runs.
 * @param {string[]} argv the command's arguments (after the command name)
 * @param {Record<string, string | undefined>} env
 */
export function memoryMiB(argv, env) {
  const at = argv.findIndex((arg) => arg === '--memory' || arg.startsWith('--memory='));
  const text =
    at === -1 ? env.SEXTANT_MEMORY : argv[at].startsWith('--memory=') ? argv[at].slice(9) : argv[at + 1];
  const match = /^(\d+)\s*([mg])?/i.exec(String(text ?? '').trim());
  if (!match) return undefined;
  return Number(match[1]) * ((match[2] ?? 'm').toLowerCase() === 'g' ? 1024 : 1);
}

/**
 * The young generation's semi-space (MiB) for a command: see above.
 * @example semiSpaceMiB('serve', ['--memory', '512M'], {}) // 8
 */
export function semiSpaceMiB(command, argv, env) {
  const memory = memoryMiB(argv, env);
  if (memory === undefined) return command === 'serve' ? 16 : 2;
  return Math.min(16, Math.max(2, 2 ** Math.floor(Math.log2(memory / 64))));
}

/**
 * The flags `command` starts with that `givenFlags` (the process's execArgv and NODE_OPTIONS,
 * joined) does not already set; none for a command that is not long-running.
 * @example missingStartFlags(['serve', '--memory', '1G'], '', {}) // ['--max-semi-space-size=16', '--liftoff-only']
 */
export function missingStartFlags(args, givenFlags, env) {
  const [command, ...rest] = args;
  if (!LONG_RUNNING.has(command)) return [];
  const flags = [`--max-semi-space-size=${semiSpaceMiB(command, rest, env)}`, '--liftoff-only'];
  return flags.filter((flag) => !givenFlags.includes(flag.split('=')[0]));
}
