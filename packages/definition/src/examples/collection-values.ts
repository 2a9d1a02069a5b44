/**
 * Lists, sets and maps: `prefixItems`, `contains`/`minContains`, distinct set items, `min`/`maxItems`,
 * map keys from the key shape (literal, enum, format) within `min`/`maxProperties`.
 */
import { isScalarLiteral } from '../ir/literal-values.js';
import { type Direction, followAliases } from '../ir/read-types.js';
import type { TypeReference } from '../ir/types.js';
import { primitiveValue } from './primitive-values.js';
import { type Built, FAIL, type ValueBuilding } from './value-building.js';

export function listValue(
  b: ValueBuilding,
  shape: Extract<TypeReference, { type: 'list' | 'set' }>,
  direction: Direction,
  name: string,
): Built {
  const min = shape.minItems ?? 0;
  const max = shape.maxItems ?? Number.POSITIVE_INFINITY;
  if (min > max) {
    b.warn(`minItems ${min} is above maxItems ${max}`);
    return FAIL;
  }
  const items: unknown[] = [];
  for (const [index, prefix] of (shape.prefixItems ?? []).entries()) {
    if (items.length >= max) break;
    const value = b.value(prefix, direction, `${name}${index + 1}`);
    if (value === FAIL) return b.lenient ? items : FAIL;
    items.push(value);
  }
  const contained = containedItems(b, shape, direction, name, max - items.length);
  if (contained === FAIL) return b.lenient ? items : FAIL;
  items.push(...contained);
  // Items of an unknown shape say nothing: an empty list unless something asks for items.
  const wanted =
    shape.itemShape.type === 'unknown' && min === 0
      ? items.length
      : Math.min(Math.max(min, items.length, 1), max);
  if (items.length >= wanted) return items;
  if (shape.type === 'set' && wanted - items.length > 1) {
    for (let variant = 0; items.length < wanted; variant++) {
      const item = variantValue(b, shape.itemShape, name, variant);
      if (item === FAIL) break;
      items.push(item);
    }
    if (items.length < wanted || new Set(items.map((item) => JSON.stringify(item))).size !== items.length) {
      b.warn(`cannot build ${wanted} distinct items for a set`);
      return b.lenient ? [] : FAIL;
    }
    return items;
  }
  const example = b.fitting(shape.itemExamples, shape.itemShape, direction);
  const item = example ? example.value : b.value(shape.itemShape, direction, name);
  if (item === FAIL) return items.length >= min || b.lenient ? items : FAIL;
  while (items.length < wanted) items.push(item);
  return items;
}

/** The items `contains` asks for (`minContains`, default 1), also valid for `itemShape`. */
function containedItems(
  b: ValueBuilding,
  shape: Extract<TypeReference, { type: 'list' | 'set' }>,
  direction: Direction,
  name: string,
  room: number,
): unknown[] | typeof FAIL {
  if (!shape.contains) return [];
  const count = shape.minContains ?? 1;
  if (count === 0) return [];
  if (count > room || count > (shape.maxContains ?? Number.POSITIVE_INFINITY)) {
    b.warn(`cannot fit ${count} items matching contains`);
    return FAIL;
  }
  const value = b.value(shape.contains, direction, name);
  if (
    value === FAIL ||
    (shape.itemShape.type !== 'unknown' && b.issues(value, shape.itemShape, direction).length > 0)
  ) {
    b.warn('no item satisfies both items and contains');
    return FAIL;
  }
  return Array.from({ length: count }, () => value);
}

/** A map: `property1`, `property2` … (or the key shape's values), within `min`/`maxProperties`. */
export function mapValue(
  b: ValueBuilding,
  shape: Extract<TypeReference, { type: 'map' }>,
  direction: Direction,
): Built {
  const wanted = Math.min(
    Math.max(shape.minProperties ?? 0, shape.valueShape.type === 'unknown' ? 0 : 2),
    shape.maxProperties ?? Number.POSITIVE_INFINITY,
  );
  const out: Record<string, unknown> = {};
  // One value serves every entry (building per entry doubles the work at each nested map).
  let value: Built | undefined;
  for (let index = 0; Object.keys(out).length < wanted && index < wanted + 2; index++) {
    const key = mapKey(b, shape.keyShape, index);
    if (key === undefined) break;
    value ??= b.value(shape.valueShape, direction, key);
    if (value === FAIL) break;
    out[key] = value;
  }
  if (Object.keys(out).length < (shape.minProperties ?? 0)) {
    b.warn(`cannot build ${shape.minProperties} entries for a map`);
    return b.lenient ? out : FAIL;
  }
  return out;
}

/** The `variant`-th distinct value of a primitive or enum (for sets with minItems > 1). */
function variantValue(b: ValueBuilding, shape: TypeReference, name: string, variant: number): Built {
  const resolved = followAliases(shape, b.types);
  if (resolved.type === 'primitive') {
    const result = primitiveValue(resolved.value, name, variant);
    return result.ok ? result.value : FAIL;
  }
  if (resolved.type === 'id') {
    const type = b.types[resolved.id]?.shape;
    if (type?.type === 'enum') return type.values[variant]?.value ?? FAIL;
  }
  return FAIL;
}

/** The `index`-th key of a map: a literal, an enum value, a string of the key's format, else `property<n>`. */
function mapKey(b: ValueBuilding, keyShape: TypeReference, index: number): string | undefined {
  const resolved = followAliases(keyShape, b.types);
  if (resolved.type === 'literal')
    return index === 0 && isScalarLiteral(resolved.value) ? String(resolved.value) : undefined;
  if (resolved.type === 'primitive' && resolved.value.type === 'string') {
    const constrained = resolved.value.format !== undefined || resolved.value.pattern !== undefined;
    if (!constrained) return `property${index + 1}`;
    const result = primitiveValue(resolved.value, 'key', index);
    return result.ok ? String(result.value) : undefined;
  }
  if (resolved.type === 'id') {
    const type = b.types[resolved.id]?.shape;
    if (type?.type === 'enum') {
      const value = type.values[index];
      return value === undefined ? undefined : String(value.value);
    }
  }
  return `property${index + 1}`;
}
