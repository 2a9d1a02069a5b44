/**
 * Slicing a definition down to what one page needs.
 *
 * - `sliceDefinition(definition, { endpointId } | { channelId } | { webhookId })` → `ApiDefinition`
 * - `SliceTargetNotFoundError` (code `SLICE_TARGET_NOT_FOUND`) when the item does not exist.
 * - `TypeCollector`: the named types a part of a definition reaches.
 * - `danglingReferences(definition)`: every unresolved type, auth, token endpoint or navigation id.
 */

export * from './dangling-references.js';
export * from './reachable-types.js';
export * from './slice.js';
