/**
 * Local mode: one site, read from a docs project folder. `reload()` re-reads it (`sextant dev`
 * calls it, or `watch: true` does on a change); a project that cannot load is kept as its error,
 * which the docs host shows as a page.
 */

import { watch } from 'node:fs';
import { asError, UnexpectedStatusError } from '@sextant/definition/errors';
import {
  collectProjectFiles,
  type HeadDefinitions,
  type LoadedDocsProject,
  loadDocsProject,
  unreleasedApiChangelog,
} from '@sextant/docs-project';
import { createDocsSite, dropRenders, type RenderCacheFactory } from '@sextant/docs-site';
import type { FastifyInstance } from 'fastify';
import { LocalProjectMissingError } from '../errors.js';
import type { ResolvedSite } from './resolved-site.js';
import { localFileUrl } from './site-files.js';

export interface LocalSiteOptions {
  /** The docs project folder (holding docs.yml). */
  projectDir?: string;
  /** Reload when a file of the project changes. */
  watch?: boolean;
  /** The changelogs show each API's working spec diffed against git HEAD (`sextant dev`). */
  unreleasedChanges?: boolean;
  /** The server's render caches (render-caches.ts). */
  renderCache?: RenderCacheFactory;
}

export interface LocalSiteState {
  resolved?: ResolvedSite;
  project?: LoadedDocsProject;
  error?: Error;
}

export interface LocalSite {
  /** The loaded site (loading it on first use), or the error that stopped it. */
  state(): Promise<LocalSiteState>;
  /** Re-reads the project folder; resolves when the new site (or its error) is in place. */
  reload(): Promise<void>;
}

/** The project folder's site; `app` reads the spec URLs a project names on this server and logs. */
export function createLocalSite(app: FastifyInstance, options: LocalSiteOptions): LocalSite {
  let local: Promise<LocalSiteState> | undefined;
  let generation = 0;
  const headDefinitions: HeadDefinitions = new Map();
  const fetchText = async (url: string): Promise<string> => {
    if (url.startsWith('/')) {
      const response = await app.inject({ method: 'GET', url });
      if (response.statusCode !== 200)
        throw new UnexpectedStatusError(
          `GET ${url}`,
          response.statusCode,
          `GET ${url} answered ${response.statusCode}`,
        );
      return response.body;
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok)
      throw new UnexpectedStatusError(
        `GET ${url}`,
        response.status,
        `GET ${url} answered ${response.status}`,
      );
    return response.text();
  };
  const load = (): Promise<LocalSiteState> => {
    const dir = options.projectDir;
    if (!dir)
      return Promise.resolve({
        error: new LocalProjectMissingError(),
      });
    const version = `${Date.now().toString(36)}-${++generation}`;
    return loadDocsProject(dir, { fetchText, tolerateApiErrors: true }).then(
      async (project) => {
        for (const apiError of project.apiErrors) app.log.error(apiError.message);
        // A missing markdown image does not stop the preview: it shows broken, the terminal says why.
        const { files, errors } = await collectProjectFiles(project);
        for (const error of errors) app.log.warn(error.message);
        const served = new Set(files.map((file) => file.path));
        const unreleased = options.unreleasedChanges
          ? await unreleasedApiChangelog({
              dir,
              apis: project.project.apis,
              specFiles: project.apiSpecFiles,
              heads: headDefinitions,
            })
          : {};
        const site = createDocsSite(project.definition, project.project.apis, version, {
          fileUrl: (path) => (served.has(path) ? localFileUrl('', path) : undefined),
          apiChangelog: unreleased,
          ...(options.renderCache ? { renderCache: options.renderCache } : {}),
        });
        return { project, resolved: { site, basePath: '', files: [...served], projectDir: dir } };
      },
      (error: unknown) => {
        const err = asError(error);
        app.log.error(err.message);
        return { error: err };
      },
    );
  };
  const reload = async () => {
    const previous = local;
    local = load();
    await local;
    // The edited project's site replaces the old one: its renders would only take room.
    const replaced = (await previous)?.resolved?.site;
    if (replaced) dropRenders(replaced);
  };
  return {
    reload,
    state() {
      local ??= load();
      return local;
    },
  };
}

/** Reloads `site` 100 ms after the last change under the project folder, until the server closes. */
export function watchLocalSite(app: FastifyInstance, projectDir: string, site: LocalSite): void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(projectDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void site.reload(), 100);
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    watcher.close();
  });
}
