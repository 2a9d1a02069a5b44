/**
 * One way to read IR types: the properties of an object including the ones it inherits
 * (`extends`, i.e. `allOf` of references), aliases followed, READ_ONLY / WRITE_ONLY by direction,
 * and the variants of unions. The docs pages, the request form state, the diff, example
 * synthesis and the playground all read types through these functions, so an `allOf` that
 * overrides a property shows it once, everywhere.
 */
import type { ObjectProperty, TypeDefinition, TypeId, TypeReference, TypeShape } from './types.js';

/** Which side of the wire a value is for: decides READ_ONLY (not sent) and WRITE_ONLY (not received). */
export type Direction = 'request' | 'response';

export type TypeTable = Record<TypeId, TypeDefinition>;

export interface ReadOptions {
  /** Leave out READ_ONLY properties for requests, WRITE_ONLY ones for responses. Absent: keep all. */
  direction?: Direction;
}

/** Alias chains longer than this are treated as cycles. */
const MAX_ALIAS_HOPS = 64;

/** True when `property` travels in `direction` (always, without a direction). */
export function isPropertyVisible(property: ObjectProperty, direction?: Direction): boolean {
  if (direction === 'request') return property.access !== 'READ_ONLY';
  if (direction === 'response') return property.access !== 'WRITE_ONLY';
  return true;
}

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

/**
 * The properties of object type `id` including inherited ones, inherited first. A property that a
 * child (or a later parent) declares again replaces the earlier one in its place, never twice.
 * Aliases of objects are followed; anything that is not an object has no properties.
 * @example objectProperties('Dog', types, { direction: 'request' })
 */
export function objectProperties(id: TypeId, types: TypeTable, options: ReadOptions = {}): ObjectProperty[] {
  const byKey = new Map<string, ObjectProperty>();
  collect(id, types, byKey, new Set());
  return visible([...byKey.values()], options.direction);
}

/** The properties of an inline object (a request or response body) that extends `parents`. */
export function inlineObjectProperties(
  body: { extends: TypeId[]; properties: ObjectProperty[] },
  types: TypeTable,
  options: ReadOptions = {},
): ObjectProperty[] {
  const byKey = new Map<string, ObjectProperty>();
  const seen = new Set<TypeId>();
  for (const parent of body.extends) collect(parent, types, byKey, seen);
  for (const property of body.properties) byKey.set(property.key, property);
  return visible([...byKey.values()], options.direction);
}

/**
 * The properties of whatever object a reference points at (optional/nullable wrappers and
 * aliases stripped), or undefined when it is no object.
 */
export function propertiesOfReference(
  shape: TypeReference,
  types: TypeTable,
  options: ReadOptions = {},
): ObjectProperty[] | undefined {
  const inner = followAliases(unwrapOptional(shape), types);
  if (inner.type !== 'id') return undefined;
  const type = resolvedType(inner.id, types);
  return type?.shape.type === 'object' ? objectProperties(type.id, types, options) : undefined;
}

/** One variant of a union, read the same way for discriminated and undiscriminated unions. */
export interface UnionVariant {
  /** Present for discriminated unions: the discriminant's value for this variant. */
  discriminantValue?: string;
  label: string;
  shape: TypeReference;
  description?: string;
}

/** The variants of union type `id` (through aliases), or undefined when it is no union. */
export function unionVariants(id: TypeId, types: TypeTable): UnionVariant[] | undefined {
  const type = resolvedType(id, types);
  if (!type) return undefined;
  const { shape } = type;
  if (shape.type === 'discriminatedUnion')
    return shape.variants.map((variant) => ({
      discriminantValue: variant.discriminantValue,
      label: variant.displayName ?? variant.discriminantValue,
      shape: { type: 'id', id: variant.typeId },
      ...(variant.description ? { description: variant.description } : {}),
    }));
  if (shape.type === 'undiscriminatedUnion')
    return shape.variants.map((variant, index) => ({
      label: variant.displayName ?? labelOf(variant.shape, types) ?? `Variant ${index + 1}`,
      shape: variant.shape,
      ...(variant.description ? { description: variant.description } : {}),
    }));
  return undefined;
}

function labelOf(shape: TypeReference, types: TypeTable): string | undefined {
  if (shape.type === 'id') return types[shape.id]?.name;
  if (shape.type === 'primitive') return shape.value.type;
  return undefined;
}

/** Strips `optional` and `nullable` wrappers. */
export function unwrapOptional(shape: TypeReference): TypeReference {
  let current = shape;
  while (current.type === 'optional' || current.type === 'nullable') current = current.shape;
  return current;
}

function collect(id: TypeId, types: TypeTable, into: Map<string, ObjectProperty>, seen: Set<TypeId>): void {
  if (seen.has(id)) return;
  seen.add(id);
  const shape = types[id]?.shape;
  if (!shape) return;
  if (shape.type === 'alias') {
    if (shape.value.type === 'id') collect(shape.value.id, types, into, seen);
    return;
  }
  if (shape.type !== 'object') return;
  for (const parent of shape.extends) collect(parent, types, into, seen);
  for (const property of shape.properties) into.set(property.key, property);
}

function visible(properties: ObjectProperty[], direction: Direction | undefined): ObjectProperty[] {
  return direction ? properties.filter((property) => isPropertyVisible(property, direction)) : properties;
}
