/**
 * JSON Schema → IR types, shared by the OpenAPI, AsyncAPI and OpenRPC importers.
 *
 * - `new SchemaConverter(docs: DocumentSet, sink: WarningSink, { dialect, maxDepth? })`
 *   - `.reference(schema, at: Location, nameHint, depth?)` → `TypeReference`
 *   - `.body(schema, at, nameHint)` → `BodyShape` (inline `object` or `alias`) for request/response bodies
 *   - `.defineComponents(map, at)` / `.reserveComponents(map, at)` for `components.schemas` / `definitions`
 *   - `.namedType(at, name?)` → `TypeId`; `.resolve(schema, at)`; `.isNullable(schema)`; `.types()`
 * - Helpers: `isObject`, `availabilityOf`, `examplesOf`, `resolveExampleRefs`, `pointerAt`, `pascalCase`, `componentName`.
 */

export * from './example-refs.js';
export * from './naming.js';
export * from './primitives.js';
export * from './schema-converter.js';
export { availabilityOf, examplesOf, isObject, pointerAt } from './schema-predicates.js';
