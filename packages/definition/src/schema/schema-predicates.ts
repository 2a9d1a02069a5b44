/** Small predicates and readers over JSON Schema objects, shared by the schema converter's parts. */
import type { DocumentSet, Location } from '../document/document-set.js';
import { refOf } from '../document/document-set.js';
import { childPointer } from '../document/pointer.js';
import { isJsonValue, isScalarLiteral } from '../ir/literal-values.js';
import type {
  Availability,
  EnumValue,
  LiteralValue,
  ObjectShape,
  PropertyCounts,
  TypeReference,
} from '../ir/types.js';
import { isCount, type SchemaObject } from './primitives.js';

export const UNKNOWN: TypeReference = { type: 'unknown' };

/** A `$ref` to another document by URL (`https:`, `urn:`): not followed. */
export function isRemoteRef(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(ref);
}

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is SchemaObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function literalOrUnknown(value: unknown, warn: () => void): TypeReference {
  if (isJsonValue(value)) return { type: 'literal', value };
  warn();
  return UNKNOWN;
}

/** Whether an object shape says more than its properties (what an inline body cannot carry). */
export function hasObjectKeywords(shape: ObjectShape): boolean {
  return (
    shape.closed === true ||
    shape.patternProperties !== undefined ||
    shape.dependentRequired !== undefined ||
    shape.conditional !== undefined ||
    shape.minProperties !== undefined ||
    shape.maxProperties !== undefined ||
    shape.extraProperties !== undefined
  );
}

/** `minProperties` / `maxProperties` of a schema, where given. */
export function propertyCounts(schema: SchemaObject): PropertyCounts {
  const counts: PropertyCounts = {};
  if (isCount(schema.minProperties)) counts.minProperties = schema.minProperties;
  if (isCount(schema.maxProperties)) counts.maxProperties = schema.maxProperties;
  return counts;
}

/** A list, map or named-type reference carrying the schema's `default` (primitives and enums keep their own). */
export function withDefault(shape: TypeReference, schema: SchemaObject): TypeReference {
  if (schema.default === undefined) return shape;
  if (shape.type === 'list' || shape.type === 'set' || shape.type === 'map' || shape.type === 'id')
    return { ...shape, default: schema.default };
  return shape;
}

export function isNullLiteral(shape: TypeReference): boolean {
  return shape.type === 'literal' && shape.value === null;
}

export function isNullSchema(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null) return true;
  return 'const' in schema && schema.const === null;
}

export function typeNames(schema: SchemaObject): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return [];
}

export function inferType(schema: SchemaObject): string | undefined {
  if (
    isObject(schema.properties) ||
    isObject(schema.additionalProperties) ||
    schema.additionalProperties === true
  ) {
    return 'object';
  }
  if ('items' in schema || 'prefixItems' in schema || 'contains' in schema) return 'array';
  // `required` alone (an `if`/`then` branch, an allOf member) speaks of an object's keys.
  if (Array.isArray(schema.required) && schema.required.length > 0) return 'object';
  if (typeof schema.format === 'string' || typeof schema.pattern === 'string' || 'minLength' in schema)
    return 'string';
  if ('minimum' in schema || 'maximum' in schema || 'multipleOf' in schema) return 'number';
  return undefined;
}

/**
 * An object without declared properties that still needs an object shape: closed
 * (`additionalProperties: false`, exactly `{}`) or with `required` keys it never declares.
 */
export function isClosedEmptyObject(schema: SchemaObject): boolean {
  if (hasOwnProperties(schema) || Array.isArray(schema.allOf)) return false;
  return (
    schema.additionalProperties === false || (Array.isArray(schema.required) && schema.required.length > 0)
  );
}

export function hasOwnProperties(schema: SchemaObject): boolean {
  return isObject(schema.properties) && Object.keys(schema.properties).length > 0;
}

/** An object schema that converts to an `ObjectShape` (no enum, no union). */
export function isPlainObjectSchema(schema: SchemaObject): boolean {
  if (Array.isArray(schema.enum) || unionVariants(schema)) return false;
  const types = typeNames(schema).filter((type) => type !== 'null');
  if (types.length > 1) return false;
  if (types.length === 1)
    return types[0] === 'object' || (Array.isArray(schema.allOf) && types[0] === undefined);
  return (
    hasOwnProperties(schema) ||
    Array.isArray(schema.allOf) ||
    'additionalProperties' in schema ||
    inferType(schema) === 'object'
  );
}

/**
 * The variants of a oneOf/anyOf, or undefined when there is none or every variant only annotates
 * (`type: string, oneOf: [{description}, {description}]` is just a string). Inline variants
 * without a type inherit the parent's type and format.
 */
export function unionVariants(schema: SchemaObject): unknown[] | undefined {
  const variants =
    Array.isArray(schema.oneOf) && schema.oneOf.length > 0
      ? schema.oneOf
      : Array.isArray(schema.anyOf) && schema.anyOf.length > 0
        ? schema.anyOf
        : undefined;
  if (!variants || variants.every(isAnnotationOnly)) return undefined;
  if (typeof schema.type !== 'string' || schema.type === 'object') return variants;
  return variants.map((variant) =>
    isObject(variant) && variant.type === undefined && refOf(variant) === undefined
      ? { type: schema.type, ...(schema.format === undefined ? {} : { format: schema.format }), ...variant }
      : variant,
  );
}

