/**
 * @sextant/docs-project — a docs project on disk: docs.yml and its schema, the pages, versions and
 * changelog it lists, the API specs it references, generators.yml's snippet templates, and the
 * files a publish uploads. Errors are `DocsProjectError`s naming the file, line and JSON pointer.
 * The docs host (local mode) and the CLI (check, dev, publish, init --from) read projects through it.
 */
export { acceptsDocsYml } from './accepts-docs-yml.js';
export { contentTypeOf } from './content-types.js';
export { DocsProjectError, docsProjectErrors, NotInGitHeadError, UrlSpecReferenceError } from './errors.js';
export { trustProjectLink } from './inside-project.js';
export {
  DOCS_CONFIG_FILE,
  type LoadDocsProjectOptions,
  type LoadedDocsProject,
  loadDocsProject,
} from './load-docs-project.js';
export {
  type CollectedProjectFiles,
  collectProjectFiles,
  type ProjectFile,
} from './project-files.js';
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
} from './project-templates.js';
export { type HeadDefinitions, unreleasedApiChangelog } from './unreleased-changes.js';
