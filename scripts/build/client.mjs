/**
 * Builds the docs client with Vite (apps/docs/vite.config.ts) into apps/docs/dist/client, with
 * its manifest. Vite's and Rolldown's messages go to the build log, never to the terminal; a
 * failure throws. Built in a private folder and swapped in, so a reader never sees half a build.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { CLIENT_DIR, ROOT } from './paths.mjs';
import { sourceFiles } from './stamp.mjs';

/** A Vite logger writing every message to `write` (the build log). */
function logTo(write) {
  const warned = new Set();
  const logger = {
    hasWarned: false,
    info: (msg) => write(`info: ${msg}`),
    warn: (msg) => {
      logger.hasWarned = true;
      write(`warn: ${msg}`);
    },
    warnOnce: (msg) => {
      if (warned.has(msg)) return;
      warned.add(msg);
      logger.warn(msg);
    },
    error: (msg) => write(`error: ${msg}`),
    clearScreen: () => undefined,
    hasErrorLogged: () => false,
  };
  return logger;
}

/** Swaps `fresh` in place of `target` (both folders). */
export async function swapFolder(fresh, target) {
  const old = `${target.replace(/\/$/, '')}.old-${process.pid}`;
  if (existsSync(target)) await rename(target, old);
  await rename(fresh, target);
  await rm(old, { recursive: true, force: true });
}

/**
 * Builds the client; returns the source files it was built from (root-relative).
 * @param {(line: string) => void} write the build log
 */
export async function buildClient(write) {
  const { build } = await import('vite');
  const temp = `${CLIENT_DIR.replace(/\/$/, '')}.tmp-${process.pid}`;
  await rm(temp, { recursive: true, force: true });
  // React's production build, whatever NODE_ENV the caller runs with (vitest sets `test`).
  process.env.NODE_ENV = 'production';
  // Plugins that print directly (not through Vite's logger) are logged too.
  const { log, warn, info } = console;
  console.log = console.info = console.warn = (...args) => write(`console: ${args.join(' ')}`);
  let output;
  try {
    output = await build({
      configFile: `${ROOT}apps/docs/vite.config.ts`,
      mode: 'production',
      // 'warn': at 'info' the bundler's progress lines (transforming…, rendering chunks…) print to stdout.
      logLevel: 'warn',
      customLogger: logTo(write),
      build: { outDir: temp, emptyOutDir: true },
    });
  } finally {
    Object.assign(console, { log, warn, info });
  }
  const modules = (Array.isArray(output) ? output : [output])
    .flatMap((result) => result.output ?? [])
    .flatMap((item) => (item.type === 'chunk' ? item.moduleIds : []));
  await swapFolder(temp, CLIENT_DIR);
  return sourceFiles(modules);
}
