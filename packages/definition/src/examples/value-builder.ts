/**
 * Builds one valid JSON value for a `TypeReference`: the engine of example synthesis.
 *
 * - Required properties are always present; optional ones only up to a small budget per object.
 * - READ_ONLY properties are left out of requests, WRITE_ONLY ones out of responses.
 * - Discriminated unions get their discriminant set; undiscriminated unions use the first
 *   variant that can be built.
 * - Recursion stops when a type is already being built (or nesting is too deep): the value
 *   takes an exit (an omitted optional, `null` for nullable, an empty list or map) or, when the
 *   schema allows no exit, the branch fails and the caller tries another.
 * - Results are memoised per (type id, direction), so each named type is built once per import.
 */
import {
  type Direction,
  followAliases,
  inlineObjectProperties,
  isPropertyVisible,
  objectProperties,
} from '../ir/read-types.js';
import type { ObjectProperty, TypeDefinition, TypeId, TypeReference } from '../ir/types.js';
import { referencedId, typesHoldingExamples } from './example-holders.js';
import { primitiveValue } from './primitive-values.js';
import { type ValueIssue, validateObject, validateValue } from './validate-value.js';

export type { Direction } from '../ir/read-types.js';

/** At most this many optional properties per object. */
export const OPTIONAL_BUDGET = 3;

/** A spec example's problems are reported up to this many. */
const MAX_ISSUES = 3;

/** Nesting below this depth is cut like a cycle. */
const MAX_DEPTH = 24;

const FAIL: unique symbol = Symbol('fail');
type Built = unknown | typeof FAIL;

/** Builds example values for the types of one definition. */
export class ExampleValueBuilder {
  private readonly memo = new Map<string, unknown>();
  private readonly propertyMemo = new Map<TypeId, ObjectProperty[]>();
  private readonly building = new Set<TypeId>();
  private holders: Set<TypeId> | undefined;
  private depth = 0;

  constructor(
    private readonly types: Record<TypeId, TypeDefinition>,
    /** Told why a value could not be built (a pattern, impossible bounds, a dangling id). */
    private readonly warn: (message: string) => void = () => {},
  ) {}

  /**
   * A valid value for `shape`, or `undefined` when none can be built. `name` (the property or
   * parameter key) seeds the choice of strings and numbers.
   * @example builder.build({ type: 'primitive', value: { type: 'string', format: 'uuid' } }, 'response', 'id')
   */
  build(shape: TypeReference, direction: Direction, name = ''): { value: unknown } | undefined {
    const value = this.value(shape, direction, name);
    return value === FAIL ? undefined : { value };
  }

  /**
   * A value for an anonymous object (an inline request or response body) that inherits from
   * `parents` and declares `own` properties, or undefined.
   */
  buildObject(
    parents: TypeId[],
    own: ObjectProperty[],
    direction: Direction,
  ): { value: unknown } | undefined {
    const properties = inlineObjectProperties({ extends: parents, properties: own }, this.types);
    const value = this.objectValue(properties, direction);
    return value === FAIL ? undefined : { value };
  }

  /** The properties of an object type, inherited ones first (a child's property replaces its parent's). */
  properties(id: TypeId): ObjectProperty[] {
    const cached = this.propertyMemo.get(id);
    if (cached) return cached;
    const list = objectProperties(id, this.types);
    this.propertyMemo.set(id, list);
    return list;
  }

  /** The first of `candidates` that is a valid value of `shape`, as written (never altered), or undefined. */
  fitting(
    candidates: readonly unknown[] | undefined,
    shape: TypeReference,
    direction: Direction,
  ): { value: unknown } | undefined {
    for (const candidate of candidates ?? []) {
      if (candidate !== undefined && this.issues(candidate, shape, direction).length === 0)
        return { value: candidate };
    }
    return undefined;
  }

