/**
 * A bench module bundled as the package ships the server (scripts/build/bundle.mjs: Rolldown, the
 * workspace packages inlined), so a bench measures the code readers' servers run rather than the
 * TypeScript sources through tsx's loader (which wraps every named function for `keepNames` and
 * transforms each module on its own). The folder is laid out as the package's: `lib/` (the bundle
 * and the database migrations), `client/` (the built docs client, linked); it sits under the
 * repository's node_modules/.cache so the bundle's bare imports resolve to the installed packages.
 */
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The repository's root; a bundled child (whose file lives elsewhere) is told it by its parent. */
export const REPO_ROOT = process.env.BENCH_REPO_ROOT ?? resolve(import.meta.dirname, '../..');

/** What a bundled child's environment needs from its parent. */
export const bundledChildEnv = () => ({ BENCH_REPO_ROOT: REPO_ROOT });

/** This process's Node flags without tsx's loader (`--require …tsx…`, `--import …tsx…`): a bundle needs none. */
export function withoutTsx(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1] ?? '';
    if ((args[i] === '--require' || args[i] === '--import') && /[\\/]tsx[\\/]/.test(value)) i++;
    else kept.push(args[i] as string);
  }
  return kept;
}

type Bundle = (
  input: Record<string, string>,
  outDir: string,
  write: (line: string) => void,
) => Promise<{ packages: string[] }>;

export interface BundledModule {
  /** The bundled module's file, to fork. */
  file: string;
  remove: () => Promise<void>;
}

/**
 * Bundles `entry` (a path from the repository's root, e.g. `bench/serve/cold.ts`) into a temporary
 * package folder. Needs the docs client built (`node scripts/build.mjs`).
 * @example const { file } = await bundledModule('bench/serve/cold.ts'); fork(file, …)
 */
export async function bundledModule(entry: string): Promise<BundledModule> {
  const scripts = pathToFileURL(join(REPO_ROOT, 'scripts/build/')).href;
  const { bundle } = (await import(`${scripts}bundle.mjs`)) as { bundle: Bundle };
  const { CLIENT_DIR, MIGRATIONS_DIR } = (await import(`${scripts}paths.mjs`)) as Record<string, string>;
  const cache = join(REPO_ROOT, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(join(cache, 'sextant-bench-bundle-'));
  const log: string[] = [];
  await bundle({ main: entry }, join(dir, 'lib/'), (line) => log.push(line));
  await cp(MIGRATIONS_DIR as string, join(dir, 'lib/migrations/'), {
    recursive: true,
    filter: (src) => !src.endsWith('.ts'),
  });
  await symlink(CLIENT_DIR as string, join(dir, 'client'));
  return { file: join(dir, 'lib/main.js'), remove: () => rm(dir, { recursive: true, force: true }) };
}
