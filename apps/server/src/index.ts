export {
  type ApiLinkProblem,
  docsApiLinkProblems,
  type LinkProblem,
  linkProblemLine,
  type PageProblem,
  pageProblemLine,
} from '@sextant/docs';
export { aiConfigWarning } from './ai/index.js';
export { buildServer } from './app.js';
export {
  acceptsDocsYml,
  type CollectedProjectFiles,
  collectProjectFiles,
  DocsProjectError,
  endpointPathTemplate,
  GENERATORS_FILE,
  type LoadedDocsProject,
  loadDocsProject,
  type ProjectFile,
  ProjectTemplatesError,
  projectSnippetTemplates,
  projectTemplateFiles,
  type SnippetTemplate,
  snippetTemplatesOfFile,
  templatesForDefinition,
  templatesForEndpoint,
  trustProjectLink,
} from './docs-host/index.js';
export type { LogLevel } from './logging.js';
export { MemoryOptionError, parseMemoryMiB } from './memory-budget.js';
export type { ServerMode, ServerOptions } from './options.js';
