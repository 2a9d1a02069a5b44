/**
 * State shared by the steps of one OpenAPI import: the documents, the schema converter, the
 * warnings, the spec version, and small readers that check the type of what they read and
 * raise a `DefinitionImportError` naming the pointer when the spec has the wrong shape.
 */
import type { DocumentSet, Location } from '../document/document-set.js';
import type { WarningSink } from '../document/warnings.js';
import type { SchemaConverter } from '../schema/schema-converter.js';
import { isObject, pointerAt } from '../schema/schema-predicates.js';

export type OpenApiVersion = '2.0' | '3.0' | '3.1';

/** A JSON object read from the spec. */
export type Json = Record<string, unknown>;

export interface ImportContext {
  docs: DocumentSet;
  sink: WarningSink;
  schemas: SchemaConverter;
  version: OpenApiVersion;
  /** The entry document's root object. */
  root: Json;
  /** Swagger 2.0 document-level `consumes` / `produces`. */
  consumes: string[];
  produces: string[];
}

/**
 * `value` as an object, following `$ref`s; a `DefinitionImportError` naming the pointer when it
 * is something else. Shared by the importers that read JSON documents (OpenAPI, AsyncAPI).
 */
export function objectAt(
  context: { docs: DocumentSet },
  value: unknown,
  at: Location,
  what: string,
): { value: Json; at: Location } {
  const resolved = context.docs.deref(value, at);
  if (!isObject(resolved.value)) {
    throw context.docs.error(resolved.at, `${what} must be an object, got ${describeType(resolved.value)}`);
  }
  return { value: resolved.value, at: resolved.at };
}

/** `value` as an array or empty when absent; a clear error when it is something else. */
export function arrayAt(context: ImportContext, value: unknown, at: Location, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw context.docs.error(at, `${what} must be an array, got ${describeType(value)}`);
  return value;
}

/** An optional object member: undefined when absent, a clear error when not an object. */
export function optionalObject(
  context: ImportContext,
  value: unknown,
  at: Location,
  what: string,
): Json | undefined {
  if (value === undefined || value === null) return undefined;
  return objectAt(context, value, at, what).value;
}

/** `string` values only. */
export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** `value` if it is a string. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Human name of a JSON value's type for error messages. */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

export { isObject, pointerAt };