  /** What is wrong with `value` as a value of `shape` (empty when it is valid). */
  issues(value: unknown, shape: TypeReference, direction: Direction): ValueIssue[] {
    return validateValue(value, shape, this.types, { direction, maxIssues: MAX_ISSUES });
  }

  /** What is wrong with `value` as an inline object body that extends `parents` and declares `own`. */
  objectIssues(
    value: unknown,
    body: { extends: TypeId[]; properties: ObjectProperty[] },
    direction: Direction,
  ): ValueIssue[] {
    return validateObject(value, body, this.types, { direction, maxIssues: MAX_ISSUES });
  }

  /** True when the spec gives an example somewhere inside `shape` (one pass over all types, then a lookup). */
  private holdsExamples(shape: TypeReference): boolean {
    const id = referencedId(shape);
    if (id === undefined) return false;
    this.holders ??= typesHoldingExamples(this.types, (typeId) => this.properties(typeId));
    return this.holders.has(id);
  }

  private value(shape: TypeReference, direction: Direction, name: string): Built {
    switch (shape.type) {
      case 'id': {
        const given = this.fitting([shape.default], shape, direction);
        return given ? given.value : this.typeValue(shape.id, direction);
      }
      case 'primitive': {
        const result = primitiveValue(shape.value, name);
        if (result.ok) return result.value;
        this.warn(result.reason);
        return FAIL;
      }
      case 'optional': {
        const given = this.fitting([shape.default], shape.shape, direction);
        return given ? given.value : this.value(shape.shape, direction, name);
      }
      case 'nullable': {
        const inner = this.value(shape.shape, direction, name);
        return inner === FAIL ? null : inner;
      }
      case 'list':
      case 'set':
        return this.listValue(shape, direction, name);
      case 'map': {
        const key = this.mapKey(shape.keyShape);
        if (key === undefined) return {};
        const inner = this.value(shape.valueShape, direction, key);
        return inner === FAIL ? {} : { [key]: inner };
      }
      case 'literal':
        return shape.value;
      case 'unknown':
        return {};
    }
  }

  private listValue(
    shape: Extract<TypeReference, { type: 'list' | 'set' }>,
    direction: Direction,
    name: string,
  ): Built {
    const min = shape.minItems ?? 0;
    const max = shape.maxItems ?? Number.POSITIVE_INFINITY;
    if (min > max) {
      this.warn(`minItems ${min} is above maxItems ${max}`);
      return FAIL;
    }
    const count = Math.min(Math.max(min, 1), max);
    if (count === 0) return [];
    if (shape.type === 'set' && count > 1) {
      const items: unknown[] = [];
      for (let variant = 0; variant < count; variant++)
        items.push(this.variantValue(shape.itemShape, name, variant));
      if (items.includes(FAIL) || new Set(items.map((item) => JSON.stringify(item))).size !== items.length) {
        this.warn(`cannot build ${count} distinct items for a set`);
        return FAIL;
      }
      return items;
    }
    const first = this.value(shape.itemShape, direction, name);
    if (first === FAIL) return min === 0 ? [] : FAIL;
    const items: unknown[] = Array.from({ length: count }, () => first);
    return items;
  }

  /** The `variant`-th distinct value of a primitive or enum (for sets with minItems > 1). */
  private variantValue(shape: TypeReference, name: string, variant: number): Built {
    const resolved = this.resolveAlias(shape);
    if (resolved.type === 'primitive') {
      const result = primitiveValue(resolved.value, name, variant);
      return result.ok ? result.value : FAIL;
    }
    if (resolved.type === 'id') {
      const type = this.types[resolved.id]?.shape;
      if (type?.type === 'enum') return type.values[variant]?.value ?? FAIL;
    }
    return FAIL;
  }

  private resolveAlias(shape: TypeReference): TypeReference {
    return followAliases(shape, this.types);
  }

