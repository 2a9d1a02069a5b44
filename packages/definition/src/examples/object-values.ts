/**
 * Objects: required properties always, optional ones within a budget (and `min`/`maxProperties`),
 * READ_ONLY/WRITE_ONLY by direction, the spec's property examples first, then the 2020-12 object
 * keywords: `dependentRequired`, `additionalProperties`, `patternProperties`, `if`/`then`/`else`.
 */
import { type Direction, isPropertyVisible, isRequired } from '../ir/read-types.js';
import type { ObjectProperty, ObjectShape, TypeReference } from '../ir/types.js';
import { samplePattern } from './pattern-sample.js';
import { type Built, FAIL, type ValueBuilding } from './value-building.js';

/** At most this many optional properties per object. */
export const OPTIONAL_BUDGET = 3;

export function objectValue(
  b: ValueBuilding,
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
    const given = b.fitting(property.examples, property.valueShape, direction);
    if (given && (!optional || budget > 0 || maxOptional === Number.POSITIVE_INFINITY)) {
      out[property.key] = given.value;
      if (optional) budget--;
      continue;
    }
    if (optional) {
      // An optional property that carries the spec's examples inside is shown beyond the budget.
      const inner = (property.valueShape as Extract<TypeReference, { type: 'optional' }>).shape;
      const showsSpecValues = b.holdsExamples(inner) && maxOptional === Number.POSITIVE_INFINITY;
      if (budget <= 0 && !showsSpecValues) continue;
      const value = b.value(property.valueShape, direction, property.key);
      if (value === FAIL) continue;
      budget--;
      out[property.key] = value;
    } else {
      const value = b.value(property.valueShape, direction, property.key);
      if (value === FAIL) {
        if (!b.lenient) return FAIL;
        b.warn(`property "${property.key}" cannot be generated; left out`);
        continue;
      }
      out[property.key] = value;
    }
  }
  const value = keywords.conditional ? conditionalValue(b, out, keywords.conditional, direction) : out;
  if (value === FAIL) return FAIL;
  const object = value as Record<string, unknown>;
  if (!addDependents(b, object, visible, keywords, direction)) return FAIL;
  addExtraProperties(b, object, keywords, direction);
  if (!addPatternProperties(b, object, keywords, direction)) return FAIL;
  return object;
}

/** `dependentRequired`: each present key brings the keys it depends on. */
function addDependents(
  b: ValueBuilding,
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
      const value = b.value(property?.valueShape ?? { type: 'unknown' }, direction, dependent);
      if (value === FAIL) {
        if (!b.lenient) return false;
        continue;
      }
      out[dependent] = value;
    }
  }
  return true;
}

/** Two keys the object's `additionalProperties` shape allows (`property1`, `property2`), room permitting. */
function addExtraProperties(
  b: ValueBuilding,
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
    value ??= b.value(keywords.extraProperties, direction, key);
    if (value !== FAIL) out[key] = value;
  }
}

/** Keys matching `patternProperties` added until `minProperties` is met. */
function addPatternProperties(
  b: ValueBuilding,
  out: Record<string, unknown>,
  keywords: Pick<ObjectShape, 'patternProperties' | 'minProperties' | 'extraProperties' | 'closed'>,
  direction: Direction,
): boolean {
  const min = keywords.minProperties ?? 0;
  for (const { pattern, shape } of keywords.patternProperties ?? []) {
    for (let variant = 0; Object.keys(out).length < min && variant < min + 2; variant++) {
      const key = samplePattern(pattern, variant + 1);
      if (key === undefined || Object.hasOwn(out, key)) continue;
      const value = b.value(shape, direction, key);
      if (value !== FAIL) out[key] = value;
    }
  }
  if (Object.keys(out).length < min && keywords.extraProperties && !keywords.closed) {
    for (let index = 1; Object.keys(out).length < min && index <= min + 2; index++) {
      const value = b.value(keywords.extraProperties, direction, `property${index}`);
      if (value !== FAIL && !Object.hasOwn(out, `property${index}`)) out[`property${index}`] = value;
    }
  }
  return Object.keys(out).length >= min || b.lenient;
}

/**
 * `if`/`then`/`else`: the `then` branch with `if`'s own properties merged when that matches
 * `if`, else the `else` branch (or the value as it is when it already takes the right branch).
 */
function conditionalValue(
  b: ValueBuilding,
  out: Record<string, unknown>,
  conditional: NonNullable<ObjectShape['conditional']>,
  direction: Direction,
): Built {
  const merged = (...branches: (TypeReference | undefined)[]): Record<string, unknown> | undefined => {
    const value: Record<string, unknown> = { ...out };
    for (const branch of branches) {
      if (!branch) continue;
      const part = b.value(branch, direction, '');
      if (part === FAIL || part === null || typeof part !== 'object' || Array.isArray(part)) return undefined;
      // A branch's own values win, except an any-value placeholder over a value already built.
      for (const [key, item] of Object.entries(part))
        if (item !== null || !Object.hasOwn(value, key)) value[key] = item;
    }
    return value;
  };
  const matches = (value: unknown) => b.issues(value, conditional.condition, direction).length === 0;
  const valid = (value: unknown, branch: TypeReference | undefined) =>
    !branch || b.issues(value, branch, direction).length === 0;
  if (conditional.whenTrue) {
    const taken = merged(conditional.condition, conditional.whenTrue);
    if (taken && matches(taken) && valid(taken, conditional.whenTrue)) return taken;
  }
  const otherwise = merged(conditional.whenFalse);
  if (otherwise && !matches(otherwise) && valid(otherwise, conditional.whenFalse)) return otherwise;
  if (!conditional.whenTrue && matches(out)) return out;
  return b.lenient ? out : FAIL;
}
