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
import { type Direction, inlineObjectProperties, objectProperties } from '../ir/read-types.js';
import type { ObjectProperty, TypeDefinition, TypeId, TypeReference } from '../ir/types.js';
import { listValue, mapValue } from './collection-values.js';
import { exampleHolders, type HoldsExamples, referencedId } from './example-holders.js';
import { objectValue } from './object-values.js';
import { primitiveValue } from './primitive-values.js';
import { type ValueIssue, validateObject, validateValue } from './validate-value.js';
import { type Built, FAIL, type ValueBuilding } from './value-building.js';

export type { Direction } from '../ir/read-types.js';
export { OPTIONAL_BUDGET } from './object-values.js';

/** A spec example's problems are reported up to this many. */
const MAX_ISSUES = 3;

/** Nesting below this depth is cut like a cycle. */
const MAX_DEPTH = 24;

/** A built value; `partial` when no valid value exists and what could not be generated is left out. */
export interface BuiltValue {
  value: unknown;
  partial?: true;
}

/**
 * What every builder of a type table reads the same (a site version's API makes a builder per
 * endpoint page), kept per table; a table is never changed once made. `properties`: each object
 * type's properties, inherited ones included (building and validating read them per value);
 * `holds`: whether a type holds examples (asked by type, answered as the builds ask).
 */
interface TableReadings {
  /** Each object type's properties, read once per table. */
  properties: (id: TypeId) => ObjectProperty[];
  holds?: HoldsExamples;
  /** The builds of replaying builders, from a fresh builder on. */
  replays: BuildStep;
}

/**
 * A build of a replaying builder and what it left: the memo after it and its result. A build
 * reads only the table and the memo (the recursion state is empty between builds), so a fresh
 * builder that makes the same builds in the same order gets the same results and memo: a page's
 * builds (GitHub's pages mostly build the same error bodies) are made once per table.
 */
interface BuildStep {
  memo: ReadonlyMap<string, unknown>;
  result: BuiltValue | undefined;
  /**
   * The next builds, by what is built and how: a shape by its JSON (a definition loaded from JSON
   * has a shape object per place, GitHub's error bodies one per endpoint), an inline object by its
   * properties.
   */
  next: Map<string, BuildStep>;
  nextObject: WeakMap<object, Map<string, BuildStep>>;
}

const buildStep = (memo: ReadonlyMap<string, unknown>, result?: BuiltValue): BuildStep => ({
  memo,
  result,
  next: new Map(),
  nextObject: new WeakMap(),
});

const readingsByTable = new WeakMap<Record<TypeId, TypeDefinition>, TableReadings>();

function tableReadings(types: Record<TypeId, TypeDefinition>): TableReadings {
  let readings = readingsByTable.get(types);
  if (!readings) {
    const known = new Map<TypeId, ObjectProperty[]>();
    const properties = (id: TypeId): ObjectProperty[] => {
      let list = known.get(id);
      if (!list) {
        list = objectProperties(id, types);
        known.set(id, list);
      }
      return list;
    };
    readings = { properties, replays: buildStep(new Map()) };
    readingsByTable.set(types, readings);
  }
  return readings;
}

/** Builds example values for the types of one definition. */
export class ExampleValueBuilder {
  private memo = new Map<string, unknown>();
  /** Where a replaying builder's builds are in its table's replays; undefined when it does not replay. */
  private step: BuildStep | undefined;
  private readonly readings: TableReadings;
  private readonly building = new Set<TypeId>();
  private depth = 0;
  /** Set while a value that cannot be valid is built anyway, leaving out what cannot be generated. */
  private lenient = false;

  /** This builder as the list, map and object builders see it: made on the first build not replayed. */
  private innerView: ValueBuilding | undefined;

  /**
   * A builder that tells no warnings and replays the builds every such builder of `types` made
   * before it in the same order (same values, shared: treat them as immutable). For one builder
   * per page of a site version's API.
   */
  static replaying(types: Record<TypeId, TypeDefinition>): ExampleValueBuilder {
    const builder = new ExampleValueBuilder(types);
    builder.step = builder.readings.replays;
    return builder;
  }