  private mapKey(keyShape: TypeReference): string | undefined {
    const resolved = this.resolveAlias(keyShape);
    if (resolved.type === 'literal') return String(resolved.value);
    if (resolved.type === 'primitive' && resolved.value.type === 'string') {
      const result = primitiveValue(resolved.value, 'key');
      return result.ok ? String(result.value) : undefined;
    }
    if (resolved.type === 'id') {
      const type = this.types[resolved.id]?.shape;
      if (type?.type === 'enum')
        return type.values[0] === undefined ? undefined : String(type.values[0].value);
    }
    return 'key';
  }

  private typeValue(id: TypeId, direction: Direction): Built {
    const key = `${direction}|${id}`;
    if (this.memo.has(key)) return this.memo.get(key);
    const type = this.types[id];
    if (!type) {
      this.warn(`type "${id}" is referenced but not defined`);
      return FAIL;
    }
    // The spec's own example of the type comes first, when it is valid.
    const given = this.fitting(type.examples, { type: 'id', id }, direction);
    if (given) {
      this.memo.set(key, given.value);
      return given.value;
    }
    if (this.building.has(id) || this.depth >= MAX_DEPTH) return FAIL;
    this.building.add(id);
    this.depth++;
    let result: Built;
    try {
      result = this.shapeValue(type, direction);
    } finally {
      this.building.delete(id);
      this.depth--;
    }
    if (result !== FAIL) this.memo.set(key, result);
    return result;
  }

  private shapeValue(type: TypeDefinition, direction: Direction): Built {
    const shape = type.shape;
    switch (shape.type) {
      case 'alias':
        return this.value(shape.value, direction, type.name);
      case 'enum': {
        const preferred = shape.values.find((v) => v.value === shape.default) ?? shape.values[0];
        return preferred === undefined ? FAIL : preferred.value;
      }
      case 'object':
        return this.objectValue(this.properties(type.id), direction);
      case 'discriminatedUnion': {
        for (const variant of shape.variants) {
          const base = this.objectValue(shape.baseProperties ?? [], direction);
          const own = this.building.has(variant.typeId)
            ? FAIL
            : this.variantObject(variant.typeId, direction);
          if (base === FAIL || own === FAIL) continue;
          return { ...(base as object), ...(own as object), [shape.discriminant]: variant.discriminantValue };
        }
        return FAIL;
      }
      case 'undiscriminatedUnion': {
        for (const variant of shape.variants) {
          const value = this.value(variant.shape, direction, type.name);
          if (value !== FAIL) return value;
        }
        return FAIL;
      }
    }
  }

  /** A variant's own object value (its properties, discriminant aside, are built as usual). */
  private variantObject(id: TypeId, direction: Direction): Built {
    const value = this.typeValue(id, direction);
    if (value === FAIL || value === null || typeof value !== 'object' || Array.isArray(value)) return FAIL;
    return value;
  }

  private objectValue(properties: ObjectProperty[], direction: Direction): Built {
    const out: Record<string, unknown> = {};
    let budget = OPTIONAL_BUDGET;
    for (const property of properties) {
      if (!isPropertyVisible(property, direction)) continue;
      // A property example the spec gives is always shown (optional or not) when it is valid.
      const given = this.fitting(property.examples, property.valueShape, direction);
      if (given) {
        out[property.key] = given.value;
        continue;
      }
      if (property.valueShape.type === 'optional') {
        // An optional property that carries the spec's examples inside is shown beyond the budget.
        const showsSpecValues = this.holdsExamples(property.valueShape.shape);
        if (budget <= 0 && !showsSpecValues) continue;
        const value = this.value(property.valueShape.shape, direction, property.key);
        if (value === FAIL) continue;
        if (!showsSpecValues) budget--;
        out[property.key] = value;
      } else {
        const value = this.value(property.valueShape, direction, property.key);
        if (value === FAIL) return FAIL;
        out[property.key] = value;
      }
    }
    return out;
  }
}
