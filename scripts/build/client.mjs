/**
 * Builds the docs client with Vite (packages/docs-site/vite.config.ts) into packages/docs-site/dist/client, with
 * its manifest, and the dashboard SPA (apps/dashboard/vite.config.ts) into apps/dashboard/dist. Vite's and Rolldown's messages go to the build log, never to the terminal; a
 * failure throws. Built in a private folder and swapped in, so a reader never sees half a build.
 */
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { CLIENT_DIR, DASHBOARD_DIR, ROOT } from './paths.mjs';
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

/** Builds one Vite app (`configFile`, root-relative) into `outDir`; returns the source files read. */
async function buildVite(configFile, outDir, write) {
  const { build } = await import('vite');
  const temp = `${outDir.replace(/\/$/, '')}.tmp-${process.pid}`;
  await rm(temp, { recursive: true, force: true });
  // React's production build, whatever NODE_ENV the caller runs with (vitest sets `test`).
  process.env.NODE_ENV = 'production';
  // Plugins that print directly (not through Vite's logger) are logged too.
  const { log, warn, info } = console;
  console.log = console.info = console.warn = (...args) => write(`console: ${args.join(' ')}`);
  let output;
  try {
    output = await build({
      configFile: `${ROOT}${configFile}`,
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
    // CSS-only entries (KaTeX's and the page bodies' stylesheets) are assets: their sources count too.
    .flatMap((item) =>
      item.type === 'chunk'
        ? item.moduleIds
        : (item.originalFileNames ?? []).map((name) => `${ROOT}${configFile.replace(/[^/]*$/, '')}${name}`),
    );
  await swapFolder(temp, outDir);
  return sourceFiles(modules);
}

/**
 * Builds the docs client and the dashboard; returns the source files they were built from (root-relative).
 * @param {(line: string) => void} write the build log
 */
export async function buildClient(write) {
  const docs = await buildVite('packages/docs-site/vite.config.ts', CLIENT_DIR, write);
  const dashboard = await buildVite('apps/dashboard/vite.config.ts', DASHBOARD_DIR, write);
  return [...docs, ...dashboard];
}
