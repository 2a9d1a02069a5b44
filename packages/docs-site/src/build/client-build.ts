/**
 * Reads the prebuilt client bundle (`npm run build` runs Vite once): its manifest names the entry,
 * the chunks to preload and the stylesheets to inline. Nothing is built or written at run time.
 *
 * Where the build lives: bundled (the installed package, dist/sextant/lib/*.js) it is the
 * `client/` folder beside `lib/`; run from the TypeScript sources (vitest) it is packages/docs-site/dist/client.
 */

import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClientBuildMissingError } from '../errors.js';
import type { ClientAssets } from '../server/document.js';

export const ASSET_BASE = '/_sextant/assets/';
/** The chunk the entry imports (dynamically, so the entry stays small) to hydrate the page. */
const HYDRATION_CHUNK = 'src/client/hydrate.tsx';
/** The manifest key of the entry (the `input` of packages/docs-site/vite.config.ts). */
const ENTRY = 'src/client/main.tsx';
const MANIFEST = '.vite/manifest.json';
/** The stylesheet of markdown page bodies (code blocks, components): inlined by markdown pages only. */
const CONTENT_CSS = 'src/styles/content.css';
/** The islands of markdown page bodies (tabs, Copy, diagrams): preloaded by pages holding one. */
const CONTENT_ISLANDS = 'src/components/content/content-islands.tsx';

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

export { ClientBuildMissingError };

/** The folder of the built client, for the way this module runs (bundled or from source). */
export function defaultClientDir(): string {
  const here = fileURLToPath(import.meta.url);
  // From source this file is packages/docs-site/src/build/client-build.ts; bundled it is a chunk in lib/.
  return here.endsWith('.ts')
    ? resolve(dirname(here), '../../dist/client')
    : resolve(dirname(here), '../client');
}

/**
 * Loads the built client from `dir` (default {@link defaultClientDir}).
 * @throws ClientBuildMissingError when the folder holds no manifest or no entry.
 * @example const { dir, assets } = await loadClientBuild();
 */
export async function loadClientBuild(dir: string = defaultClientDir()): Promise<ClientBuild> {
  const text = await readFile(join(dir, MANIFEST), 'utf8').catch(() => {
    throw new ClientBuildMissingError(dir, `no ${MANIFEST}`);
  });
  const manifest = JSON.parse(text) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY] ?? Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new ClientBuildMissingError(dir, 'no entry chunk in the manifest');
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
  const styles = await Promise.all(
    [...css].map((f) =>
      readFile(join(dir, f), 'utf8').catch(() => {
        throw new ClientBuildMissingError(dir, `no ${f}`);
      }),
    ),
  );
  const extraCss = async (key: string) => {
    const file = manifest[key]?.file;
    return file
      ? await readFile(join(dir, file), 'utf8').catch(() => {
          throw new ClientBuildMissingError(dir, `no ${file}`);
        })
      : undefined;
  };
  const contentCss = await extraCss(CONTENT_CSS);
  // The body islands' chunk and the chunks it imports that the first load does not hold.
  const contentPreload: string[] = [];
  const visitContent = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(chunk.file) || contentPreload.includes(ASSET_BASE + chunk.file)) return;
    contentPreload.push(ASSET_BASE + chunk.file);
    for (const i of chunk.imports ?? []) visitContent(i);
  };
  visitContent(CONTENT_ISLANDS);
  return {
    dir,
    assets: {
      entry: ASSET_BASE + entry.file,
      css: styles.join('\n'),
      preload: [...preload].map((f) => ASSET_BASE + f),
      ...(contentCss === undefined ? {} : { contentCss }),
      ...(contentPreload.length > 0 ? { contentPreload } : {}),
    },
    chunks,
  };
}
