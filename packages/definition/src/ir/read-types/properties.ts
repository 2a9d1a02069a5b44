/**
 * The properties of an object including the ones it inherits (`extends`, i.e. `allOf` of
 * references), inherited first. A property declared again (by the child or a later parent)
 * is one property in its first place, its two declarations intersected (`mergeProperty`).
 */
import type { ObjectProperty, TypeId, TypeReference } from '../types.js';
import { followAliases, resolvedType, type TypeTable } from './aliases.js';
import { mergeProperty } from './merge-shapes.js';
import { unwrapOptional } from './wrappers.js';

/** Which side of the wire a value is for: decides READ_ONLY (not sent) and WRITE_ONLY (not received). */
export type Direction = 'request' | 'response';

export interface ReadOptions {
  /** Leave out READ_ONLY properties for requests, WRITE_ONLY ones for responses. Absent: keep all. */
  direction?: Direction;
}

/** True when `property` travels in `direction` (always, without a direction). */
export function isPropertyVisible(property: ObjectProperty, direction?: Direction): boolean {
  if (direction === 'request') return property.access !== 'READ_ONLY';
  if (direction === 'response') return property.access !== 'WRITE_ONLY';
  return true;
}

/**
 * The properties of object type `id` including inherited ones, inherited first.
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
  return visible([...declaredProperties(body, types).values()], options.direction);
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

/** What an object's parents give, by key: the declarations an object's own properties meet. */
export function inheritedProperties(parents: TypeId[], types: TypeTable): Map<string, ObjectProperty> {
  const byKey = new Map<string, ObjectProperty>();
  const seen = new Set<TypeId>();
  for (const parent of parents) collect(parent, types, byKey, seen);
  return byKey;
}

/** Adds `properties` to `into` in order, a key seen before merged with its earlier declaration. */
export function addMerged(
  into: Map<string, ObjectProperty>,
  properties: ObjectProperty[],
  types: TypeTable,
): void {
  for (const property of properties) {
    const earlier = into.get(property.key);
    into.set(property.key, earlier ? mergeProperty(earlier, property, types).value : property);
  }
}

function declaredProperties(
  body: { extends: TypeId[]; properties: ObjectProperty[] },
  types: TypeTable,
): Map<string, ObjectProperty> {
  const byKey = inheritedProperties(body.extends, types);
  addMerged(byKey, body.properties, types);
  return byKey;
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
  addMerged(into, shape.properties, types);
}

export function visible(properties: ObjectProperty[], direction: Direction | undefined): ObjectProperty[] {
  return direction ? properties.filter((property) => isPropertyVisible(property, direction)) : properties;
}
