/**
 * allOf read exactly: two declarations of the same property (an inherited one and an override,
 * or two inline allOf members) describe one value that must satisfy both, so their constraints
 * intersect. Enums intersect, the narrower type wins (integer over number, a literal over an
 * enum, an enum over its base type), bounds take the stricter side, and a property is required
 * or non-null when either declaration says so. What cannot hold together is returned as a
 * conflict (the importer reports it as a located warning); the later declaration then wins.
 */
import { isScalarLiteral, literalEquals, literalLabel } from '../literal-values.js';
import type {
  EnumValue,
  LiteralValue,
  NumberPrimitive,
  ObjectProperty,
  PrimitiveType,
  StringPrimitive,
  TypeId,
  TypeReference,
} from '../types.js';
import { followAliases, resolvedType, type TypeTable } from './aliases.js';

export interface MergeOptions {
  /**
   * Names a new enum type holding `values` (the import materialises intersections this way).
   * Without it, an intersection of two enums that equals neither keeps the later enum.
   */
  defineEnum?: (values: EnumValue[]) => TypeReference;
  /**
   * Names a new object type inheriting from both objects (whose properties the reader then
   * intersects). Without it, two different object types keep the later one.
   */
  defineObject?: (parents: [TypeId, TypeId]) => TypeReference;
}

export interface Merged<T> {
  value: T;
  /** Why the two declarations cannot both hold; empty when they merge cleanly. */
  conflicts: string[];
}

/** The property that satisfies both declarations of the same key (`later` is the override). */
export function mergeProperty(
  earlier: ObjectProperty,
  later: ObjectProperty,
  types: TypeTable,
  options: MergeOptions = {},
): Merged<ObjectProperty> {
  const { value: valueShape, conflicts } = intersectShapes(
    earlier.valueShape,
    later.valueShape,
    types,
    options,
  );
  const merged: ObjectProperty = { ...earlier, ...later, valueShape };
  for (const key of ['description', 'availability', 'access', 'examples'] as const) {
    if (later[key] === undefined && earlier[key] !== undefined)
      Object.assign(merged, { [key]: earlier[key] });
  }
  return { value: merged, conflicts: conflicts.map((reason) => `"${later.key}": ${reason}`) };
}

/** The shape of values valid for both `a` and `b`; ties go to `b`, the later declaration. */
export function intersectShapes(
  a: TypeReference,
  b: TypeReference,
  types: TypeTable,
  options: MergeOptions = {},
): Merged<TypeReference> {
  const conflicts: string[] = [];
  const value = intersectWrapped(a, b, types, options, conflicts, 0);
  return { value, conflicts };
}

/** Required when either side is, nullable only when both are; the cores intersected. */
function intersectWrapped(
  a: TypeReference,
  b: TypeReference,
  types: TypeTable,
  options: MergeOptions,
  conflicts: string[],
  depth: number,
): TypeReference {
  const first = unwrapped(a);
  const second = unwrapped(b);
  let shape = intersectCore(first.core, second.core, types, options, conflicts, depth);
  if (first.nullable && second.nullable) shape = { type: 'nullable', shape };
  if (first.optional && second.optional) {
    const optional: TypeReference = { type: 'optional', shape };
    const fallback = second.default !== undefined ? second.default : first.default;
    if (fallback !== undefined) optional.default = fallback;
    shape = optional;
  }
  return shape;
}

const MAX_DEPTH = 16;

