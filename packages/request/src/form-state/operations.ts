/**
 * Pure edits of a form state: set a value at a path, reset one section, add optional body
 * properties (filled with values valid for their schema), and feed file inputs. Each returns a new state and leaves its input untouched, so a
 * store can keep the previous state for undo and React can compare by reference.
 */
import {
  type Endpoint,
  inlineObjectProperties,
  type ObjectProperty,
  propertiesOfReference,
  type TypeReference,
} from '@sextant/definition';
import type { EndpointFormState, FormState } from './form-state.js';
import { initialFormState } from './initial-state.js';
import { isOptionalShape, isRecord, type TypeTable, unwrapShape } from './shapes.js';
import { setValueIn, withOptionalProperties } from './value-edits.js';

/** The form is a request: READ_ONLY properties are never offered. */
const REQUEST = { direction: 'request' } as const;

/** A path into the state: a section name first, then object keys and list indexes. */
export type StatePath = readonly (string | number)[];

/**
 * A copy of `state` with `value` at `path`; `undefined` removes the key (or list item).
 * @example
 * setValueAtPath(state, ['queryParameters', 'limit'], 20);
 * setValueAtPath(state, ['body', 'value', 'owner', 'name'], 'Ada');
 */
export function setValueAtPath<S extends FormState>(state: S, path: StatePath, value: unknown): S {
  return setValueIn(state, path, value) as S;
}

/** Reading counterpart of `setValueAtPath`. */
export function getValueAtPath(state: unknown, path: StatePath): unknown {
  let current = state;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isRecord(current) && typeof key === 'string' && Object.hasOwn(current, key))
      current = current[key];
    else return undefined;
  }
  return current;
}

export type FormSection = 'pathParameters' | 'queryParameters' | 'headers' | 'cookies' | 'body';

/**
 * Reset with example / Reset without example of one section of the form.
 * @example
 * resetSection(state, endpoint, 'body', { withExample: false, types });
 */
export function resetSection(
  state: EndpointFormState,
  endpoint: Endpoint,
  section: FormSection,
  options: { withExample: boolean; types?: TypeTable },
): EndpointFormState {
  const fresh = initialFormState(endpoint, options);
  return { ...state, [section]: fresh[section] };
}

/**
 * The properties of the JSON body object at `path` (inside the body value) that the reader has not
 * filled yet and may add: optional and writable. Drives the "More optional fields" menu.
 */
export function remainingOptionalProperties(
  state: EndpointFormState,
  endpoint: Endpoint,
  options: { path?: StatePath; types?: TypeTable } = {},
): ObjectProperty[] {
  const types = options.types ?? {};
  const path = options.path ?? [];
  const properties = bodyPropertiesAtPath(endpoint, path, types);
  if (!properties || state.body?.type !== 'json') return [];
  const current = getValueAtPath(state.body.value, path);
  const filled = isRecord(current) ? current : {};
  return properties.filter(
    (property) =>
      property.access !== 'READ_ONLY' &&
      isOptionalShape(property.valueShape, types) &&
      !(property.key in filled),
  );
}

/**
 * Adds one optional property to the JSON body object at `path`, set to the spec's value for it or
 * the empty value of its kind (`addedValueFor`).
 * @example
 * addOptionalProperty(state, endpoint, 'nickname', { types }); // body.value.nickname === ''
 */
export function addOptionalProperty(
  state: EndpointFormState,
  endpoint: Endpoint,
  key: string,
  options: { path?: StatePath; types?: TypeTable } = {},
): EndpointFormState {
  return addProperties(state, endpoint, options, (remaining) => remaining.filter((p) => p.key === key));
}

/** "Add all optional properties": every remaining optional property of the object at `path`, each valid. */
export function addAllOptionalProperties(
  state: EndpointFormState,
  endpoint: Endpoint,
  options: { path?: StatePath; types?: TypeTable } = {},
): EndpointFormState {
  return addProperties(state, endpoint, options, (remaining) => remaining);
}

function addProperties(
  state: EndpointFormState,
  endpoint: Endpoint,
  options: { path?: StatePath; types?: TypeTable },
  pick: (remaining: ObjectProperty[]) => ObjectProperty[],
): EndpointFormState {
  const remaining = remainingOptionalProperties(state, endpoint, options);
  const chosen = pick(remaining);
  if (chosen.length === 0 || state.body?.type !== 'json') return state;
  const path = ['body', 'value', ...(options.path ?? [])];
  const current = getValueAtPath(state, path);
  const keys = chosen.map((p) => p.key);
  return setValueAtPath(state, path, withOptionalProperties(current, remaining, keys, options.types));
}

/** Properties of the body object found by walking `path` through the body's shape. */
function bodyPropertiesAtPath(
  endpoint: Endpoint,
  path: StatePath,
  types: TypeTable,
): ObjectProperty[] | undefined {
  const body = endpoint.requests[0]?.body;
  if (!body) return undefined;
  let properties: ObjectProperty[] | undefined;
  let shape: TypeReference | undefined;
  if (body.type === 'object') properties = inlineObjectProperties(body, types, REQUEST);
  else if (body.type === 'alias') shape = body.shape;
  else return undefined;
  for (const key of path) {
    if (typeof key === 'number') {
      const list = shape ? unwrapShape(shape, types) : undefined;
      shape = list && (list.type === 'list' || list.type === 'set') ? list.itemShape : undefined;
      properties = undefined;
    } else {
      if (!properties && shape) properties = propertiesOfReference(shape, types, REQUEST);
      shape = properties?.find((p) => p.key === key)?.valueShape;
      properties = undefined;
    }
    if (!shape) return undefined;
  }
  return properties ?? (shape ? propertiesOfReference(shape, types, REQUEST) : undefined);
}

/**
 * Feeds a file input of a form-data body. Values that are not files are dropped; the multi-file
 * field appends, the single-file field keeps the first file.
 * @example
 * setFormFiles(state, 'photos', input.files ? [...input.files] : []);
 */
export function setFormFiles(
  state: EndpointFormState,
  fieldKey: string,
  values: readonly unknown[],
): EndpointFormState {
  if (state.body?.type !== 'form-data') return state;
  const files = values.filter((v): v is File => v instanceof File);
  const field = state.body.value[fieldKey];
  const next =
    field?.type === 'files'
      ? { type: 'files' as const, value: [...field.value, ...files] }
      : { type: 'file' as const, value: files[0] ?? (field?.type === 'file' ? field.value : undefined) };
  return { ...state, body: { type: 'form-data', value: { ...state.body.value, [fieldKey]: next } } };
}

/** Feeds the file input of an octet-stream body: the first file, non-files dropped. */
export function setBodyFile(state: EndpointFormState, values: readonly unknown[]): EndpointFormState {
  const file = values.find((v): v is File => v instanceof File);
  return file ? { ...state, body: { type: 'octet-stream', value: file } } : state;
}

/** Removes a file from the multi-file field, or clears the single-file field. */
export function removeFormFile(state: EndpointFormState, fieldKey: string, index = 0): EndpointFormState {
  if (state.body?.type !== 'form-data') return state;
  const field = state.body.value[fieldKey];
  if (!field) return state;
  const next =
    field.type === 'files'
      ? { type: 'files' as const, value: field.value.filter((_, i) => i !== index) }
      : { type: 'file' as const, value: undefined };
  return { ...state, body: { type: 'form-data', value: { ...state.body.value, [fieldKey]: next } } };
}
