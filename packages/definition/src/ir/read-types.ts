/**
 * One way to read IR types (the modules of `read-types/`): aliases followed, optional/nullable
 * wrappers and required-ness, the properties of an object including the ones it inherits with
 * an `allOf` override intersected with what it overrides, READ_ONLY / WRITE_ONLY by direction,
 * the variants of unions with their shared properties, JSON pointers and path templates. The
 * docs pages, `.md` pages, the request form state, the playground, MCP, the diff and example
 * synthesis all read types through these functions, so every one of them shows the same thing.
 */
export { followAliases, resolvedType, type TypeTable } from './read-types/aliases.js';
export { intersectShapes, type Merged, type MergeOptions, mergeProperty } from './read-types/merge-shapes.js';
export { cookieParametersOf } from './read-types/parameters.js';
export {
  escapePointerToken,
  jsonPointer,
  pathMatches,
  pathTemplate,
  unescapePointerToken,
} from './read-types/pointers.js';
export {
  type Direction,
  inheritedProperties,
  inlineObjectProperties,
  isPropertyVisible,
  objectProperties,
  propertiesOfReference,
  type ReadOptions,
} from './read-types/properties.js';
export { type UnionVariant, unionSharedProperties, unionVariants } from './read-types/unions.js';
export {
  innerShape,
  isRequired,
  type UnwrappedType,
  unwrapOptional,
  unwrapType,
} from './read-types/wrappers.js';
