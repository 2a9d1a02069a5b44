export { buildServer } from './app.js';
export {
  type CollectedProjectFiles,
  collectProjectFiles,
  DocsProjectError,
  type LoadedDocsProject,
  loadDocsProject,
  type ProjectFile,
} from './docs-host/index.js';
export type { ServerMode, ServerOptions } from './options.js';
