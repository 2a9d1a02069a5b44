export { buildServer } from './app.js';
export { DocsProjectError, type LoadedDocsProject, loadDocsProject } from './docs-host/index.js';
export type { ServerMode, ServerOptions } from './options.js';
