export { contentSecurityPolicy } from './csp.js';
export { type DocsHostOptions, type DocsHostService, docsHost } from './plugin.js';
export { acceptsDocsYml } from './project/accepts-docs-yml.js';
export { contentTypeOf } from './project/content-types.js';
export { DocsProjectError } from './project/docs-project-error.js';
export { trustProjectLink } from './project/inside-project.js';
export {
  DOCS_CONFIG_FILE,
  type LoadDocsProjectOptions,
  type LoadedDocsProject,
  loadDocsProject,
} from './project/load-docs-project.js';
export {
  type CollectedProjectFiles,
  collectProjectFiles,
  type ProjectFile,
} from './project/project-files.js';
export type { SiteRequestContext, SiteRoute, SiteRouteMethod } from './site-routes.js';
export {
  endpointPathTemplate,
  GENERATORS_FILE,
  ProjectTemplatesError,
  projectSnippetTemplates,
  projectTemplateFiles,
  type SnippetTemplate,
  snippetTemplatesOfFile,
  templatesForDefinition,
  templatesForEndpoint,
} from './snippet-templates/project-templates.js';
