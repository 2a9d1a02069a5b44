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
 * - JSON Schema 2020-12 keywords: `default` at any level, `items` examples, `prefixItems`,
 *   `contains`/`minContains`, `min`/`maxProperties`, `patternProperties`, `dependentRequired`,
 *   `if`/`then`/`else` (the `then` branch merges `if`'s properties, else the `else` branch).
 * - A value that cannot be valid at all is built once more leniently: a field that cannot be
 *   generated is left out (a list left empty) and its siblings stay, with a warning.
 * - Results are memoised per (type id, direction, mode), so each named type is built once per import.
 */
import { isScalarLiteral } from '../ir/literal-values.js';
import {
  type Direction,
  followAliases,
  inlineObjectProperties,
  isPropertyVisible,
  isRequired,
  objectProperties,
} from '../ir/read-types.js';
import type { ObjectProperty, ObjectShape, TypeDefinition, TypeId, TypeReference } from '../ir/types.js';
import { referencedId, typesHoldingExamples } from './example-holders.js';
import { samplePattern } from './pattern-sample.js';
import { primitiveValue } from './primitive-values.js';
import { type ValueIssue, validateObject, validateValue } from './validate-value.js';

export type { Direction } from '../ir/read-types.js';

/** At most this many optional properties per object. */
export const OPTIONAL_BUDGET = 3;

/** A spec example's problems are reported up to this many. */
const MAX_ISSUES = 3;

/** Nesting below this depth is cut like a cycle. */
const MAX_DEPTH = 24;

/** A built value; `partial` when no valid value exists and what could not be generated is left out. */
export interface BuiltValue {
  value: unknown;
  partial?: true;
}

const FAIL: unique symbol = Symbol('fail');
type Built = unknown | typeof FAIL;

/** Builds example values for the types of one definition. */
export class ExampleValueBuilder {
  private readonly memo = new Map<string, unknown>();
  private readonly propertyMemo = new Map<TypeId, ObjectProperty[]>();
  private readonly building = new Set<TypeId>();
  private holders: Set<TypeId> | undefined;
  private depth = 0;
  /** Set while a value that cannot be valid is built anyway, leaving out what cannot be generated. */
  private lenient = false;

  constructor(
    private readonly types: Record<TypeId, TypeDefinition>,
    /** Told why a value could not be built (a pattern, impossible bounds, a dangling id). */
    private warn: (message: string) => void = () => {},
  ) {}

  /**
   * A valid value for `shape`, or `undefined` when none can be built. `name` (the property or
   * parameter key) seeds the choice of strings and numbers.
   * @example builder.build({ type: 'primitive', value: { type: 'string', format: 'uuid' } }, 'response', 'id')
   */
  build(shape: TypeReference, direction: Direction, name = ''): BuiltValue | undefined {
    return this.strictThenLenient(() => this.value(shape, direction, name));
  }

  /**
   * A value for an anonymous object (an inline request or response body) that inherits from
   * `parents` and declares `own` properties, or undefined.
   */
  buildObject(parents: TypeId[], own: ObjectProperty[], direction: Direction): BuiltValue | undefined {
    const properties = inlineObjectProperties({ extends: parents, properties: own }, this.types);
    return this.strictThenLenient(() => this.objectValue(properties, direction));
  }

  /** A valid value; failing that, one that leaves out what cannot be generated (warned). */
  private strictThenLenient(make: () => Built): BuiltValue | undefined {
    // The second pass meets the same obstacles as the first: each is told once.
    const told = new Set<string>();
    const warn = this.warn;
    this.warn = (message) => {
      if (!told.has(message)) warn(message);
      told.add(message);
    };
    try {
      const strict = make();
      if (strict !== FAIL) return { value: strict };
      this.lenient = true;
      const partial = make();
      return partial === FAIL ? undefined : { value: partial, partial: true };
    } finally {
      this.lenient = false;
      this.warn = warn;
    }
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
        return given ? given.value : this.typeValue(shape.id, direction, name);
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
      case 'set': {
        const given = this.fitting([shape.default], shape, direction);
        return given ? given.value : this.listValue(shape, direction, name);
      }
      case 'map': {
        const given = this.fitting([shape.default], shape, direction);
        return given ? given.value : this.mapValue(shape, direction);
      }
      case 'literal':
        return shape.value;
      case 'unknown':
        // Any value: the schema names none, so neither does the example (as openapi-sampler).
        return null;
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
    const items: unknown[] = [];
    for (const [index, prefix] of (shape.prefixItems ?? []).entries()) {
      if (items.length >= max) break;
      const value = this.value(prefix, direction, `${name}${index + 1}`);
      if (value === FAIL) return this.lenient ? items : FAIL;
      items.push(value);
    }
    const contained = this.containedItems(shape, direction, name, max - items.length);
    if (contained === FAIL) return this.lenient ? items : FAIL;
    items.push(...contained);
    // Items of an unknown shape say nothing: an empty list unless something asks for items.
    const wanted =
      shape.itemShape.type === 'unknown' && min === 0
        ? items.length
        : Math.min(Math.max(min, items.length, 1), max);
    if (items.length >= wanted) return items;
    if (shape.type === 'set' && wanted - items.length > 1) {
      for (let variant = 0; items.length < wanted; variant++) {
        const item = this.variantValue(shape.itemShape, name, variant);
        if (item === FAIL) break;
        items.push(item);
      }
      if (items.length < wanted || new Set(items.map((item) => JSON.stringify(item))).size !== items.length) {
        this.warn(`cannot build ${wanted} distinct items for a set`);
        return this.lenient ? [] : FAIL;
      }
      return items;
    }
    const example = this.fitting(shape.itemExamples, shape.itemShape, direction);
    const item = example ? example.value : this.value(shape.itemShape, direction, name);
    if (item === FAIL) return items.length >= min || this.lenient ? items : FAIL;
    while (items.length < wanted) items.push(item);
    return items;
  }

  /** The items `contains` asks for (`minContains`, default 1), also valid for `itemShape`. */
  private containedItems(
    shape: Extract<TypeReference, { type: 'list' | 'set' }>,
    direction: Direction,
    name: string,
    room: number,
  ): unknown[] | typeof FAIL {
    if (!shape.contains) return [];
    const count = shape.minContains ?? 1;
    if (count === 0) return [];
    if (count > room || count > (shape.maxContains ?? Number.POSITIVE_INFINITY)) {
      this.warn(`cannot fit ${count} items matching contains`);
      return FAIL;
    }
    const value = this.value(shape.contains, direction, name);
    if (
      value === FAIL ||
      (shape.itemShape.type !== 'unknown' && this.issues(value, shape.itemShape, direction).length > 0)
    ) {
      this.warn('no item satisfies both items and contains');
      return FAIL;
    }
    return Array.from({ length: count }, () => value);
  }

  /** A map: `property1`, `property2` … (or the key shape's values), within `min`/`maxProperties`. */
  private mapValue(shape: Extract<TypeReference, { type: 'map' }>, direction: Direction): Built {
    const wanted = Math.min(
      Math.max(shape.minProperties ?? 0, shape.valueShape.type === 'unknown' ? 0 : 2),
      shape.maxProperties ?? Number.POSITIVE_INFINITY,
    );
    const out: Record<string, unknown> = {};
    // One value serves every entry (building per entry doubles the work at each nested map).
    let value: Built | undefined;
    for (let index = 0; Object.keys(out).length < wanted && index < wanted + 2; index++) {
      const key = this.mapKey(shape.keyShape, index);
      if (key === undefined) break;
      value ??= this.value(shape.valueShape, direction, key);
      if (value === FAIL) break;
      out[key] = value;
    }
    if (Object.keys(out).length < (shape.minProperties ?? 0)) {
      this.warn(`cannot build ${shape.minProperties} entries for a map`);
      return this.lenient ? out : FAIL;
    }
    return out;
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

  /** The `index`-th key of a map: a literal, an enum value, a string of the key's format, else `property<n>`. */
  private mapKey(keyShape: TypeReference, index: number): string | undefined {
    const resolved = this.resolveAlias(keyShape);
    if (resolved.type === 'literal')
      return index === 0 && isScalarLiteral(resolved.value) ? String(resolved.value) : undefined;
    if (resolved.type === 'primitive' && resolved.value.type === 'string') {
      const constrained = resolved.value.format !== undefined || resolved.value.pattern !== undefined;
      if (!constrained) return `property${index + 1}`;
      const result = primitiveValue(resolved.value, 'key', index);
      return result.ok ? String(result.value) : undefined;
    }
    if (resolved.type === 'id') {
      const type = this.types[resolved.id]?.shape;
      if (type?.type === 'enum') {
        const value = type.values[index];
        return value === undefined ? undefined : String(value.value);
      }
    }
    return `property${index + 1}`;
  }

  private typeValue(id: TypeId, direction: Direction, name = ''): Built {
    const type = this.types[id];
    if (!type) {
      this.warn(`type "${id}" is referenced but not defined`);
      return FAIL;
    }
    // An alias is built like the shape it names, seeded by the caller's name (as inline).
    const key = `${direction}|${this.lenient ? 'lenient' : 'strict'}|${id}${type.shape.type === 'alias' && type.shape.value.type === 'primitive' ? `|${name}` : ''}`;
    if (this.memo.has(key)) return this.memo.get(key);
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
      result = this.shapeValue(type, direction, name);
    } finally {
      this.building.delete(id);
      this.depth--;
    }
    if (result !== FAIL) this.memo.set(key, result);
    return result;
  }

  private shapeValue(type: TypeDefinition, direction: Direction, name: string): Built {
    const shape = type.shape;
    switch (shape.type) {
      case 'alias':
        return this.value(shape.value, direction, name);
      case 'enum': {
        const preferred = shape.values.find((v) => v.value === shape.default) ?? shape.values[0];
        return preferred === undefined ? FAIL : preferred.value;
      }
      case 'object':
        return this.objectValue(this.properties(type.id), direction, shape);
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
          const value = this.value(variant.shape, direction, name);
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

  private objectValue(
    properties: ObjectProperty[],
    direction: Direction,
    keywords: Omit<ObjectShape, 'type' | 'extends' | 'properties'> = {},
  ): Built {
    const out: Record<string, unknown> = {};
    const visible = properties.filter((property) => isPropertyVisible(property, direction));
    const required = visible.filter((property) => property.valueShape.type !== 'optional');
    // `maxProperties` leaves room for the required ones first; `minProperties` asks for optional ones.
    const maxOptional = Math.max(0, (keywords.maxProperties ?? Number.POSITIVE_INFINITY) - required.length);
    let budget = Math.min(
      Math.max(OPTIONAL_BUDGET, (keywords.minProperties ?? 0) - required.length),
      maxOptional,
    );
    for (const property of visible) {
      const optional = !isRequired(property.valueShape);
      // A property example the spec gives is always shown (optional or not) when it is valid.
      const given = this.fitting(property.examples, property.valueShape, direction);
      if (given && (!optional || budget > 0 || maxOptional === Number.POSITIVE_INFINITY)) {
        out[property.key] = given.value;
        if (optional) budget--;
        continue;
      }
      if (optional) {
        // An optional property that carries the spec's examples inside is shown beyond the budget.
        const inner = (property.valueShape as Extract<TypeReference, { type: 'optional' }>).shape;
        const showsSpecValues = this.holdsExamples(inner) && maxOptional === Number.POSITIVE_INFINITY;
        if (budget <= 0 && !showsSpecValues) continue;
        const value = this.value(property.valueShape, direction, property.key);
        if (value === FAIL) continue;
        budget--;
        out[property.key] = value;
      } else {
        const value = this.value(property.valueShape, direction, property.key);
        if (value === FAIL) {
          if (!this.lenient) return FAIL;
          this.warn(`property "${property.key}" cannot be generated; left out`);
          continue;
        }
        out[property.key] = value;
      }
    }
    const value = keywords.conditional ? this.conditionalValue(out, keywords.conditional, direction) : out;
    if (value === FAIL) return FAIL;
    const object = value as Record<string, unknown>;
    if (!this.addDependents(object, visible, keywords, direction)) return FAIL;
    this.addExtraProperties(object, keywords, direction);
    if (!this.addPatternProperties(object, keywords, direction)) return FAIL;
    return object;
  }

  /** `dependentRequired`: each present key brings the keys it depends on. */
  private addDependents(
    out: Record<string, unknown>,
    properties: ObjectProperty[],
    keywords: Pick<ObjectShape, 'dependentRequired'>,
    direction: Direction,
  ): boolean {
    for (const [key, dependents] of Object.entries(keywords.dependentRequired ?? {})) {
      if (!Object.hasOwn(out, key)) continue;
      for (const dependent of dependents) {
        if (Object.hasOwn(out, dependent)) continue;
        const property = properties.find((entry) => entry.key === dependent);
        const value = this.value(property?.valueShape ?? { type: 'unknown' }, direction, dependent);
        if (value === FAIL) {
          if (!this.lenient) return false;
          continue;
        }
        out[dependent] = value;
      }
    }
    return true;
  }

  /** Two keys the object's `additionalProperties` shape allows (`property1`, `property2`), room permitting. */
  private addExtraProperties(
    out: Record<string, unknown>,
    keywords: Pick<ObjectShape, 'extraProperties' | 'closed' | 'maxProperties'>,
    direction: Direction,
  ): void {
    if (!keywords.extraProperties || keywords.closed) return;
    const max = keywords.maxProperties ?? Number.POSITIVE_INFINITY;
    let value: Built | undefined;
    for (let index = 1; index <= 2 && Object.keys(out).length < max; index++) {
      const key = `property${index}`;
      if (Object.hasOwn(out, key)) continue;
      value ??= this.value(keywords.extraProperties, direction, key);
      if (value !== FAIL) out[key] = value;
    }
  }

  /** Keys matching `patternProperties` added until `minProperties` is met. */
  private addPatternProperties(
    out: Record<string, unknown>,
    keywords: Pick<ObjectShape, 'patternProperties' | 'minProperties' | 'extraProperties' | 'closed'>,
    direction: Direction,
  ): boolean {
    const min = keywords.minProperties ?? 0;
    for (const { pattern, shape } of keywords.patternProperties ?? []) {
      for (let variant = 0; Object.keys(out).length < min && variant < min + 2; variant++) {
        const key = samplePattern(pattern, variant + 1);
        if (key === undefined || Object.hasOwn(out, key)) continue;
        const value = this.value(shape, direction, key);
        if (value !== FAIL) out[key] = value;
      }
    }
    if (Object.keys(out).length < min && keywords.extraProperties && !keywords.closed) {
      for (let index = 1; Object.keys(out).length < min && index <= min + 2; index++) {
        const value = this.value(keywords.extraProperties, direction, `property${index}`);
        if (value !== FAIL && !Object.hasOwn(out, `property${index}`)) out[`property${index}`] = value;
      }
    }
    return Object.keys(out).length >= min || this.lenient;
  }

  /**
   * `if`/`then`/`else`: the `then` branch with `if`'s own properties merged when that matches
   * `if`, else the `else` branch (or the value as it is when it already takes the right branch).
   */
  private conditionalValue(
    out: Record<string, unknown>,
    conditional: NonNullable<ObjectShape['conditional']>,
    direction: Direction,
  ): Built {
    const merged = (...branches: (TypeReference | undefined)[]): Record<string, unknown> | undefined => {
      const value: Record<string, unknown> = { ...out };
      for (const branch of branches) {
        if (!branch) continue;
        const part = this.value(branch, direction, '');
        if (part === FAIL || part === null || typeof part !== 'object' || Array.isArray(part))
          return undefined;
        // A branch's own values win, except an any-value placeholder over a value already built.
        for (const [key, item] of Object.entries(part))
          if (item !== null || !Object.hasOwn(value, key)) value[key] = item;
      }
      return value;
    };
    const matches = (value: unknown) => this.issues(value, conditional.condition, direction).length === 0;
    const valid = (value: unknown, branch: TypeReference | undefined) =>
      !branch || this.issues(value, branch, direction).length === 0;
    if (conditional.whenTrue) {
      const taken = merged(conditional.condition, conditional.whenTrue);
      if (taken && matches(taken) && valid(taken, conditional.whenTrue)) return taken;
    }
    const otherwise = merged(conditional.whenFalse);
    if (otherwise && !matches(otherwise) && valid(otherwise, conditional.whenFalse)) return otherwise;
    if (!conditional.whenTrue && matches(out)) return out;
    return this.lenient ? out : FAIL;
  }
}
