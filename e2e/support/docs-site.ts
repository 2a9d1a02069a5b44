/**
 * The e2e fixture of a docs site: a docs project folder, a Sextant server on it and a Chromium,
 * started before a file's tests and stopped (the folder removed when the fixture wrote it)
 * after them. `useDocsSite` registers those hooks; the tests read the running site from the
 * object it returns.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerOptions } from '@sextant/server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type DocsServer, startDocsServer } from '../docs-helpers.js';
import { launchBrowser } from './browser.js';

/** A docs project folder; `owned` folders are removed when the site stops. */
export interface ProjectFolder {
  dir: string;
  owned: boolean;
}

/** A temporary project of one API description (`api.json`, its reference at `/api`). */
export async function writeSpecProject(title: string, spec: object): Promise<ProjectFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-e2e-site-'));
  await writeFile(join(dir, 'api.json'), JSON.stringify(spec));
  await writeFile(
    join(dir, 'docs.yml'),
    `title: ${JSON.stringify(title)}\nnavigation:\n  - api: API\n    spec: api.json\n    slug: api\n`,
  );
  return { dir, owned: true };
}

/** A project folder the test did not write (an example, a checked-in fixture): never removed. */
export const existingProject = (dir: string): ProjectFolder => ({ dir, owned: false });

export interface DocsSite {
  readonly server: DocsServer;
  /** The server's base URL. */
  readonly url: string;
  readonly browser: Browser;
  /** The docs project folder. */
  readonly dir: string;
}

export interface DocsSiteOptions {
  /** Parts mounted beside the docs host (e.g. `{ proxy: true }`). */
  parts?: ServerOptions['parts'];
  /** Fail the setup when the project does not load (default true). */
  requireProject?: boolean;
}

/** Thrown when a test reads the site before its `beforeAll` ran (or after it failed). */
export class DocsSiteNotStartedError extends Error {
  readonly code = 'E2E_DOCS_SITE_NOT_STARTED';
  constructor() {
    super(
      'The docs site is read before it started: read it inside a test or hook, not at the top of the file.',
    );
    this.name = 'DocsSiteNotStartedError';
  }
}

/**
 * Starts a docs site for the file's tests (server and browser together) and stops it after.
 * @example const site = useDocsSite(() => writeSpecProject('Orders', spec));
 *          it('…', async () => { const context = await site.browser.newContext(); … site.url … });
 */
export function useDocsSite(project: () => Promise<ProjectFolder>, options: DocsSiteOptions = {}): DocsSite {
  let running: { server: DocsServer; browser: Browser; folder: ProjectFolder } | undefined;
  let folder: ProjectFolder | undefined;
  let server: DocsServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    folder = await project();
    const dir = folder.dir;
    [server, browser] = await Promise.all([startDocsServer(dir, options.parts), launchBrowser()]);
    if (options.requireProject ?? true) {
      const { project: loaded, error } = await server.app.docsHost.current();
      if (!loaded) throw error;
    }
    running = { server, browser, folder };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.app.close();
    if (folder?.owned) await rm(folder.dir, { recursive: true, force: true });
  });
  const started = () => {
    if (!running) throw new DocsSiteNotStartedError();
    return running;
  };
  return {
    get server() {
      return started().server;
    },
    get url() {
      return started().server.url;
    },
    get browser() {
      return started().browser;
    },
    get dir() {
      return started().folder.dir;
    },
  };
}