function intersectCore(
  a: TypeReference,
  b: TypeReference,
  types: TypeTable,
  options: MergeOptions,
  conflicts: string[],
  depth: number,
): TypeReference {
  if (a.type === 'unknown') return b;
  if (b.type === 'unknown') return a;
  if (depth > MAX_DEPTH || a === b) return b;
  const left = followAliases(a, types);
  const right = followAliases(b, types);
  if (left !== a || right !== b) {
    const inner = (shape: TypeReference, followed: TypeReference) =>
      followed === shape ? shape : unwrapped(followed).core;
    return intersectCore(inner(a, left), inner(b, right), types, options, conflicts, depth + 1);
  }
  if (isCompoundLiteral(a) || isCompoundLiteral(b)) return intersectConstant(a, b, conflicts);
  const leftEnum = enumValues(a, types);
  const rightEnum = enumValues(b, types);
  if (leftEnum || rightEnum || a.type === 'literal' || b.type === 'literal')
    return intersectEnums(a, b, leftEnum, rightEnum, options, conflicts);
  if (a.type === 'primitive' && b.type === 'primitive') {
    const value = intersectPrimitives(a.value, b.value, conflicts);
    return value ? { type: 'primitive', value } : b;
  }
  if ((a.type === 'list' || a.type === 'set') && (b.type === 'list' || b.type === 'set')) {
    const itemShape = intersectWrapped(a.itemShape, b.itemShape, types, options, conflicts, depth + 1);
    // Constraints only one side states (tuples, `contains`, defaults) are kept as they are.
    const list = {
      ...a,
      ...b,
      type: a.type === 'set' || b.type === 'set' ? 'set' : 'list',
      itemShape,
    } as Extract<TypeReference, { type: 'list' | 'set' }>;
    delete list.minItems;
    delete list.maxItems;
    const minItems = stricter(a.minItems, b.minItems, Math.max);
    const maxItems = stricter(a.maxItems, b.maxItems, Math.min);
    if (minItems !== undefined) list.minItems = minItems;
    if (maxItems !== undefined) list.maxItems = maxItems;
    if (minItems !== undefined && maxItems !== undefined && minItems > maxItems)
      conflicts.push(`minItems ${minItems} is above maxItems ${maxItems}`);
    return list;
  }
  if (a.type === 'map' && b.type === 'map') {
    return {
      ...a,
      ...b,
      valueShape: intersectWrapped(a.valueShape, b.valueShape, types, options, conflicts, depth + 1),
    };
  }
  const fromUnion =
    narrowUnion(a, b, types, options, conflicts, depth) ??
    narrowUnion(b, a, types, options, conflicts, depth);
  if (fromUnion) return fromUnion;
  // `{type: object}` beside a declared object says nothing more: the declared one is narrower.
  if (isFreeFormObject(a) && valueKind(b, types) === 'object') return b;
  if (isFreeFormObject(b) && valueKind(a, types) === 'object') return a;
  if (a.type === 'id' && b.type === 'id' && options.defineObject) {
    const left = resolvedType(a.id, types);
    const right = resolvedType(b.id, types);
    if (left?.shape.type === 'object' && right?.shape.type === 'object' && left.id !== right.id)
      return options.defineObject([left.id, right.id]);
  }
  const kindA = valueKind(a, types);
  const kindB = valueKind(b, types);
  if (kindA && kindB && !compatibleKinds(kindA, kindB))
    conflicts.push(`declared as ${kindA} and as ${kindB}; no value is both`);
  return b;
}

/**
 * A union meeting a shape of one kind (`oneOf: [integer, date-time]` and `type: string`): only the
 * variants of that kind remain; one left is intersected with the shape.
 */
function narrowUnion(
  union: TypeReference,
  other: TypeReference,
  types: TypeTable,
  options: MergeOptions,
  conflicts: string[],
  depth: number,
): TypeReference | undefined {
  if (union.type !== 'id') return undefined;
  const shape = resolvedType(union.id, types)?.shape;
  const kind = valueKind(other, types);
  if (shape?.type !== 'undiscriminatedUnion' || !kind) return undefined;
  const fitting = shape.variants.filter((variant) => {
    const variantKind = valueKind(unwrapped(variant.shape).core, types);
    return variantKind === undefined || variantKind === kind;
  });
  if (fitting.length === 0) {
    conflicts.push(`no variant of the union is of the kind ${kind}`);
    return other;
  }
  if (fitting.length > 1) return union;
  return intersectWrapped(
    (fitting[0] as { shape: TypeReference }).shape,
    other,
    types,
    options,
    conflicts,
    depth + 1,
  );
}

