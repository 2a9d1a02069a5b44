/**
 * Reading IR shapes for the form: unwrapping optionals and aliases, listing an object's properties
 * (inherited ones included), and the value a freshly added field starts with. Types are passed in
 * (`ApiDefinition.types`, or a page's slice of it), because an endpoint alone does not hold them.
 */
import {
  inlineObjectProperties,
  type ObjectProperty,
  type TypeId,
  type TypeReference,
  type TypeTable,
} from '@sextant/definition';

export type { TypeTable };

/** True when the reference is `optional` (possibly under aliases), i.e. the value may be left unset. */
export function isOptionalShape(shape: TypeReference, types: TypeTable = {}): boolean {
  if (shape.type === 'optional') return true;
  if (shape.type === 'id') {
    const definition = types[shape.id];
    return definition?.shape.type === 'alias' ? isOptionalShape(definition.shape.value, types) : false;
  }
  return false;
}

/** Strips `optional` and `nullable` wrappers and follows aliases to the first structural shape or non-alias id. */
export function unwrapShape(
  shape: TypeReference,
  types: TypeTable = {},
  seen = new Set<TypeId>(),
): TypeReference {
  if (shape.type === 'optional' || shape.type === 'nullable') return unwrapShape(shape.shape, types, seen);
  if (shape.type === 'id' && !seen.has(shape.id)) {
    const definition = types[shape.id];
    if (definition?.shape.type === 'alias') {
      seen.add(shape.id);
      return unwrapShape(definition.shape.value, types, seen);
    }
  }
  return shape;
}

/**
 * The value a field starts with when the reader adds it: its default when the shape has one,
 * otherwise an empty value of the right kind (`''`, `0`, `false`, `[]`, `{}` with required properties filled).
 */
export function emptyValueFor(shape: TypeReference, types: TypeTable = {}, depth = 0): unknown {
  if ('default' in shape && shape.default !== undefined) return shape.default;
  if (depth > 8) return undefined;
  const inner = shape.type === 'optional' || shape.type === 'nullable' ? shape.shape : shape;
  switch (inner.type) {
    case 'optional':
    case 'nullable':
      return emptyValueFor(inner, types, depth + 1);
    case 'primitive':
      if (inner.value.default !== undefined) return inner.value.default;
      return inner.value.type === 'string' ? '' : inner.value.type === 'boolean' ? false : 0;
    case 'literal':
      return inner.value;
    case 'list':
    case 'set':
      return [];
    case 'map':
      return {};
    case 'unknown':
      return null;
    case 'id':
      return emptyValueForType(inner.id, types, depth);
  }
}

function emptyValueForType(id: TypeId, types: TypeTable, depth: number): unknown {
  const definition = types[id];
  if (!definition) return null;
  const shape = definition.shape;
  switch (shape.type) {
    case 'alias':
      return emptyValueFor(shape.value, types, depth + 1);
    case 'enum':
      return shape.default ?? shape.values[0]?.value ?? null;
    case 'object':
      return emptyObjectValue(shape.extends, shape.properties, types, depth);
    case 'discriminatedUnion': {
      const variant = shape.variants[0];
      if (!variant) return {};
      const base = emptyValueForType(variant.typeId, types, depth + 1);
      return { [shape.discriminant]: variant.discriminantValue, ...(isRecord(base) ? base : {}) };
    }
    case 'undiscriminatedUnion': {
      const variant = shape.variants[0];
      return variant ? emptyValueFor(variant.shape, types, depth + 1) : null;
    }
  }
}

/** An object with its required, writable properties set to their empty values. */
export function emptyObjectValue(
  parents: TypeId[],
  properties: ObjectProperty[],
  types: TypeTable = {},
  depth = 0,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const all = inlineObjectProperties({ extends: parents, properties }, types, { direction: 'request' });
  for (const property of all) {
    if (isOptionalShape(property.valueShape, types)) continue;
    out[property.key] = emptyValueFor(property.valueShape, types, depth + 1);
  }
  return out;
}

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}
