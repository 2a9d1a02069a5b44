/** The zod schema of the IR (one per shape), and one way to report what a value breaks. */
export * from './auth.js';
export * from './definition.js';
export * from './endpoint.js';
export {
  type Checked,
  checkSchema,
  issueLine,
  issuePath,
  MAX_SCHEMA_ISSUES,
  type SchemaIssue,
  schemaIssues,
} from './issues.js';
export { MAX_REFERENCE_ISSUES, type ReferenceIssue, referenceIssues } from './references.js';
export type { IrSchemaChecks } from './type-checks.js';
export * from './types.js';
