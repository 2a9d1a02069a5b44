/** The examples a media type object gives (`example`, `examples`, or its schema's). */
import type { Location } from '../document/document-set.js';
import { resolveExampleRefs } from '../schema/index.js';
import { type ImportContext, isObject, type Json, pointerAt, str } from './context.js';

/** An example value the spec gives, with its name when it has one. */
export interface SpecExample {
  name?: string;
  description?: string;
  value: unknown;
  /** Where the value is written (for the warning an invalid example gets). */
  at?: Location;
}

/** Examples of a 3.x media type object: `example`, or the values of `examples` (refs followed). */
export function mediaExamples(context: ImportContext, media: Json, at: Location): SpecExample[] {
  if (media.example !== undefined)
    return [{ value: resolveExampleRefs(media.example, context.docs, at), at: pointerAt(at, 'example') }];
  if (!isObject(media.examples)) return inlineSchemaExample(context, media, at);
  const examples: SpecExample[] = [];
  for (const [name, raw] of Object.entries(media.examples)) {
    const exampleAt = pointerAt(at, 'examples', name);
    const { value, at: valueAt } = context.docs.deref(raw, exampleAt);
    if (!isObject(value)) continue;
    if (!('value' in value)) {
      if (value.externalValue !== undefined)
        context.sink.warn(exampleAt, 'externalValue examples are not loaded');
      continue;
    }
    const example: SpecExample = {
      name,
      value: resolveExampleRefs(value.value, context.docs, exampleAt),
      at: pointerAt(valueAt, 'value'),
    };
    const description = str(value.summary) ?? str(value.description);
    if (description) example.description = description;
    examples.push(example);
  }
  return examples;
}

/**
 * The top-level `example` of a body schema, inline or `$ref`'d (a named schema behaves as the
 * same schema inline: its example is the body's, shown as written).
 */
function inlineSchemaExample(context: ImportContext, media: Json, at: Location): SpecExample[] {
  if (media.schema === undefined) return [];
  const { value: schema, at: schemaAt } = context.docs.deref(media.schema, pointerAt(at, 'schema'));
  if (!isObject(schema)) return [];
  const listed = Array.isArray(schema.examples);
  const value = listed ? (schema.examples as unknown[])[0] : schema.example;
  const valueAt = listed ? pointerAt(schemaAt, 'examples', 0) : pointerAt(schemaAt, 'example');
  return value === undefined
    ? []
    : [{ value: resolveExampleRefs(value, context.docs, schemaAt), at: valueAt }];
}
