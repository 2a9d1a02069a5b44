/** Aliases followed to the type they name (alias chains longer than 64 hops count as cycles). */
import type { TypeDefinition, TypeId, TypeReference, TypeShape } from '../types.js';

export type TypeTable = Record<TypeId, TypeDefinition>;

const MAX_ALIAS_HOPS = 64;

/** Follows `id` references through alias types to the first non-alias reference (cycles stop). */
export function followAliases(shape: TypeReference, types: TypeTable): TypeReference {
  let current = shape;
  for (let hops = 0; hops < MAX_ALIAS_HOPS && current.type === 'id'; hops++) {
    const type = types[current.id]?.shape;
    if (type?.type !== 'alias') break;
    current = type.value;
  }
  return current;
}

/** The shape of the type an id (through aliases) names, with its id; undefined when it dangles. */
export function resolvedType(id: TypeId, types: TypeTable): { id: TypeId; shape: TypeShape } | undefined {
  const reference = followAliases({ type: 'id', id }, types);
  if (reference.type !== 'id') return undefined;
  const type = types[reference.id];
  return type ? { id: reference.id, shape: type.shape } : undefined;
}
