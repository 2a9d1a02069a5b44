/**
 * Fitting a JSON value to a `TypeReference`: the check a spec-given example must pass before
 * synthesis reuses it (specs carry examples that contradict their own schema: a string for an
 * integer, a missing required property, a value outside its enum). It follows the same rules as
 * `toJsonSchema` + Ajv in the tests (types, bounds, lengths, pattern, the formats we sample,
 * required and known properties, list sizes, unions), without a validator at run time.
 */
import {
  type Direction,
  followAliases,
  inlineObjectProperties,
  isPropertyVisible,
  objectProperties,
} from '../ir/read-types.js';
import type { ObjectProperty, TypeDefinition, TypeId, TypeReference } from '../ir/types.js';
import { listSizeProblem, primitiveProblem } from './value-rules.js';

/** Deeper values are taken as they are. */
const MAX_DEPTH = 32;

type Types = Record<TypeId, TypeDefinition>;

/**
 * `value` made to fit `shape` on the `direction` side of the wire, or undefined when it cannot.
 * Objects keep only the properties the schema knows and the direction shows (spec examples carry
 * stray keys and READ_ONLY ids in request bodies); anything else must already be valid.
 * @example conformValue({ id: 1, name: 'Rex' }, petRef, types, 'request') // { value: { name: 'Rex' } } when id is READ_ONLY
 */
export function conformValue(
  value: unknown,
  shape: TypeReference,
  types: Types,
  direction: Direction,
): { value: unknown } | undefined {
  const out = conform(value, shape, types, { direction, strict: false }, 0);
  return out === NO ? undefined : { value: out };
}

/** `value` made to fit an inline object (a body) that extends `parents` and declares `own`, or undefined. */
export function conformObject(
  value: unknown,
  body: { extends: TypeId[]; properties: ObjectProperty[] },
  types: Types,
  direction: Direction,
): { value: unknown } | undefined {
  if (!isRecord(value)) return undefined;
  const out = propertiesConform(
    value,
    inlineObjectProperties(body, types),
    undefined,
    types,
    { direction, strict: false },
    0,
  );
  return out === NO ? undefined : { value: out };
}

const NO: unique symbol = Symbol('no');
type Conformed = unknown | typeof NO;

/**
 * `strict`: inside an undiscriminated union a value must match a variant as it is; dropping keys
 * there could turn an example of one variant into a wrong example of another.
 */
interface Ctx {
  direction: Direction;
  strict: boolean;
}

function conform(value: unknown, shape: TypeReference, types: Types, ctx: Ctx, depth: number): Conformed {
  if (value === undefined) return NO;
  if (depth > MAX_DEPTH) return value;
  const next = depth + 1;
  const resolved = followAliases(shape, types);
  switch (resolved.type) {
    case 'optional':
      return conform(value, resolved.shape, types, ctx, next);
    case 'nullable':
      return value === null ? null : conform(value, resolved.shape, types, ctx, next);
    case 'primitive':
      return primitiveProblem(value, resolved.value) ? NO : value;
    case 'literal':
      return value === resolved.value ? value : NO;
    case 'unknown':
      return value;
    case 'list':
    case 'set': {
      if (!Array.isArray(value)) return NO;
      if (listSizeProblem(value.length, resolved)) return NO;
      const items = value.map((item) => conform(item, resolved.itemShape, types, ctx, next));
      if (items.includes(NO)) return NO;
      if (resolved.type === 'set' && new Set(items.map((item) => JSON.stringify(item))).size !== items.length)
        return NO;
      return items;
    }
    case 'map': {
      if (!isRecord(value)) return NO;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const conformed = conform(item, resolved.valueShape, types, ctx, next);
        if (conformed === NO) return NO;
        out[key] = conformed;
      }
      return out;
    }
    case 'id':
      return typeConform(value, resolved.id, types, ctx, next);
  }
}

function typeConform(value: unknown, id: TypeId, types: Types, ctx: Ctx, depth: number): Conformed {
  const shape = types[id]?.shape;
  if (!shape) return NO;
  switch (shape.type) {
    case 'alias':
      return conform(value, shape.value, types, ctx, depth);
    case 'enum':
      return shape.values.some((entry) => entry.value === value) ? value : NO;
    case 'object': {
      if (!isRecord(value)) return NO;
      const extra = shape.extends.length === 0 ? shape.extraProperties : undefined;
      return propertiesConform(value, objectProperties(id, types), extra, types, ctx, depth);
    }
    case 'discriminatedUnion': {
      if (!isRecord(value)) return NO;
      const tag = value[shape.discriminant];
      const variant = shape.variants.find((entry) => entry.discriminantValue === tag);
      if (!variant) return NO;
      const own = objectProperties(variant.typeId, types).filter((p) => p.key !== shape.discriminant);
      const rest = propertiesConform(
        value,
        [...(shape.baseProperties ?? []), ...own],
        undefined,
        types,
        ctx,
        depth,
      );
      return rest === NO ? NO : { ...(rest as object), [shape.discriminant]: tag };
    }
    case 'undiscriminatedUnion':
      for (const variant of shape.variants) {
        const conformed = conform(value, variant.shape, types, { ...ctx, strict: true }, depth);
        if (conformed !== NO) return conformed;
      }
      return NO;
  }
}

/** Visible known properties kept (and conformed), required ones present, other keys only where the schema allows extras. */
function propertiesConform(
  value: Record<string, unknown>,
  properties: ObjectProperty[],
  extra: TypeReference | undefined,
  types: Types,
  ctx: Ctx,
  depth: number,
): Conformed {
  const out: Record<string, unknown> = {};
  const known = new Set<string>();
  for (const property of properties) {
    known.add(property.key);
    if (!isPropertyVisible(property, ctx.direction)) continue;
    if (!Object.hasOwn(value, property.key)) {
      if (property.valueShape.type !== 'optional') return NO;
      continue;
    }
    const conformed = conform(value[property.key], property.valueShape, types, ctx, depth);
    if (conformed === NO) return NO;
    out[property.key] = conformed;
  }
  if (ctx.strict && !extra && Object.keys(value).some((key) => !known.has(key))) return NO;
  if (extra) {
    for (const [key, item] of Object.entries(value)) {
      if (known.has(key)) continue;
      const conformed = conform(item, extra, types, ctx, depth);
      if (conformed !== NO) out[key] = conformed;
    }
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
