/**
 * Bundles a Node entry with Rolldown: ESM for Node ≥ 22, every `@sextant/*` workspace package
 * inlined, every other bare import left to Node (the package's dependencies), TSX compiled with
 * the automatic JSX runtime (so no tsconfig of the user's folder can change it). Chunks stay at
 * the top of `outDir`, so `new URL('./migrations/', import.meta.url)` finds what is copied there.
 */
import { isBuiltin } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import { build } from 'rolldown';
import { ROOT } from './paths.mjs';
import { sourceFiles } from './stamp.mjs';

/** The docs client's own modules: lazily imported by components, only ever run in the browser. */
const BROWSER_ONLY = `${ROOT}packages/docs-site/src/client/`;
const BROWSER_ONLY_PREFIX = '\0browser-only:';

/**
 * Replaces browser-only modules with one that fails loudly if the server ever loads it, so the
 * playground and search views (and CodeMirror, the resizable panes…) stay out of the server
 * bundle and out of the package's dependencies.
 */
const browserOnly = {
  name: 'sextant-browser-only',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.') || importer.startsWith(BROWSER_ONLY)) return null;
    const target = resolve(dirname(importer), source);
    return target.startsWith(BROWSER_ONLY) ? `${BROWSER_ONLY_PREFIX}${target.slice(ROOT.length)}` : null;
  },
  load(id) {
    if (!id.startsWith(BROWSER_ONLY_PREFIX)) return null;
    const message = `${id.slice(BROWSER_ONLY_PREFIX.length)} runs in the browser only`;
    return `throw new Error(${JSON.stringify(message)});`;
  },
};

function isExternal(id) {
  return !id.startsWith('@sextant/') && !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0');
}

/** `react-dom/server` → `react-dom`, `@shikijs/langs/json` → `@shikijs/langs`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Bundles `input` (name → root-relative entry) into `outDir`.
 * @param {(line: string) => void} write the build log
 * @returns the packages the output imports and the source files it was made from
 */
export async function bundle(input, outDir, write) {
  const output = await build({
    input: Object.fromEntries(Object.entries(input).map(([name, file]) => [name, ROOT + file])),
    cwd: ROOT,
    platform: 'node',
    tsconfig: false,
    transform: { target: 'node22', jsx: { runtime: 'automatic', development: false } },
    // The server renders components whose lazy browser-only views import stylesheets; the
    // browser bundle (Vite) carries the CSS, the server needs none.
    moduleTypes: { '.css': 'empty' },
    external: isExternal,
    plugins: [browserOnly],
    onLog: (level, log) => write(`${level}: ${log.code ?? ''} ${log.message}`),
    write: true,
    output: {
      dir: outDir,
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      cleanDir: true,
    },
  });
  const chunks = output.output.filter((item) => item.type === 'chunk');
  // A chunk's imports name the other chunks by file name, and the external modules by specifier.
  const own = new Set(chunks.map((chunk) => chunk.fileName));
  const imports = chunks.flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports]);
  const external = imports.filter((id) => !own.has(id) && isExternal(id) && !isBuiltin(id));
  const packages = [...new Set(external.map(packageName))].sort();
  return { packages, files: sourceFiles(chunks.flatMap((chunk) => chunk.moduleIds)) };
}
