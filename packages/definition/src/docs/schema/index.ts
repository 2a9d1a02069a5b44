/** The zod schema of the docs definition, the leaves docs.yml shares with it, and its references. */
export * from './config.js';
export * from './definition.js';
export * from './leaves.js';
export * from './navigation.js';
export { type DocsReferenceIssue, docsReferenceIssues, MAX_DOCS_REFERENCE_ISSUES } from './references.js';
export type { DocsSchemaChecks } from './type-checks.js';
