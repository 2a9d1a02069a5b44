/**
 * Operation parameters: path-level and operation-level lists merged (the operation wins by
 * name + location), `$ref`s followed, schemas converted (3.x `schema` / `content`, Swagger 2.0
 * inline type fields with `collectionFormat`), style and explode kept. Cookie parameters (3.x
 * `in: cookie`, form style) are kept apart, sent in one `Cookie` header; Swagger 2.0 `body` and
 * `formData` parameters are returned apart for the request step.
 */
import type { Location } from '../document/document-set.js';
import type { Parameter, ParameterStyle } from '../ir/endpoint.js';
import { parameterStyleSchema } from '../ir/schema/endpoint.js';
import type { TypeReference } from '../ir/types.js';
import { availabilityOf, pascalCase, resolveExampleRefs } from '../schema/index.js';
import { arrayAt, type ImportContext, isObject, type Json, objectAt, pointerAt, str } from './context.js';

/** A resolved parameter object and where it sits. */
export interface RawParameter {
  value: Json;
  at: Location;
}

export interface SortedParameters {
  path: Parameter[];
  query: Parameter[];
  header: Parameter[];
  cookie: Parameter[];
  /** Swagger 2.0 `in: body` (at most one). */
  body?: RawParameter;
  /** Swagger 2.0 `in: formData`. */
  formData: RawParameter[];
  /** Example values the spec gives per location and key. */
  examples: {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    header: Record<string, unknown>;
    cookie: Record<string, unknown>;
  };
  /** Where each of those examples' parameters is declared. */
  exampleAt: {
    path: Record<string, Location>;
    query: Record<string, Location>;
    header: Record<string, Location>;
    cookie: Record<string, Location>;
  };
}

/** Merges and sorts the parameters of a path item and an operation. */
export function collectParameters(
  context: ImportContext,
  pathLevel: unknown,
  pathLevelAt: Location,
  operationLevel: unknown,
  operationLevelAt: Location,
  nameHint: string,
): SortedParameters {
  const merged = new Map<string, RawParameter>();
  for (const [list, at] of [
    [pathLevel, pathLevelAt],
    [operationLevel, operationLevelAt],
  ] as const) {
    arrayAt(context, list, at, '`parameters`').forEach((entry, index) => {
      const resolved = objectAt(context, entry, pointerAt(at, index), 'a parameter');
      const name = str(resolved.value.name);
      const location = str(resolved.value.in);
      if (!name || !location) {
        context.sink.warn(resolved.at, 'parameter without `name` or `in`; ignored');
        return;
      }
      merged.set(`${location}:${name}`, resolved);
    });
  }
  const sorted: SortedParameters = {
    path: [],
    query: [],
    header: [],
    cookie: [],
    formData: [],
    examples: { path: {}, query: {}, header: {}, cookie: {} },
    exampleAt: { path: {}, query: {}, header: {}, cookie: {} },
  };
  for (const raw of merged.values()) {
    const location = raw.value.in as string;
    if (location === 'body') sorted.body = raw;
    else if (location === 'formData') sorted.formData.push(raw);
    else if (location === 'path' || location === 'query' || location === 'header' || location === 'cookie') {
      sorted[location].push(convertParameter(context, raw, location, nameHint));
      const example = parameterExample(context, raw);
      if (example !== undefined) {
        sorted.examples[location][raw.value.name as string] = example;
        sorted.exampleAt[location][raw.value.name as string] = raw.at;
      }
    } else {
      context.sink.warn(raw.at, `parameter location "${location}" is not supported; ignored`);
    }
  }
  return sorted;
}

function convertParameter(
  context: ImportContext,
  raw: RawParameter,
  location: 'path' | 'query' | 'header' | 'cookie',
  nameHint: string,
): Parameter {
  const { value, at } = raw;
  const key = value.name as string;
  let shape = parameterShape(context, value, at, `${nameHint}${pascalCase(key)}`);
  const required = location === 'path' || value.required === true;
  if (!required) shape = { type: 'optional', shape };
  const parameter: Parameter = { key, valueShape: shape };
  const description = str(value.description);
  if (description) parameter.description = description;
  const availability = availabilityOf(value);
  if (availability) parameter.availability = availability;
  const style = str(value.style);
  if (style && location === 'cookie' && style !== 'form')
    context.sink.warn(
      pointerAt(at, 'style'),
      `cookie parameter style "${style}" is not supported; sent as form`,
    );
  else if (style && STYLES.has(style)) parameter.style = style as ParameterStyle;
  if (typeof value.explode === 'boolean') parameter.explode = value.explode;
  if (value.allowReserved === true) parameter.allowReserved = true;
  const examples = parameterExamples(context, raw);
  if (examples.length > 0) parameter.examples = examples;
  const collection = str(value.collectionFormat);
  if (collection) Object.assign(parameter, COLLECTION_FORMATS[collection] ?? {});
  return parameter;
}

