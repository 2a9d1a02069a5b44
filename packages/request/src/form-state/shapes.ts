/**
 * Reading IR shapes for the form: unwrapping optionals and aliases, listing an object's properties
 * (inherited ones included), and the value a freshly added field starts with. Types are passed in
 * (`ApiDefinition.types`, or a page's slice of it), because an endpoint alone does not hold them.
 */
import {
  followAliases,
  inlineObjectProperties,
  isRequired,
  type NumberPrimitive,
  type ObjectProperty,
  type TypeId,
  type TypeReference,
  type TypeTable,
  unionVariants,
  unwrapOptional,
} from '@sextant/definition';

export type { TypeTable };

/** True when the reference is `optional` (possibly under aliases), i.e. the value may be left unset. */
export function isOptionalShape(shape: TypeReference, types: TypeTable = {}): boolean {
  return !isRequired(shape, types);
}

/** Strips `optional` and `nullable` wrappers and follows aliases to the first structural shape or non-alias id. */
export function unwrapShape(shape: TypeReference, types: TypeTable = {}): TypeReference {
  let current = unwrapOptional(shape);
  for (let hops = 0; hops < 64; hops++) {
    const next = unwrapOptional(followAliases(current, types));
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * The value a field starts with when the reader adds it: its default when the shape has one,
 * otherwise an empty value of the right kind (`''`, `0` or the range's bound nearest to it, `false`, `[]`,
 * `{}` with required properties filled).
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
      if (inner.value.type === 'string') return '';
      return inner.value.type === 'boolean' ? false : emptyNumber(inner.value);
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

/**
 * The empty number: 0, or the bound nearest to it when the spec's range leaves 0 out (a close
 * code of 1000–4999 starts at 1000: the bound is the spec's, not an invented value).
 */
function emptyNumber(value: NumberPrimitive): number {
  if (value.minimum !== undefined && value.minimum > 0) return value.minimum;
  if (value.maximum !== undefined && value.maximum < 0) return value.maximum;
  return 0;
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
      // The first variant with the union's shared properties: every required one filled.
      const variant = unionVariants(id, types, { direction: 'request' })?.[0];
      if (!variant) return {};
      return {
        [shape.discriminant]: variant.discriminantValue,
        ...requiredValues(variant.properties ?? [], types, depth),
      };
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
  const all = inlineObjectProperties({ extends: parents, properties }, types, { direction: 'request' });
  return requiredValues(all, types, depth);
}

function requiredValues(
  properties: ObjectProperty[],
  types: TypeTable,
  depth: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const property of properties) {
    if (isOptionalShape(property.valueShape, types)) continue;
    out[property.key] = emptyValueFor(property.valueShape, types, depth + 1);
  }
  return out;
}

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}