function isCompoundLiteral(shape: TypeReference): boolean {
  return shape.type === 'literal' && !isScalarLiteral(shape.value);
}

/** An object or array `const` meets another shape: the const (nothing narrower), or a conflict. */
function intersectConstant(a: TypeReference, b: TypeReference, conflicts: string[]): TypeReference {
  if (a.type === 'literal' && b.type === 'literal') {
    if (!literalEquals(a.value, b.value))
      conflicts.push(`the constants ${literalLabel(a.value, 40)} and ${literalLabel(b.value, 40)} differ`);
    return b;
  }
  return a.type === 'literal' ? a : b;
}

/** An enum meets another enum, a literal or a primitive: the values both admit. */
function intersectEnums(
  a: TypeReference,
  b: TypeReference,
  leftEnum: EnumValue[] | undefined,
  rightEnum: EnumValue[] | undefined,
  options: MergeOptions,
  conflicts: string[],
): TypeReference {
  const left = leftEnum ?? admitted(a);
  const right = rightEnum ?? admitted(b);
  if (left === 'any') return withinPrimitive(a, b, right as EnumValue[], conflicts);
  if (right === 'any') return withinPrimitive(b, a, left, conflicts);
  const kept = right.filter((entry) => left.some((other) => other.value === entry.value));
  if (kept.length === 0) {
    conflicts.push(`the allowed values ${listOf(left)} and ${listOf(right)} have none in common`);
    return b;
  }
  if (kept.length === right.length) return b;
  if (kept.length === left.length && left.every((entry) => kept.some((k) => k.value === entry.value)))
    return a;
  if (kept.length === 1) return { type: 'literal', value: (kept[0] as EnumValue).value };
  return options.defineEnum ? options.defineEnum(kept) : b;
}

/** An enum or literal meeting an open shape: the values of the open shape's kind, or a conflict. */
function withinPrimitive(
  open: TypeReference,
  closed: TypeReference,
  values: EnumValue[],
  conflicts: string[],
): TypeReference {
  if (open.type !== 'primitive') return closed;
  const kind = open.value.type === 'integer' ? 'number' : open.value.type;
  if (!values.some((entry) => literalKind(entry.value) === kind))
    conflicts.push(`the allowed values ${listOf(values)} are not of type ${open.value.type}`);
  return closed;
}

/** The values a literal or primitive admits, as enum entries: 'any' for an unbounded primitive. */
function admitted(shape: TypeReference): EnumValue[] | 'any' {
  if (shape.type === 'literal' && isScalarLiteral(shape.value)) return [{ value: shape.value }];
  return 'any';
}

function enumValues(shape: TypeReference, types: TypeTable): EnumValue[] | undefined {
  if (shape.type !== 'id') return undefined;
  const type = resolvedType(shape.id, types);
  return type?.shape.type === 'enum' ? type.shape.values : undefined;
}

function intersectPrimitives(
  a: PrimitiveType,
  b: PrimitiveType,
  conflicts: string[],
): PrimitiveType | undefined {
  if (isNumber(a) && isNumber(b)) return intersectNumbers(a, b, conflicts);
  if (a.type === 'string' && b.type === 'string') return intersectStrings(a, b, conflicts);
  if (a.type === 'boolean' && b.type === 'boolean') return { ...a, ...b };
  conflicts.push(`declared as ${a.type} and as ${b.type}; no value is both`);
  return undefined;
}

