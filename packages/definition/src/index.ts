/**
 * @sextant/definition — the API definition model (IR) and the importers that produce it.
 */

export { importAsyncApi, importAsyncApiDocuments } from './asyncapi/index.js';
export { type CancelTimer, type Clock, systemClock } from './clock.js';
export * from './diff/index.js';
export * from './docs/index.js';
export { DocumentSet, type Location, WarningSink } from './document/index.js';
export * from './errors.js';
export * from './examples/index.js';
export { flatString } from './flat-string.js';
export * from './import/index.js';
export * from './ir/index.js';
export {
  COMPILED_CACHES,
  configureModuleCaches,
  DEFAULT_MODULE_CACHE_BYTES,
  type ModuleCache,
  moduleCache,
  moduleCacheBytes,
} from './module-caches.js';
export { importOpenApi, importOpenApiDocuments } from './openapi/index.js';
export { importOpenRpc, importOpenRpcDocuments } from './openrpc/index.js';
export { SchemaConverter, type SchemaDialect } from './schema/index.js';
export * from './sextant-error.js';
export * from './slice/index.js';
