/**
 * Builds the client bundle on demand, so `npm start` and `npm test` work on a clean clone with
 * no build step: the sources the bundle depends on are fingerprinted (paths, sizes, mtimes),
 * and `vite build` runs once per fingerprint into `node_modules/.cache/sextant-docs/<hash>`.
 * Concurrent processes build into private folders and the first rename wins.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientAssets } from '../server/document.js';

const DOCS_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REPO_ROOT = resolve(DOCS_ROOT, '../..');
/** What the client bundle is built from. */
const SOURCE_DIRS = [
  join(DOCS_ROOT, 'src'),
  join(REPO_ROOT, 'packages/playground/src'),
  join(REPO_ROOT, 'packages/request/src'),
  join(REPO_ROOT, 'packages/definition/src'),
];
const SOURCE_FILES = [join(DOCS_ROOT, 'vite.config.ts'), join(REPO_ROOT, 'package-lock.json')];
export const ASSET_BASE = '/_sextant/assets/';
/** The chunk the entry imports (dynamically, so the entry stays small) to hydrate the page. */
const HYDRATION_CHUNK = 'src/client/hydrate.tsx';

export interface ClientBuild {
  /** Folder holding the built files (served at {@link ASSET_BASE}). */
  dir: string;
  assets: ClientAssets;
  /** Chunk files by module source, e.g. the playground chunk. */
  chunks: Record<string, string>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') await walk(path);
      } else if (!/\.test\.tsx?$/.test(entry.name)) {
        const info = await stat(path);
        hash.update(`${relative(REPO_ROOT, path)}:${info.size}:${info.mtimeMs}\n`);
      }
    }
  };
  for (const dir of SOURCE_DIRS) await walk(dir);
  for (const file of SOURCE_FILES) {
    const info = await stat(file).catch(() => undefined);
    hash.update(`${file}:${info?.size}:${info?.mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

async function readBuild(dir: string): Promise<ClientBuild> {
  const manifest = JSON.parse(await readFile(join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = manifest['src/client/main.tsx'] ?? Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error(`client build in ${dir} has no entry chunk`);
  const preload = new Set<string>();
  const css = new Set<string>(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file)) return;
    preload.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const i of entry.imports ?? []) visit(i);
  // The entry imports the hydration chunk dynamically; it is needed on every page, so it is
  // preloaded with the entry. The other dynamic chunks load on demand.
  for (const i of entry.dynamicImports ?? []) if (i === HYDRATION_CHUNK) visit(i);
  const chunks = Object.fromEntries(
    Object.entries(manifest).map(([key, chunk]) => [key, ASSET_BASE + chunk.file]),
  );
  const styles = await Promise.all([...css].map((f) => readFile(join(dir, f), 'utf8')));
  return {
    dir,
    assets: {
      entry: ASSET_BASE + entry.file,
      css: styles.join('\n'),
      preload: [...preload].map((f) => ASSET_BASE + f),
    },
    chunks,
  };
}

let pending: { key: string; build: Promise<ClientBuild> } | undefined;

/**
 * The current client build, building it first when the sources changed (a few seconds).
 * @example const { dir, assets } = await ensureClientBuild();
 */
export async function ensureClientBuild(
  options: { cacheDir?: string; log?: (message: string) => void } = {},
): Promise<ClientBuild> {
  const key = await fingerprint();
  if (pending?.key === key) return pending.build;
  const cacheDir = options.cacheDir ?? join(REPO_ROOT, 'node_modules/.cache/sextant-docs');
  const build = (async () => {
    const target = join(cacheDir, key);
    if (existsSync(join(target, '.vite/manifest.json'))) return readBuild(target);
    const started = performance.now();
    const temp = `${target}.tmp-${process.pid}-${Date.now()}`;
    await mkdir(cacheDir, { recursive: true });
    const { build: viteBuild } = await import('vite');
    // Vite and the React plugin pick development JSX (jsxDEV) from NODE_ENV, which vitest sets to
    // `test`; the cached bundle is shared by every later process, so it must always be production.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await viteBuild({
        configFile: join(DOCS_ROOT, 'vite.config.ts'),
        mode: 'production',
        build: { outDir: temp },
        logLevel: 'warn',
      });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    try {
      await rename(temp, target);
    } catch {
      // Another process finished first: its build is as good as ours.
      await rm(temp, { recursive: true, force: true });
    }
    options.log?.(`docs client built in ${Math.round(performance.now() - started)} ms`);
    return readBuild(target);
  })();
  pending = { key, build };
  build.catch(() => {
    if (pending?.build === build) pending = undefined;
  });
  return build;
}