function intersectNumbers(a: NumberPrimitive, b: NumberPrimitive, conflicts: string[]): NumberPrimitive {
  const merged: NumberPrimitive = {
    ...a,
    ...b,
    type: a.type === 'integer' || b.type === 'integer' ? 'integer' : 'number',
  };
  assign(merged, 'minimum', stricter(a.minimum, b.minimum, Math.max));
  assign(merged, 'maximum', stricter(a.maximum, b.maximum, Math.min));
  assign(merged, 'exclusiveMinimum', stricter(a.exclusiveMinimum, b.exclusiveMinimum, Math.max));
  assign(merged, 'exclusiveMaximum', stricter(a.exclusiveMaximum, b.exclusiveMaximum, Math.min));
  if (a.format && b.format && a.format !== b.format)
    merged.format = a.type === 'integer' ? a.format : b.format;
  if (a.multipleOf !== undefined && b.multipleOf !== undefined && a.multipleOf !== b.multipleOf) {
    const larger = Math.max(a.multipleOf, b.multipleOf);
    const smaller = Math.min(a.multipleOf, b.multipleOf);
    if (Number.isInteger(larger / smaller)) merged.multipleOf = larger;
    else conflicts.push(`multipleOf ${a.multipleOf} and ${b.multipleOf} cannot both be shown`);
  }
  const low = merged.minimum ?? merged.exclusiveMinimum;
  const high = merged.maximum ?? merged.exclusiveMaximum;
  if (low !== undefined && high !== undefined && low > high)
    conflicts.push(`minimum ${low} is above maximum ${high}`);
  return merged;
}

function intersectStrings(a: StringPrimitive, b: StringPrimitive, conflicts: string[]): StringPrimitive {
  const merged: StringPrimitive = { ...a, ...b };
  assign(merged, 'minLength', stricter(a.minLength, b.minLength, Math.max));
  assign(merged, 'maxLength', stricter(a.maxLength, b.maxLength, Math.min));
  if (a.format && b.format && a.format !== b.format)
    conflicts.push(`format "${a.format}" and format "${b.format}"; "${b.format}" is shown`);
  if (a.pattern && b.pattern && a.pattern !== b.pattern)
    conflicts.push(`two patterns (${a.pattern} and ${b.pattern}); only the later is checked`);
  if (merged.minLength !== undefined && merged.maxLength !== undefined && merged.minLength > merged.maxLength)
    conflicts.push(`minLength ${merged.minLength} is above maxLength ${merged.maxLength}`);
  return merged;
}

type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

function valueKind(shape: TypeReference, types: TypeTable): ValueKind | undefined {
  switch (shape.type) {
    case 'primitive':
      return shape.value.type === 'integer' ? 'number' : shape.value.type;
    case 'literal':
      return literalKind(shape.value);
    case 'list':
    case 'set':
      return 'array';
    case 'map':
      return 'object';
    case 'id': {
      const type = resolvedType(shape.id, types);
      if (type?.shape.type === 'object') return 'object';
      return undefined;
    }
    default:
      return undefined;
  }
}

function isFreeFormObject(shape: TypeReference): boolean {
  return shape.type === 'map' && shape.valueShape.type === 'unknown';
}

function literalKind(value: LiteralValue): ValueKind {
  if (value === null) return 'null';
  return typeof value as 'string' | 'number' | 'boolean';
}

function compatibleKinds(a: ValueKind, b: ValueKind): boolean {
  return a === b;
}

function unwrapped(shape: TypeReference): {
  core: TypeReference;
  optional: boolean;
  nullable: boolean;
  default?: unknown;
} {
  let current = shape;
  let optional = false;
  let nullable = false;
  let fallback: unknown;
  while (current.type === 'optional' || current.type === 'nullable') {
    if (current.type === 'optional') {
      optional = true;
      if (current.default !== undefined) fallback = current.default;
    } else nullable = true;
    current = current.shape;
  }
  return { core: current, optional, nullable, default: fallback };
}

function isNumber(value: PrimitiveType): value is NumberPrimitive {
  return value.type === 'integer' || value.type === 'number';
}

function stricter(a: number | undefined, b: number | undefined, pick: (x: number, y: number) => number) {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return pick(a, b);
}

function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value === undefined) delete target[key];
  else target[key] = value;
}

function listOf(values: EnumValue[]): string {
  return `[${values.map((entry) => JSON.stringify(entry.value)).join(', ')}]`;
}
