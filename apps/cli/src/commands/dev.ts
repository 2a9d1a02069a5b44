/**
 * `sextant dev [path]`: local preview of a docs project folder or a single spec file, in local
 * mode (the desktop context: localhost targets allowed). Watches exactly the files the project
 * loads (recomputed after every reload); on a save the docs host reloads the project and open
 * pages refresh. Import errors print in the terminal with file,
 * line and pointer, and show in the page until fixed. The registry runs on embedded PGlite (in
 * memory, or in `--data-dir`) and gets the project's API and docs definitions published into it.
 */
import { join, resolve } from 'node:path';
import type { LoadedDocsProject } from '@sextant/docs-project';
import { createRegistryClient } from '@sextant/registry-client';
import type { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import { apiContents } from '../support/api-counts.js';
import { errorLine, serverStartError } from '../support/cli-error.js';
import { hostedLoginNote } from '../support/hosted-login-note.js';
import { installLiveReload } from '../support/live-reload.js';
import { openProjectSource } from '../support/project-source.js';
import { type ProjectWatch, watchProjectFiles } from '../support/project-watch.js';
import { publishProject } from '../support/publish-project.js';
import { listenUntilSignal } from '../support/run-server.js';
import {
  addServerFlags,
  memoryMiBOf,
  type ServerFlags,
  serverOptionsFromFlags,
} from '../support/server-flags.js';
import { type Output, processOutput } from '../support/terminal.js';

export interface DevFlags extends ServerFlags {
  persist?: boolean;
  verbose?: boolean;
  json?: boolean;
}

/** How long the local registry waits for the first page before it opens anyway. */
const FIRST_PAGE_GRACE_MS = 3000;

/** A started dev server (returned for programmatic use, e.g. `npm start`). */
export interface DevServer {
  url: string;
  /** Resolves when the local registry has the project's definitions (rejects if it could not). */
  published: Promise<void>;
}

/**
 * Starts the dev server for `path` and keeps it running until a signal.
 * @example const { url } = await runDev('examples', { port: 4000, host: '127.0.0.1', ... })
 */
export async function runDev(
  path: string,
  flags: DevFlags,
  output: Output = processOutput(),
): Promise<DevServer> {
  const source = await openProjectSource(path);
  if (flags.persist && !flags.dataDir) flags.dataDir = `${source.projectDir}/.sextant/data`;
  const base = serverOptionsFromFlags('local', flags);
  // The first page comes from the project on disk: the local registry (PGlite, seconds of WASM
  // work and ~150 MB) opens after it, or after FIRST_PAGE_GRACE_MS when no page is asked for.
  let firstPageServed: () => void = () => undefined;
  const openRegistryAfter = new Promise<void>((resolveGate) => {
    firstPageServed = resolveGate;
  });
  const options = {
    ...base,
    ...(await memoryMiBOf(flags)),
    logger: Boolean(flags.verbose),
    // Changelogs show what a publish would add: the specs' changes since git HEAD.
    docs: { ...base.docs, projectDir: source.projectDir, watch: false, unreleasedChanges: true },
    openRegistryAfter,
  };
  const { color, errColor } = output;
  let app: FastifyInstance;
  let server: typeof import('@sextant/server');
  let projects: typeof import('@sextant/docs-project');
  let site: typeof import('@sextant/docs-site');
  try {
    // Loaded on use, so `--help` and the offline commands do not load the server.
    server = await import('@sextant/server');
    projects = await import('@sextant/docs-project');
    site = await import('@sextant/docs-site');
    app = await server.buildServer(options);
  } catch (error) {
    await source.dispose();
    throw serverStartError('the dev server could not start', error);
  }
  app.addHook('onResponse', async (_request, reply) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) firstPageServed();
  });
  const live = installLiveReload(app);
  let watcher: ProjectWatch | undefined;
  app.addHook('onClose', async () => {
    watcher?.close();
    await source.dispose();
  });

  // Once Ctrl-C is pressed, the project's temporary folder and the registry go away under the
  // reloads and the local publish still running: what they would say then is not news.
  let stopping = false;
  // Said once per distinct message, not on every reload.
  let aiWarning: string | undefined;
  let loginNote: string | undefined;
  const report = (state: { project?: LoadedDocsProject; error?: Error }, elapsedMs?: number) => {
    if (stopping) return;
    const time = elapsedMs === undefined ? '' : color.dim(` in ${elapsedMs} ms`);
    if (state.error) {
      output.err(`${errColor.red('error:')} ${source.errorLine(state.error)}\n`);
      return;
    }
    const project = state.project;
    if (!project) return;
    // The docs host still serves a project whose API failed to import (the page shows the error).
    for (const apiError of project.apiErrors ?? [])
      output.err(`${errColor.red('error:')} ${source.errorLine(apiError)}\n`);
    // MDX errors of the pages (each also shown in place on its page) and warnings.
    for (const problem of project.pageProblems ?? [])
      output.err(
        `${problem.severity === 'error' ? errColor.red('error:') : errColor.yellow('warning:')} ${site.pageProblemLine(problem)}\n`,
      );
    // Links to a page, file or heading the site does not have: warnings here, errors in publish and check.
    for (const problem of project.linkProblems ?? [])
      output.err(`${errColor.yellow('warning:')} ${site.linkProblemLine(problem)}\n`);
    const pages = Object.keys(project.definition.pages).length;
    const apis = Object.values(project.project.apis);
    output.out(
      `${color.green('✓')} ${project.definition.config.title}: ${pages} page${pages === 1 ? '' : 's'}, ` +
        `${apis.length} API${apis.length === 1 ? '' : 's'} (${apiContents(apis)})${time}\n`,
    );
    const warning = server.aiConfigWarning(project.definition.config);
    if (warning && warning !== aiWarning) output.err(`${errColor.yellow('warning:')} ${warning}\n`);
    aiWarning = warning;
    const login = hostedLoginNote(project.definition.config, process.env.SEXTANT_ORG);
    if (login && login !== loginNote) output.err(`${errColor.yellow('warning:')} ${login}\n`);
    loginNote = login;
  };

  const url = await listenUntilSignal(app, {
    port: flags.port,
    host: flags.host,
    shutdownTimeoutMs: flags.shutdownTimeout,
    onShutdown: () => {
      stopping = true;
      output.out('\nStopping…\n');
    },
  });
  const docsEnabled = flags.docs;
  // What the project loads: docs.yml, pages and the files they name, specs and their $refs,
  // generators.yml and its templates. Kept when a load fails, so fixing the file is seen.
  let watchedFiles: string[] = [join(source.projectDir, 'docs.yml')];
  const filesToWatch = async (state: { project?: LoadedDocsProject; error?: Error }): Promise<string[]> => {
    const templates = await projects.projectTemplateFiles(source.projectDir);
    if (!state.project) {
      const failed =
        state.error instanceof projects.DocsProjectError ? [join(source.projectDir, state.error.file)] : [];
      return [...watchedFiles, ...failed, ...templates];
    }
    const { files } = await projects.collectProjectFiles(state.project);
    return [...state.project.watchedFiles, ...files.map((file) => file.absolutePath), ...templates];
  };
  if (docsEnabled) {
    const first = await app.docsHost.current();
    report(first);
    watchedFiles = await filesToWatch(first);
  }
  setTimeout(firstPageServed, docsEnabled ? FIRST_PAGE_GRACE_MS : 0).unref();
  output.out(
    `\n  ${color.bold('Sextant dev')}  ${color.cyan(url)}\n\n  Watching ${source.watchDir} — save a file and the page reloads.\n\n`,
  );

  // Reload on save (the watcher coalesces bursts: editors write several times), one at a time.
  let running: Promise<void> = Promise.resolve();
  let republish: () => void = () => undefined;
  const reload = () => {
    running = running
      .then(async () => {
        const started = Date.now();
        await app.docsHost.reload();
        const state = await app.docsHost.current();
        live.notify();
        report(state, Date.now() - started);
        watchedFiles = await filesToWatch(state);
        watcher?.update(watchedFiles);
        if (!state.error) republish();
      })
      .catch((error: unknown) => {
        if (!stopping) output.err(`${errColor.red('error:')} ${errorLine(error)}\n`);
      });
  };
  if (docsEnabled) {
    watcher = watchProjectFiles({
      root: source.watchDir,
      exclude: [join(source.projectDir, '.sextant'), ...(flags.dataDir ? [resolve(flags.dataDir)] : [])],
      debounceMs: 40,
      onChange: reload,
    });
    watcher.update(watchedFiles);
  }

  const registryWarning = (error: unknown) => {
    if (!stopping) output.err(`${errColor.yellow('warning:')} local registry: ${errorLine(error)}\n`);
  };
  const published = flags.registry ? publishLocally() : Promise.resolve();
  published.catch(registryWarning);
  return { url, published };

  async function publishLocally(): Promise<void> {
    await app.registry.ready();
    const admin = await app.registry.localAdmin();
    if (!admin || stopping) return;
    output.out(
      `  Local registry: organization ${color.bold(admin.orgId)}, admin token ${color.dim(admin.token)}\n` +
        `  Dashboard: ${url}/_sextant/dashboard (sign in with the admin token)\n`,
    );
    const client = createRegistryClient({ baseUrl: url, token: admin.token, maxRetries: 0 });
    const domain = new URL(url).host;
    const publish = async () => {
      const { project } = await app.docsHost.current();
      if (!project) return;
      const result = await publishProject({
        client,
        orgId: admin.orgId,
        domain,
        definition: project.definition,
        apis: project.project.apis,
      });
      if (!result.unchanged && !stopping) {
        output.out(
          `  ${color.green('✓')} published ${result.apis.length} API definition(s) and the docs to the local registry` +
            // An API that failed to import is published as the placeholder page the site shows.
            `${project.apiErrors?.length ? ` (${project.apiErrors.length} as a placeholder: its import failed)` : ''}\n`,
        );
      }
    };
    let publishing: Promise<void> = Promise.resolve();
    republish = () => {
      publishing = publishing.then(publish).catch(registryWarning);
    };
    await publish();
  }
}

/** Registers `sextant dev`. */
export function registerDev(program: Command): void {
  const command = program
    .command('dev')
    .description('preview a docs project (or one spec file) locally; reloads the page on every save')
    .argument('[path]', 'docs project folder (with docs.yml) or a spec file', '.');
  addServerFlags(command, { host: '127.0.0.1', port: 4000 })
    .option('--persist', 'keep the local registry in <project>/.sextant/data (default: in memory)')
    .option('--verbose', 'log every request (JSON lines)')
    .addHelpText(
      'after',
      '\nLocal mode: the playground may call localhost targets. The local registry prints its organization and admin token.\n' +
        'Exit codes: 0 stopped by Ctrl-C, 1 could not start (path missing, port taken), 2 usage error.',
    )
    .action(async (path: string, flags: DevFlags) => {
      await runDev(path, flags);
    });
}