  constructor(
    private readonly types: Record<TypeId, TypeDefinition>,
    /** Told why a value could not be built (a pattern, impossible bounds, a dangling id). */
    private warn: (message: string) => void = () => {},
  ) {
    this.readings = tableReadings(types);
  }

  /**
   * {@link innerView}, made when first needed: a page's builder mostly replays builds and checks
   * values, and an object with an accessor is slow to make (issue #30: ~3 % of the response tabs).
   */
  private get inner(): ValueBuilding {
    if (this.innerView) return this.innerView;
    const isLenient = () => this.lenient;
    this.innerView = {
      types: this.types,
      get lenient() {
        return isLenient();
      },
      warn: (message) => this.warn(message),
      value: (shape, direction, name) => this.value(shape, direction, name),
      fitting: (candidates, shape, direction) => this.fitting(candidates, shape, direction),
      issues: (value, shape, direction) => this.issues(value, shape, direction),
      holdsExamples: (shape) => this.holdsExamples(shape),
    };
    return this.innerView;
  }

  /**
   * A valid value for `shape`, or `undefined` when none can be built. `name` (the property or
   * parameter key) seeds the choice of strings and numbers.
   * @example builder.build({ type: 'primitive', value: { type: 'string', format: 'uuid' } }, 'response', 'id')
   */
  build(shape: TypeReference, direction: Direction, name = ''): BuiltValue | undefined {
    return this.replayed(undefined, `${JSON.stringify(shape)}|${direction}|${name}`, () =>
      this.strictThenLenient(() => this.value(shape, direction, name)),
    );
  }

  /**
   * A value for an anonymous object (an inline request or response body) that inherits from
   * `parents` and declares `own` properties, or undefined.
   */
  buildObject(parents: TypeId[], own: ObjectProperty[], direction: Direction): BuiltValue | undefined {
    return this.replayed(own, `${direction}|${parents.join('|')}`, () => {
      const properties = inlineObjectProperties({ extends: parents, properties: own }, this.types);
      return this.strictThenLenient(() => objectValue(this.inner, properties, direction));
    });
  }

  /** The build `subject`/`how` from the replays when a builder made it from this memo before. */
  private replayed(
    subject: object | undefined,
    how: string,
    make: () => BuiltValue | undefined,
  ): BuiltValue | undefined {
    const at = this.step;
    if (!at) return make();
    let hows = subject ? at.nextObject.get(subject) : at.next;
    const known = hows?.get(how);
    if (known) {
      this.memo = new Map(known.memo);
      this.step = known;
      return known.result;
    }
    const result = make();
    const step = buildStep(new Map(this.memo), result);
    if (!hows) {
      hows = new Map();
      at.nextObject.set(subject as object, hows);
    }
    hows.set(how, step);
    this.step = step;
    return result;
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
    return this.readings.properties(id);
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
    return validateValue(value, shape, this.types, {
      direction,
      maxIssues: MAX_ISSUES,
      properties: this.readings.properties,
    });
  }

  /** What is wrong with `value` as an inline object body that extends `parents` and declares `own`. */
  objectIssues(
    value: unknown,
    body: { extends: TypeId[]; properties: ObjectProperty[] },
    direction: Direction,
  ): ValueIssue[] {
    return validateObject(value, body, this.types, {
      direction,
      maxIssues: MAX_ISSUES,
      properties: this.readings.properties,
    });
  }

  /**
   * True when the spec gives an example somewhere inside `shape` (each type of the table answered
   * once, when a build first asks about a type reaching it).
   */
  private holdsExamples(shape: TypeReference): boolean {
    const id = referencedId(shape);
    if (id === undefined) return false;
    this.readings.holds ??= exampleHolders(this.types, this.readings.properties);
    return this.readings.holds(id);
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
        return given ? given.value : listValue(this.inner, shape, direction, name);
      }
      case 'map': {
        const given = this.fitting([shape.default], shape, direction);
        return given ? given.value : mapValue(this.inner, shape, direction);
      }
      case 'literal':
        return shape.value;
      case 'unknown':
        // Any value: the schema names none, so neither does the example (as openapi-sampler).
        return null;
    }
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
        return objectValue(this.inner, this.properties(type.id), direction, shape);
      case 'discriminatedUnion': {
        for (const variant of shape.variants) {
          const base = objectValue(this.inner, shape.baseProperties ?? [], direction);
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
}
