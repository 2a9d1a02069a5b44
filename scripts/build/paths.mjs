/** Where the build reads and writes; every path is absolute. */
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST = `${ROOT}dist/`;
/** The installable package (packed into dist/sextant.tgz). */
export const PACKAGE_DIR = `${DIST}sextant/`;
/** The repository-only demo (`npm start`). */
export const DEMO_DIR = `${DIST}demo/`;
/** The docs client as the sources (vitest) read it; copied into the package as client/. */
export const CLIENT_DIR = `${ROOT}packages/docs-site/dist/client/`;
/** The dashboard SPA as the sources read it; copied into the package as dashboard/. */
export const DASHBOARD_DIR = `${ROOT}apps/dashboard/dist/`;
export const MIGRATIONS_DIR = `${ROOT}apps/server/src/storage/migrations/`;
export const STAMP = `${DIST}.build-stamp.json`;
export const LOCK = `${DIST}.build.lock`;
/** Full Vite and Rolldown logs of the last build (warnings never reach the terminal). */
export const LOG = `${DIST}build.log`;
export const TARBALL = `${DIST}sextant.tgz`;
/** The installable package's name (its bin is `sextant`); installed under node_modules/@sextant-docs/cli. */
export const PACKAGE_NAME = '@sextant-docs/cli';
