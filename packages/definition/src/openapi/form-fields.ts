/** Form fields (multipart, urlencoded) of an object schema: binary properties become files. */
import type { Location } from '../document/document-set.js';
import type { FormDataField } from '../ir/endpoint.js';
import { pascalCase, type SchemaObject } from '../schema/index.js';
import { binaryKind } from './body-schemas.js';
import { type ImportContext, isObject, pointerAt, str } from './context.js';

/** Form fields of an object schema: binary properties become files, arrays of binary become file lists. */
export function formFieldsFromSchema(
  context: ImportContext,
  schema: unknown,
  at: Location,
  encoding: unknown,
  nameHint: string,
): FormDataField[] {
  const resolved = context.schemas.resolve(schema, at);
  if (!resolved) return [];
  const properties = new Map<string, { schema: unknown; at: Location }>();
  const required = new Set<string>();
  collectFormProperties(context, resolved.schema, resolved.at, properties, required, 0);
  if (
    properties.size === 0 &&
    resolved.schema.type !== 'object' &&
    resolved.schema.properties === undefined
  ) {
    context.sink.warn(at, 'form body schema is not an object; shown as a single `file` field');
    return [{ type: 'file', key: 'file', isOptional: false }];
  }
  const fields: FormDataField[] = [];
  for (const [key, property] of properties) {
    const fieldEncoding = isObject(encoding) && isObject(encoding[key]) ? encoding[key] : undefined;
    const contentType = str(fieldEncoding?.contentType);
    const isOptional = !required.has(key);
    const binary = binaryKind(context, property.schema, property.at);
    const description = isObject(property.schema) ? str(property.schema.description) : undefined;
    let field: FormDataField;
    if (binary === 'file' || binary === 'files') {
      field = { type: binary, key, isOptional };
    } else {
      let valueShape = context.schemas.reference(
        property.schema,
        property.at,
        `${nameHint}${pascalCase(key)}`,
      );
      if (isOptional) valueShape = { type: 'optional', shape: valueShape };
      field = { type: 'property', key, valueShape };
      const examples = isObject(property.schema)
        ? context.schemas.examplesAt(property.schema, property.at)
        : undefined;
      if (examples) field.examples = examples;
      const style = str(fieldEncoding?.style);
      if (
        style === 'form' ||
        style === 'deepObject' ||
        style === 'pipeDelimited' ||
        style === 'spaceDelimited'
      ) {
        field.style = style;
      }
      if (typeof fieldEncoding?.explode === 'boolean') field.explode = fieldEncoding.explode;
    }
    if (contentType) field.contentType = contentType;
    if (description) field.description = description;
    fields.push(field);
  }
  return fields;
}

function collectFormProperties(
  context: ImportContext,
  schema: SchemaObject,
  at: Location,
  into: Map<string, { schema: unknown; at: Location }>,
  required: Set<string>,
  depth: number,
): void {
  if (depth > 16) return;
  if (Array.isArray(schema.required))
    for (const key of schema.required) if (typeof key === 'string') required.add(key);
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((member, index) => {
      const resolved = context.schemas.resolve(member, pointerAt(at, 'allOf', index));
      if (resolved) collectFormProperties(context, resolved.schema, resolved.at, into, required, depth + 1);
    });
  }
  if (isObject(schema.properties)) {
    for (const [key, value] of Object.entries(schema.properties)) {
      into.set(key, { schema: value, at: pointerAt(at, 'properties', key) });
    }
  }
}
