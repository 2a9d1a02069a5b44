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
