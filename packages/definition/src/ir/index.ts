export type * from './auth.js';
export type * from './definition.js';
export { emptyApiDefinition, IR_VERSION } from './definition.js';
export type * from './endpoint.js';
export type * from './import-result.js';
export { DefinitionImportError } from './import-result.js';
export { apiDefinitionProblems } from './invariants.js';
export * from './read-types.js';
export type * from './types.js';
