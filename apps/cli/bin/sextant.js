#!/usr/bin/env node
// Entry point of the `sextant` command, and the same file in the installed package (bin/). Plain
// JavaScript that old Node versions still parse (no TypeScript, no top-level await), so they get
// one line naming the version needed.
//
// Installed: runs the bundle beside it (../lib/main.js); nothing is ever built.
// In the repository (apps/cli/bin): builds dist/ first when it is missing or stale, then runs
// dist/sextant/lib/main.js. Neither way compiles TypeScript at run time.
import { existsSync } from 'node:fs';
import { missingStartFlags } from './start-flags.js';

const version = process.versions.node.split('.').map(Number);
if (version[0] < 22 || (version[0] === 22 && version[1] < 12)) {
  console.error(`sextant needs Node.js 22.12 or newer; this is Node.js ${process.version}.`);
  process.exit(1);
}

// The long-running commands start with V8 flags that must be given at start (v8.setFlagsFromString
// is too late for the heap and for WebAssembly compilation), so the process replaces itself once
// (execve: same pid, stdio and signals; ~30 ms). Skipped where execve does not exist (Windows,
// Node < 22.15) or when the flags are already set. Which flags and why: start-flags.js.
const givenFlags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
const missingFlags = missingStartFlags(process.argv.slice(2), givenFlags, process.env);
if (missingFlags.length > 0 && typeof process.execve === 'function') {
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
