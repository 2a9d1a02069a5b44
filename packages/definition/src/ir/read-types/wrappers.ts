/** The optional / nullable wrappers of a type reference: what is required, what may be null. */
import type { TypeReference } from '../types.js';
import type { TypeTable } from './aliases.js';

/** Strips `optional` and `nullable` wrappers. */
export function unwrapOptional(shape: TypeReference): TypeReference {
  let current = shape;
  while (current.type === 'optional' || current.type === 'nullable') current = current.shape;
  return current;
}

/** The shape inside the wrappers, and whether it may be null. */
export function innerShape(shape: TypeReference): { shape: TypeReference; nullable: boolean } {
  let nullable = false;
  let current = shape;
  while (current.type === 'optional' || current.type === 'nullable') {
    if (current.type === 'nullable') nullable = true;
    current = current.shape;
  }
  return { shape: current, nullable };
}

/** Alias chains longer than this are treated as cycles. */
const MAX_ALIAS_HOPS = 64;

/**
 * True unless the value may be left out (the property or parameter is not required): not
 * `optional`, nor (with `types`) an alias of an optional.
 */
export function isRequired(shape: TypeReference, types?: TypeTable): boolean {
  let current = shape;
  for (let hops = 0; hops < MAX_ALIAS_HOPS; hops++) {
    if (current.type === 'optional') return false;
    if (current.type !== 'id' || !types) return true;
    const type = types[current.id]?.shape;
    if (type?.type !== 'alias') return true;
    current = type.value;
  }
  return true;
}

/** What is behind a reference's optional / nullable wrappers and aliases (`unwrapType`). */
export interface UnwrappedType {
  /**
   * The reference left: an inline shape, or the id of a named type that is not an alias (or of
   * one the table lacks). Never `optional`, `nullable` or an alias's id.
   */
  shape: TypeReference;
  /** An `optional` wrapper was met (outside or inside an alias). */
  optional: boolean;
  /** A `nullable` wrapper was met. */
  nullable: boolean;
  /** The name of the first named type met (an alias's name before its target's). */
  typeName?: string;
  /** The `default`s of the wrappers and ids met, outermost first. */
  defaults: unknown[];
}

/**
 * Unwraps optional and nullable wrappers and follows aliases, at any depth and in any order (a
 * nullable alias of an optional list reads as the list, optional and nullable). Alias chains
 * longer than 64 hops count as cycles.
 * @example unwrapType({ type: 'optional', shape: { type: 'id', id: 'Tags' } }, types).shape // { type: 'list', … } when Tags aliases a list
 */
export function unwrapType(shape: TypeReference, types: TypeTable): UnwrappedType {
  const out: UnwrappedType = { shape, optional: false, nullable: false, defaults: [] };
  let current = shape;
  for (let hops = 0; hops < MAX_ALIAS_HOPS; hops++) {
    if ((current.type === 'optional' || current.type === 'id') && current.default !== undefined)
      out.defaults.push(current.default);
    if (current.type === 'optional' || current.type === 'nullable') {
      if (current.type === 'optional') out.optional = true;
      else out.nullable = true;
      current = current.shape;
      continue;
    }
    if (current.type !== 'id') break;
    const type = types[current.id];
    if (type && out.typeName === undefined) out.typeName = type.name;
    if (type?.shape.type !== 'alias') break;
    current = type.shape.value;
  }
  out.shape = current;
  return out;
}
