/**
 * What each value input does, without React: which fields of an object show, what a union
 * variant switch, a null toggle, an added list item or map entry, or added optional fields start
 * with, and how input text maps to JSON values (numbers, booleans, enum options, dates and
 * date-times). The edits are `@sextant/request`'s pure value operations; the React view renders
 * what these return and dispatches `(path, value)` edits.
 */
import type { FormDataField, ObjectProperty, Parameter, TypeReference } from '@sextant/definition';
import {
  addedValueFor,
  editValueIn,
  type FormDataFieldValue,
  renameEntry,
  type StatePath,
  setValueIn,
  withNewEntry,
  withOptionalProperties,
} from '@sextant/request';
import {
  describeShape,
  emptyValue,
  type FieldShape,
  isOptionalProperty,
  type TypeMap,
} from './type-shapes.js';

/**
 * Where an input sends its edits: `set` what the reader typed at `path` (an absolute form path;
 * an emptied list item stays as null), `remove` a key or list item.
 */
export interface ValueEditor {
  set(path: StatePath, value: unknown): void;
  remove(path: StatePath): void;
}

/**
 * A `ValueEditor` for a value held as one piece (a WebSocket message, a multipart field): each edit
 * is applied to `root`, found at `rootPath`, and the new root handed to `onChange`.
 * @example rootEditor(['messages', 'ping'], draft, setDraft).set(['messages', 'ping', 'text'], 'hi')
 */
export function rootEditor(
  rootPath: StatePath,
  root: unknown,
  onChange: (value: unknown) => void,
): ValueEditor {
  return {
    set: (path, value) => onChange(editValueIn(root, path.slice(rootPath.length), value)),
    remove: (path) => onChange(setValueIn(root, path.slice(rootPath.length), undefined)),
  };
}

/** A parameter's value as the form keeps it: an emptied optional parameter is left out. */
export function parameterValue(value: unknown, parameter: Parameter, types: TypeMap): unknown {
  return value === '' && describeShape(parameter.valueShape, types).optional ? undefined : value;
}

/** The editor of a parameter's input: an emptied optional parameter is left out of the form. */
export function parameterEditor(editor: ValueEditor, parameter: Parameter, types: TypeMap): ValueEditor {
  return {
    set: (path, value) =>
      editor.set(path, path.length === 2 ? parameterValue(value, parameter, types) : value),
    remove: editor.remove,
  };
}

/** A multipart field's state for a new JSON value: exploded lists stay exploded; undefined removes the field. */
export function formDataFieldValue(field: FormDataField, value: unknown): FormDataFieldValue | undefined {
  if (value === undefined) return undefined;
  return field.type === 'property' && field.explode !== false && Array.isArray(value)
    ? { type: 'exploded', value }
    : { type: 'json', value };
}

/** The JSON value of a multipart field's state (undefined for files). */
export function formDataJsonValue(current: FormDataFieldValue | undefined): unknown {
  return current?.type === 'json' || current?.type === 'exploded' ? current.value : undefined;
}

/** The files picked for a multipart file field. */
export function formDataFiles(current: FormDataFieldValue | undefined): File[] {
  if (current?.type === 'files') return current.value;
  return current?.type === 'file' && current.value ? [current.value] : [];
}

/** A plain object (not a list, not null), or `{}`. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A list, or `[]`. */
export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The fields an object input shows: required ones always, optional ones once present. */
export function shownProperties(
  properties: ObjectProperty[],
  value: unknown,
  types: TypeMap,
): ObjectProperty[] {
  const record = asRecord(value);
  return properties.filter((p) => !isOptionalProperty(p, types) || Object.hasOwn(record, p.key));
}

/**
 * The object with optional fields added ("More optional fields" → one key, or "Add all optional
 * properties"): values valid for their schema, from the definition's example synthesis.
 */
export function addOptionalFields(
  value: unknown,
  properties: ObjectProperty[],
  keys: string[],
  types: TypeMap,
): Record<string, unknown> {
  return withOptionalProperties(value, properties, keys, types);
}

/** The value after picking another variant of a discriminated union: the tag and the variant's required fields, empty. */
export function chooseTaggedVariant(
  shape: Extract<FieldShape, { kind: 'discriminatedUnion' }>,
  tag: string,
  types: TypeMap,
): Record<string, unknown> | undefined {
  const variant = shape.variants.find((v) => v.value === tag);
  if (!variant) return undefined;
  const base: Record<string, unknown> = { [shape.discriminant]: variant.value };
  for (const property of variant.properties)
    if (!isOptionalProperty(property, types)) base[property.key] = emptyValue(property.valueShape, types);
  return base;
}

