/** What a body's schema reads as: file content (a binary string, Swagger `type: file`, a list of them) or text. */
import type { Location } from '../document/document-set.js';
import type { TypeReference } from '../ir/types.js';
import { type ImportContext, isObject, pointerAt } from './context.js';
import { isBinaryMediaType } from './media.js';

/** `file` for a binary string schema, `files` for an array of them. */
export function binaryKind(
  context: ImportContext,
  schema: unknown,
  at: Location,
): 'file' | 'files' | undefined {
  if (isBinarySchema(context, schema, at)) return 'file';
  const resolved = context.schemas.resolve(schema, at);
  if (
    resolved &&
    resolved.schema.type === 'array' &&
    isBinarySchema(context, resolved.schema.items, pointerAt(resolved.at, 'items'))
  ) {
    return 'files';
  }
  return undefined;
}

/** A string with `format: binary` (or Swagger `type: file`, or 3.1 `contentMediaType` of a non-text type). */
export function isBinarySchema(context: ImportContext, schema: unknown, at: Location): boolean {
  if (!isObject(schema)) return false;
  const resolved = context.schemas.resolve(schema, at);
  if (!resolved) return false;
  const value = resolved.schema;
  if (value.type === 'file') return true;
  const isString = value.type === 'string' || (Array.isArray(value.type) && value.type.includes('string'));
  if (!isString && value.type !== undefined) return false;
  if (value.format === 'binary') return true;
  return (
    typeof value.contentMediaType === 'string' &&
    value.contentEncoding === undefined &&
    isBinaryMediaType(value.contentMediaType)
  );
}

/** The shape of a text body: its schema, or a plain string when it has none. */
export function textShape(
  context: ImportContext,
  schema: unknown,
  at: Location,
  nameHint: string,
): TypeReference {
  return schema === undefined
    ? { type: 'primitive', value: { type: 'string' } }
    : context.schemas.reference(schema, at, nameHint);
}