const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'nullable',
  'default',
  'externalDocs',
  'xml',
  '$comment',
  'discriminator',
]);

/** A schema that only annotates (description, example, ...) and constrains nothing. */
export function isAnnotationOnly(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  for (const key in schema) if (!ANNOTATIONS.has(key) && !key.startsWith('x-')) return false;
  return true;
}

export function isBinaryContent(schema: SchemaObject): boolean {
  return (
    typeof schema.contentMediaType === 'string' &&
    schema.contentEncoding === undefined &&
    !/json|text|xml/.test(schema.contentMediaType)
  );
}

export function stripNull(schema: SchemaObject): SchemaObject {
  const copy: SchemaObject = { ...schema };
  delete copy.nullable;
  if (Array.isArray(copy.type)) copy.type = copy.type.filter((type) => type !== 'null');
  return copy;
}

export function collectRequired(
  schema: SchemaObject,
  into: Set<string>,
  docs: DocumentSet,
  at: Location,
  depth = 0,
): void {
  if (depth > 32) return;
  if (Array.isArray(schema.required))
    for (const key of schema.required) if (typeof key === 'string') into.add(key);
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) {
      if (isObject(member) && refOf(member) === undefined) collectRequired(member, into, docs, at, depth + 1);
    }
  }
}

export function findProperty(
  schema: SchemaObject,
  property: string,
  docs: DocumentSet,
  at: Location,
  depth: number,
): SchemaObject | undefined {
  if (depth > 16) return undefined;
  const direct = isObject(schema.properties) ? schema.properties[property] : undefined;
  if (isObject(direct)) {
    const resolved = refOf(direct) !== undefined ? docs.deref(direct, at).value : direct;
    return isObject(resolved) ? resolved : undefined;
  }
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) {
      if (!isObject(member)) continue;
      const ref = refOf(member);
      if (ref !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(ref)) continue;
      const resolved = docs.deref(member, at);
      if (!isObject(resolved.value)) continue;
      const found = findProperty(resolved.value, property, docs, resolved.at, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

export function enumDescriptions(schema: SchemaObject): (string | undefined)[] | undefined {
  const names = schema['x-enum-descriptions'] ?? schema['x-enumDescriptions'];
  if (Array.isArray(names)) return names.map((entry) => (typeof entry === 'string' ? entry : undefined));
  return undefined;
}

/**
 * The values of a oneOf/anyOf whose every non-null variant is only a scalar `const` with
 * annotations (`description`, `title`): an enum whose values carry their descriptions. Undefined
 * for any other union, or fewer than two values.
 */
export function constEnumValues(variants: unknown[]): EnumValue[] | undefined {
  const ANNOTATIONS = new Set(['const', 'description', 'title', 'type', 'deprecated', 'x-enumName']);
  const values: EnumValue[] = [];
  for (const variant of variants) {
    if (isNullSchema(variant)) continue;
    if (
      !isObject(variant) ||
      !('const' in variant) ||
      !isScalarLiteral(variant.const) ||
      variant.const === null
    )
      return undefined;
    if (Object.keys(variant).some((key) => !ANNOTATIONS.has(key))) return undefined;
    const description = typeof variant.description === 'string' ? variant.description : undefined;
    const title = typeof variant.title === 'string' ? variant.title : undefined;
    const text = description ?? title;
    values.push(text ? { value: variant.const, description: text } : { value: variant.const });
  }
  return values.length > 1 ? values : undefined;
}

/** `deprecated` → availability, else `x-availability`-style hints; undefined when stable. */
export function availabilityOf(schema: SchemaObject): Availability | undefined {
  if (schema.deprecated === true) return 'deprecated';
  const stage = schema['x-stability-level'] ?? schema['x-availability'];
  if (stage === 'beta' || stage === 'preview') return stage;
  return undefined;
}

/** True when `value` is of the schema's declared JSON `type` (or the schema declares none). */
export function ofDeclaredType(value: LiteralValue, type: unknown): boolean {
  const types = Array.isArray(type) ? type : typeof type === 'string' ? [type] : [];
  if (types.length === 0) return true;
  const actual =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'number'
          ? Number.isInteger(value)
            ? 'integer'
            : 'number'
          : typeof value;
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

/** The examples a schema carries (`example`, `examples` array), or undefined. */
export function examplesOf(schema: SchemaObject): unknown[] | undefined {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples;
  if (schema.example !== undefined) return [schema.example];
  return undefined;
}

/** The location of a child of `at`. */
export function pointerAt(at: Location, ...tokens: (string | number)[]): Location {
  let pointer = at.pointer;
  for (const token of tokens) pointer = childPointer(pointer, token);
  return { file: at.file, pointer };
}
