/**
 * The dashboard's built files (`npm run build` runs Vite on apps/dashboard): read once into
 * memory and served with their type. Bundled (dist/sextant/lib/*.js) the build is the
 * `dashboard/` folder beside `lib/`; from the TypeScript sources it is apps/dashboard/dist.
 */

import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SextantError } from '@sextant/definition/errors';

/** The dashboard is not built: `npm run build` was not run. */
export class DashboardBuildMissingError extends SextantError<'DashboardBuildMissingError'> {
  constructor(dir: string) {
    super(
      'DashboardBuildMissingError',
      `the dashboard is not built (no index.html in ${dir}): run npm run build`,
    );
  }
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

export interface DashboardFile {
  body: Buffer;
  type: string;
}

export interface DashboardBuild {
  index: Buffer;
  /** Files under assets/ by name (hashed, immutable). */
  assets: Map<string, DashboardFile>;
}

/** The folder of the built dashboard for the way this module runs (bundled or from source). */
export function defaultDashboardDir(): string {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts')
    ? resolve(dirname(here), '../../../dashboard/dist')
    : resolve(dirname(here), '../dashboard');
}

/** Reads the build in `dir`; DashboardBuildMissingError when it has no index.html. */
export async function loadDashboardBuild(dir: string = defaultDashboardDir()): Promise<DashboardBuild> {
  const index = await readFile(join(dir, 'index.html')).catch(() => {
    throw new DashboardBuildMissingError(dir);
  });
  const assets = new Map<string, DashboardFile>();
  const assetDir = join(dir, 'assets');
  const names = await readdir(assetDir, { recursive: true }).catch(() => [] as string[]);
  for (const name of names) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const path = join(assetDir, name);
    assets.set(relative(assetDir, path).split('\\').join('/'), { body: await readFile(path), type });
  }
  return { index, assets };
}