/** The selected variant of a discriminated union value (the first when its tag is unknown). */
export function selectedTaggedVariant(
  shape: Extract<FieldShape, { kind: 'discriminatedUnion' }>,
  value: unknown,
): Extract<FieldShape, { kind: 'discriminatedUnion' }>['variants'][number] | undefined {
  const tag = asRecord(value)[shape.discriminant];
  return shape.variants.find((v) => v.value === tag) ?? shape.variants[0];
}

/** The value after picking variant `index` of an undiscriminated union: one valid for that variant. */
export function chooseVariant(
  shape: Extract<FieldShape, { kind: 'undiscriminatedUnion' }>,
  index: number,
  types: TypeMap,
): unknown {
  const variant = shape.variants[index];
  if (!variant) return undefined;
  const value = addedValueFor({ valueShape: variant.shape }, types);
  if (!variant.properties) return value;
  // The union's shared properties belong to the variant: the required ones start filled too.
  const required = variant.properties.filter((p) => !isOptionalProperty(p, types)).map((p) => p.key);
  return withOptionalProperties(value, variant.properties, required, types);
}

/** The value after ticking (null) or unticking (an empty value of the shape) a nullable value's null box. */
export function toggleNull(isNull: boolean, shape: TypeReference, types: TypeMap): unknown {
  return isNull ? null : (emptyValue(shape, types) ?? '');
}

/** The list with one more item, empty of the item's kind. */
export function withListItem(value: unknown, item: TypeReference, types: TypeMap): unknown[] {
  return [...asList(value), emptyValue(item, types)];
}

/** The map with one more entry under a fresh key. */
export function withMapEntry(
  value: unknown,
  valueShape: TypeReference,
  types: TypeMap,
): Record<string, unknown> {
  return withNewEntry(value, emptyValue(valueShape, types));
}

/** The map with entry `index` renamed (a key another entry has is refused). */
export function renameMapKey(value: unknown, index: number, key: string): Record<string, unknown> {
  return renameEntry(value, index, key);
}

// Input codecs: what an <input> shows for a value, and the value its text means.

/** A number input's text: '' for anything not a number. */
export function numberToInput(value: unknown): string | number {
  return typeof value === 'number' ? value : '';
}

/** A number input's value: undefined when emptied. */
export function numberFromInput(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** A true/false select's option for a value ('' when unset). */
export function booleanToInput(value: unknown): string {
  return typeof value === 'boolean' ? String(value) : '';
}

/** A true/false select's value. */
export function booleanFromInput(option: string): boolean | undefined {
  return option === '' ? undefined : option === 'true';
}

/** An enum select's option for a value (its JSON text; '' when unset). */
export function enumToInput(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value);
}

/** An enum select's value; an option that is not JSON (never ours) reads as text. */
export function enumFromInput(option: string): unknown {
  if (option === '') return undefined;
  try {
    return JSON.parse(option);
  } catch {
    return option;
  }
}

/** A text input's text. */
export function textToInput(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** A date input's text (YYYY-MM-DD) for a date or date-time string. */
export function dateToInput(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

/**
 * A datetime-local input's text (UTC wall time, seconds kept) for an RFC 3339 date-time; a value
 * with an offset is shown at its UTC instant.
 * @example dateTimeToInput('2024-01-15T11:30:00+02:00') // '2024-01-15T09:30:00'
 */
export function dateTimeToInput(value: unknown): string {
  if (typeof value !== 'string') return '';
  if (/[+-]\d\d:?\d\d$/.test(value)) {
    const time = Date.parse(value);
    if (!Number.isNaN(time)) return new Date(time).toISOString().slice(0, 19);
  }
  return value.replace(/Z$/i, '').slice(0, 19);
}

/**
 * The RFC 3339 UTC date-time for a datetime-local input's text ('' when emptied).
 * @example dateTimeFromInput('2024-01-15T09:30') // '2024-01-15T09:30:00Z'
 */
export function dateTimeFromInput(text: string): string {
  if (!text) return '';
  return `${text}${text.length === 16 ? ':00' : ''}Z`;
}

/** A JSON textarea's text for a value. */
export function jsonToInput(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

/** A JSON textarea's value: parsed JSON, the raw text when it is not JSON, undefined when blank. */
export function jsonFromInput(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The type caption beside a field's name: its type's name, else its kind (a string's format when it has one). */
export function typeCaption(shape: FieldShape, typeName: string | undefined): string {
  if (typeName) return typeName;
  if (shape.kind === 'primitive')
    return shape.primitive.type === 'string' && shape.primitive.format
      ? shape.primitive.format
      : shape.primitive.type;
  if (shape.kind === 'discriminatedUnion' || shape.kind === 'undiscriminatedUnion') return 'union';
  return shape.kind;
}