/** The styles the IR knows (its schema's); another is dropped (the style's default applies). */
const STYLES: ReadonlySet<string> = new Set(parameterStyleSchema.options);

/** Swagger 2.0 collectionFormat → OpenAPI 3 style and explode. */
export const COLLECTION_FORMATS: Record<string, { style: ParameterStyle; explode: boolean }> = {
  csv: { style: 'form', explode: false },
  multi: { style: 'form', explode: true },
  pipes: { style: 'pipeDelimited', explode: false },
  ssv: { style: 'spaceDelimited', explode: false },
};

/** The type of a parameter: 3.x `schema` or `content`, or 2.0 inline type fields. */
export function parameterShape(
  context: ImportContext,
  value: Json,
  at: Location,
  nameHint: string,
): TypeReference {
  if (value.schema !== undefined)
    return context.schemas.reference(value.schema, pointerAt(at, 'schema'), nameHint);
  if (isObject(value.content)) {
    const [mediaType, media] = Object.entries(value.content)[0] ?? [];
    if (mediaType && isObject(media) && media.schema !== undefined) {
      return context.schemas.reference(media.schema, pointerAt(at, 'content', mediaType, 'schema'), nameHint);
    }
    return { type: 'unknown' };
  }
  if (typeof value.type === 'string') {
    // Swagger 2.0: the parameter itself carries the schema keywords.
    const {
      name: _name,
      in: _in,
      required: _required,
      description: _d,
      collectionFormat: _c,
      ...schema
    } = value;
    return context.schemas.reference(schema, at, nameHint);
  }
  context.sink.warn(at, 'parameter without a schema; shown as a string');
  return { type: 'primitive', value: { type: 'string' } };
}

/** Every value the spec gives a parameter: `example`, the `examples` map's values, its inline schema's examples. */
function parameterExamples(context: ImportContext, raw: RawParameter): unknown[] {
  const { value, at } = raw;
  const out: unknown[] = [];
  if (value.example !== undefined) out.push(resolveExampleRefs(value.example, context.docs, at));
  if (isObject(value.examples)) {
    for (const [name, entry] of Object.entries(value.examples)) {
      const resolved = context.docs.deref(entry, pointerAt(at, 'examples', name)).value;
      if (isObject(resolved) && resolved.value !== undefined)
        out.push(resolveExampleRefs(resolved.value, context.docs, at));
    }
  }
  if (isObject(value.schema))
    out.push(...(context.schemas.examplesAt(value.schema, pointerAt(at, 'schema')) ?? []));
  else if (typeof value.type === 'string') {
    // Swagger 2.0: the parameter carries the schema keywords, and `x-example` by convention.
    if (value['x-example'] !== undefined) out.push(value['x-example']);
  }
  return out.filter((example) => example !== undefined);
}

function parameterExample(context: ImportContext, raw: RawParameter): unknown {
  const example = declaredParameterExample(context, raw);
  return example === undefined ? undefined : resolveExampleRefs(example, context.docs, raw.at);
}

function declaredParameterExample(context: ImportContext, raw: RawParameter): unknown {
  const { value, at } = raw;
  if (value.example !== undefined) return value.example;
  if (isObject(value.examples)) {
    const [name, first] = Object.entries(value.examples)[0] ?? [];
    if (name === undefined) return undefined;
    const resolved = context.docs.deref(first, pointerAt(at, 'examples', name)).value;
    if (isObject(resolved) && 'value' in resolved) return resolved.value;
  }
  if (value.schema !== undefined && isObject(value.schema) && value.schema.example !== undefined) {
    return value.schema.example;
  }
  return undefined;
}

/** Warns that the cookie parameters of an exchange with nowhere to put them (a webhook, a callback) are left out. */
export function warnIgnoredCookies(
  context: ImportContext,
  sorted: SortedParameters,
  at: Location,
  what: string,
): void {
  if (sorted.cookie.length === 0) return;
  const names = sorted.cookie.map((parameter) => `"${parameter.key}"`).join(', ');
  context.sink.warn(at, `cookie parameters of a ${what} are not supported; ${names} ignored`);
}

/** Adds a string path parameter for each `{name}` of the template the spec forgot to declare. */
export function addMissingPathParameters(
  context: ImportContext,
  names: string[],
  parameters: Parameter[],
  at: Location,
): void {
  for (const name of names) {
    if (parameters.some((parameter) => parameter.key === name)) continue;
    context.sink.warn(at, `path parameter "${name}" is not declared; added as a string`);
    parameters.push({ key: name, valueShape: { type: 'primitive', value: { type: 'string' } } });
  }
}
