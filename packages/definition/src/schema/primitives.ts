/**
 * JSON Schema primitives (string, integer, number, boolean) → IR `PrimitiveType`, with format,
 * constraints and default. Normalises OpenAPI 3.0 / Swagger boolean `exclusiveMinimum` and
 * `exclusiveMaximum` into the numeric JSON Schema 2020-12 form.
 */
import type { NumberPrimitive, PrimitiveType, StringPrimitive } from '../ir/types.js';

/** A JSON Schema object as read from a spec (unknown values, checked at use). */
export type SchemaObject = Record<string, unknown>;

/** Builds the primitive for `type`, or undefined when `type` is not a primitive type name. */
export function primitiveOf(type: string, schema: SchemaObject): PrimitiveType | undefined {
  switch (type) {
    case 'string':
      return stringPrimitive(schema);
    case 'integer':
    case 'number':
      return numberPrimitive(type, schema);
    case 'boolean': {
      const value: PrimitiveType = { type: 'boolean' };
      if (typeof schema.default === 'boolean') value.default = schema.default;
      return value;
    }
    default:
      return undefined;
  }
}

function stringPrimitive(schema: SchemaObject): StringPrimitive {
  const value: StringPrimitive = { type: 'string' };
  if (typeof schema.format === 'string') value.format = schema.format;
  if (typeof schema.pattern === 'string') value.pattern = schema.pattern;
  if (isCount(schema.minLength)) value.minLength = schema.minLength;
  if (isCount(schema.maxLength)) value.maxLength = schema.maxLength;
  if (typeof schema.default === 'string') value.default = schema.default;
  return value;
}

function numberPrimitive(type: 'integer' | 'number', schema: SchemaObject): NumberPrimitive {
  const value: NumberPrimitive = { type };
  if (typeof schema.format === 'string') value.format = schema.format;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (isFiniteNumber(minimum)) {
    if (exclusiveMinimum === true) value.exclusiveMinimum = minimum;
    else value.minimum = minimum;
  }
  if (isFiniteNumber(maximum)) {
    if (exclusiveMaximum === true) value.exclusiveMaximum = maximum;
    else value.maximum = maximum;
  }
  if (isFiniteNumber(exclusiveMinimum)) value.exclusiveMinimum = exclusiveMinimum;
  if (isFiniteNumber(exclusiveMaximum)) value.exclusiveMaximum = exclusiveMaximum;
  if (isFiniteNumber(schema.multipleOf) && schema.multipleOf > 0) value.multipleOf = schema.multipleOf;
  if (isFiniteNumber(schema.default)) value.default = schema.default;
  return value;
}

/** A non-negative integer (lengths, item counts). */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
