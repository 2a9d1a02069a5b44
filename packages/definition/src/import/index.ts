/**
 * Importing any supported API description.
 *
 * - `importDefinition(source, { id?, synthesizeExamples?, maxFileSize?, maxDepth? })` → `ImportResult`
 * - `detectFormat(docs)` → `{ format: 'openapi' | 'asyncapi' | 'openrpc', version }`
 */
export * from './detect-format.js';
export * from './import-definition.js';
