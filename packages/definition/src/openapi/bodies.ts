/**
 * Request and response bodies: one IR request per content type (JSON → object/alias,
 * multipart and urlencoded → form data with file/files/property fields, binary → bytes), the
 * success responses (JSON, SSE and NDJSON streams, file downloads, empty), the error responses
 * (4xx, 5xx, default), and the examples the spec gives for them. Swagger 2.0 `body`/`formData`
 * parameters and `consumes`/`produces` are handled here too.
 */
import type { Location } from '../document/document-set.js';
import { unescapePointerToken } from '../document/pointer.js';
import type {
  ErrorResponse,
  FormDataField,
  HttpRequest,
  HttpResponse,
  Parameter,
  ResponseBody,
} from '../ir/endpoint.js';
import type { TypeReference } from '../ir/types.js';
import { availabilityOf, pascalCase, resolveExampleRefs, type SchemaObject } from '../schema/index.js';
import {
  type ImportContext,
  isObject,
  type Json,
  objectAt,
  optionalObject,
  pointerAt,
  str,
} from './context.js';
import {
  isBinaryMediaType,
  isEventStream,
  isFormMediaType,
  isJsonMediaType,
  isNdjson,
  preferredMediaType,
} from './media.js';
import { parameterShape, type RawParameter } from './parameters.js';

/** An example value the spec gives, with its name when it has one. */
export interface SpecExample {
  name?: string;
  description?: string;
  value: unknown;
  /** Where the value is written (for the warning an invalid example gets). */
  at?: Location;
}

/** OpenAPI 3.x `requestBody` → requests per content type, and its examples. */
export function convertRequestBody(
  context: ImportContext,
  requestBody: unknown,
  at: Location,
  nameHint: string,
): { requests: HttpRequest[]; examples: SpecExample[] } {
  const result = { requests: [] as HttpRequest[], examples: [] as SpecExample[] };
  if (requestBody === undefined) return result;
  const { value: body, at: bodyAt } = objectAt(context, requestBody, at, '`requestBody`');
  const content = optionalObject(context, body.content, pointerAt(bodyAt, 'content'), '`content`') ?? {};
  const mediaTypes = Object.keys(content);
  const ordered = orderMediaTypes(mediaTypes);
  for (const mediaType of ordered) {
    const mediaAt = pointerAt(bodyAt, 'content', mediaType);
    const media = optionalObject(context, content[mediaType], mediaAt, 'a media type object') ?? {};
    const request: HttpRequest = {
      contentType: mediaType,
      body: requestBodyShape(
        context,
        mediaType,
        media,
        mediaAt,
        `${nameHint}Request`,
        body.required !== true,
      ),
    };
    const description = str(body.description);
    if (description) request.description = description;
    if (body.required !== true) request.isOptional = true;
    result.requests.push(request);
    if (result.examples.length === 0) result.examples = mediaExamples(context, media, mediaAt);
  }
  return result;
}

function requestBodyShape(
  context: ImportContext,
  mediaType: string,
  media: Json,
  at: Location,
  nameHint: string,
  isOptional: boolean,
): HttpRequest['body'] {
  const schemaAt = pointerAt(at, 'schema');
  if (isFormMediaType(mediaType)) {
    return {
      type: 'formData',
      fields: formFieldsFromSchema(context, media.schema, schemaAt, media.encoding, nameHint),
    };
  }
  if (isJsonMediaType(mediaType) && !isBinarySchema(context, media.schema, schemaAt)) {
    return context.schemas.body(media.schema, schemaAt, nameHint);
  }
  if (isBinaryMediaType(mediaType) || isBinarySchema(context, media.schema, schemaAt))
    return { type: 'bytes', isOptional };
  // Text bodies (XML, plain text, ...): show the schema, or a string.
  return { type: 'alias', shape: textShape(context, media.schema, schemaAt, nameHint) };
}

function textShape(context: ImportContext, schema: unknown, at: Location, nameHint: string): TypeReference {
  return schema === undefined
    ? { type: 'primitive', value: { type: 'string' } }
    : context.schemas.reference(schema, at, nameHint);
}

/** Form fields of an object schema: binary properties become files, arrays of binary become file lists. */
function formFieldsFromSchema(
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

/** `file` for a binary string schema, `files` for an array of them. */
function binaryKind(context: ImportContext, schema: unknown, at: Location): 'file' | 'files' | undefined {
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

/** Swagger 2.0 `in: body` parameter → requests for each `consumes` media type. */
export function convertSwaggerBody(
  context: ImportContext,
  body: RawParameter,
  consumes: string[],
  nameHint: string,
): { requests: HttpRequest[]; examples: SpecExample[] } {
  const mediaTypes = consumes.length > 0 ? orderMediaTypes(consumes) : ['application/json'];
  const isOptional = body.value.required !== true;
  const requests = mediaTypes.map((mediaType): HttpRequest => {
    const request: HttpRequest = {
      contentType: mediaType,
      body: requestBodyShape(
        context,
        mediaType,
        { schema: body.value.schema },
        body.at,
        `${nameHint}Request`,
        isOptional,
      ),
    };
    const description = str(body.value.description);
    if (description) request.description = description;
    if (isOptional) request.isOptional = true;
    return request;
  });
  const examples: SpecExample[] = [];
  if (
    isObject(body.value.schema) &&
    body.value.schema.example !== undefined &&
    !('$ref' in body.value.schema)
  ) {
    examples.push({ value: body.value.schema.example, at: pointerAt(body.at, 'schema', 'example') });
  }
  const xExamples = body.value['x-examples'];
  if (isObject(xExamples))
    for (const [name, value] of Object.entries(xExamples))
      examples.push({ name, value, at: pointerAt(body.at, 'x-examples', name) });
  return { requests, examples };
}

/** Swagger 2.0 `in: formData` parameters → one form request. */
export function convertSwaggerFormData(
  context: ImportContext,
  parameters: RawParameter[],
  consumes: string[],
  nameHint: string,
): HttpRequest {
  const contentType =
    consumes.find((type) => type.startsWith('multipart/')) ??
    consumes.find((type) => type === 'application/x-www-form-urlencoded') ??
    (parameters.some((parameter) => parameter.value.type === 'file')
      ? 'multipart/form-data'
      : 'application/x-www-form-urlencoded');
  const fields = parameters.map((parameter): FormDataField => {
    const key = parameter.value.name as string;
    const isOptional = parameter.value.required !== true;
    const description = str(parameter.value.description);
    let field: FormDataField;
    if (parameter.value.type === 'file') field = { type: 'file', key, isOptional };
    else if (
      parameter.value.type === 'array' &&
      isObject(parameter.value.items) &&
      parameter.value.items.type === 'file'
    ) {
      field = { type: 'files', key, isOptional };
    } else {
      let valueShape = parameterShape(
        context,
        parameter.value,
        parameter.at,
        `${nameHint}${pascalCase(key)}`,
      );
      if (isOptional) valueShape = { type: 'optional', shape: valueShape };
      field = { type: 'property', key, valueShape };
      const example = parameter.value['x-example'] ?? parameter.value.example;
      if (example !== undefined) field.examples = [example];
    }
    if (description) field.description = description;
    return field;
  });
  return { contentType, body: { type: 'formData', fields } };
}

/** Status code of a response key: numbers, `2XX` ranges (→ 200) and `default` (→ 0). */
export function statusOf(key: string): number | undefined {
  if (key === 'default') return 0;
  if (/^[1-5]\d\d$/.test(key)) return Number(key);
  if (/^[1-5]xx$/i.test(key)) return Number(key[0]) * 100;
  return undefined;
}

export interface ConvertedResponses {
  responses: HttpResponse[];
  errors: ErrorResponse[];
  examples: SpecExample[];
}

/** `responses` of an operation → success responses (2xx, lowest first) and errors (4xx, 5xx, default). */
export function convertResponses(
  context: ImportContext,
  responses: unknown,
  at: Location,
  nameHint: string,
  produces: string[],
): ConvertedResponses {
  const result: ConvertedResponses = { responses: [], errors: [], examples: [] };
  if (responses === undefined) return result;
  const map = objectAt(context, responses, at, '`responses`');
  const entries = Object.keys(map.value)
    .filter((key) => !key.startsWith('x-'))
    .map((key) => ({ key, status: statusOf(key) }))
    .sort((a, b) => sortKey(a.status) - sortKey(b.status));
  for (const { key, status } of entries) {
    const responseAt = pointerAt(map.at, key);
    if (status === undefined) {
      context.sink.warn(responseAt, `response key "${key}" is not a status code; ignored`);
      continue;
    }
    const resolved = objectAt(context, map.value[key], responseAt, 'a response');
    const hint = `${nameHint}Response${status >= 300 || status === 0 ? (status === 0 ? 'Default' : status) : status === 200 ? '' : status}`;
    if (status >= 200 && status < 300) {
      const converted = successResponse(context, status, resolved.value, resolved.at, hint, produces);
      result.responses.push(converted.response);
      if (result.examples.length === 0) result.examples = converted.examples;
    } else if (status >= 400 || status === 0) {
      result.errors.push(
        errorResponse(context, status, map.value[key], resolved.value, resolved.at, hint, produces),
      );
    }
  }
  return result;
}

function successResponse(
  context: ImportContext,
  status: number,
  response: Json,
  at: Location,
  hint: string,
  produces: string[],
): { response: HttpResponse; examples: SpecExample[] } {
  const description = str(response.description);
  const headers = responseHeaders(context, response, at, hint);
  const withDescription = (value: HttpResponse): HttpResponse => {
    if (description) value.description = description;
    if (headers.length > 0) value.headers = headers;
    return value;
  };
  const media = responseMedia(context, response, at, produces);
  if (!media || status === 204 || status === 205) {
    return { response: withDescription({ statusCode: status, body: { type: 'empty' } }), examples: [] };
  }
  const body = responseBody(context, media.mediaType, media.media, response, media.at, hint);
  const value: HttpResponse = { statusCode: status, contentType: media.mediaType, body };
  return { response: withDescription(value), examples: media.examples };
}

/**
 * A response's `headers` (3.x header objects with `schema` or `content`, 2.0 inline types), as
 * parameters: optional unless `required: true`. `Content-Type` is left out (OpenAPI ignores it).
 */
function responseHeaders(context: ImportContext, response: Json, at: Location, hint: string): Parameter[] {
  const map = optionalObject(context, response.headers, pointerAt(at, 'headers'), '`headers`');
  if (!map) return [];
  const out: Parameter[] = [];
  for (const name of Object.keys(map)) {
    if (name.startsWith('x-') || name.toLowerCase() === 'content-type') continue;
    const resolved = context.docs.deref(map[name], pointerAt(at, 'headers', name));
    const { value, at: headerAt } = resolved;
    if (!isObject(value)) {
      // One malformed header must not cost the API its import.
      context.sink.warn(headerAt, 'a response header must be an object; ignored');
      continue;
    }
    const shape = parameterShape(context, value, headerAt, `${hint}${pascalCase(name)}Header`);
    const header: Parameter = {
      key: name,
      valueShape: value.required === true ? shape : { type: 'optional', shape },
    };
    const headerDescription = str(value.description);
    if (headerDescription) header.description = headerDescription;
    const availability = availabilityOf(value);
    if (availability) header.availability = availability;
    out.push(header);
  }
  return out;
}

interface ResponseMedia {
  mediaType: string;
  media: Json;
  at: Location;
  examples: SpecExample[];
}

/** The media type shown for a response: 3.x `content` (JSON preferred), or 2.0 `schema` + `produces`. */
function responseMedia(
  context: ImportContext,
  response: Json,
  at: Location,
  produces: string[],
): ResponseMedia | undefined {
  if (context.version === '2.0') {
    if (response.schema === undefined) return undefined;
    const isFile = isObject(response.schema) && response.schema.type === 'file';
    const mediaType = isFile
      ? (produces.find((type) => !isJsonMediaType(type)) ?? 'application/octet-stream')
      : (preferredMediaType(produces) ?? 'application/json');
    const examples: SpecExample[] = [];
    if (isObject(response.examples)) {
      const key = mediaType in response.examples ? mediaType : Object.keys(response.examples)[0];
      const value = key === undefined ? undefined : response.examples[key];
      if (key !== undefined && value !== undefined)
        examples.push({ value, at: pointerAt(at, 'examples', key) });
    }
    return { mediaType, media: { schema: response.schema }, at, examples };
  }
  const content = optionalObject(context, response.content, pointerAt(at, 'content'), '`content`');
  if (!content) return undefined;
  const mediaType = orderMediaTypes(Object.keys(content))[0];
  if (mediaType === undefined) return undefined;
  const mediaAt = pointerAt(at, 'content', mediaType);
  const media = optionalObject(context, content[mediaType], mediaAt, 'a media type object') ?? {};
  return { mediaType, media, at: mediaAt, examples: mediaExamples(context, media, mediaAt) };
}

function responseBody(
  context: ImportContext,
  mediaType: string,
  media: Json,
  response: Json,
  at: Location,
  hint: string,
): ResponseBody {
  const schemaAt = pointerAt(at, 'schema');
  const terminator = str(
    media['x-stream-terminator'] ?? response['x-stream-terminator'] ?? media['x-terminator'],
  );
  if (isEventStream(mediaType) || isNdjson(mediaType)) {
    const itemSchema = streamItemSchema(media, schemaAt);
    const shape =
      itemSchema === undefined
        ? ({ type: 'unknown' } as TypeReference)
        : context.schemas.reference(itemSchema.schema, itemSchema.at, `${hint}Event`);
    const body: ResponseBody = {
      type: 'stream',
      framing: isEventStream(mediaType) ? 'sse' : 'ndjson',
      shape,
    };
    if (terminator) body.terminator = terminator;
    return body;
  }
  if (
    isBinarySchema(context, media.schema, schemaAt) ||
    (isBinaryMediaType(mediaType) && !isJsonMediaType(mediaType))
  ) {
    return { type: 'fileDownload', contentType: mediaType };
  }
  if (isJsonMediaType(mediaType)) return context.schemas.body(media.schema, schemaAt, hint);
  if (response['x-streaming'] === true || media['x-streaming'] === true)
    return { type: 'streamingText', contentType: mediaType };
  return { type: 'alias', shape: textShape(context, media.schema, schemaAt, hint) };
}

/** 3.2-style `itemSchema`, else the schema itself (the shape of one event). */
function streamItemSchema(media: Json, schemaAt: Location): { schema: unknown; at: Location } | undefined {
  if (media.itemSchema !== undefined)
    return {
      schema: media.itemSchema,
      at: { file: schemaAt.file, pointer: schemaAt.pointer.replace(/\/schema$/, '/itemSchema') },
    };
  if (media.schema === undefined) return undefined;
  return { schema: media.schema, at: schemaAt };
}

function errorResponse(
  context: ImportContext,
  status: number,
  raw: unknown,
  response: Json,
  at: Location,
  hint: string,
  produces: string[],
): ErrorResponse {
  const error: ErrorResponse = { statusCode: status };
  const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined;
  const name = ref?.split('/').pop();
  if (name) error.name = unescapePointerToken(name);
  const description = str(response.description);
  if (description) error.description = description;
  const media = responseMedia(context, response, at, produces);
  if (media) {
    error.contentType = media.mediaType;
    const schemaAt = pointerAt(media.at, 'schema');
    if (media.media.schema !== undefined && !isBinarySchema(context, media.media.schema, schemaAt)) {
      error.shape = context.schemas.reference(media.media.schema, schemaAt, hint);
    }
  }
  return error;
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

/** JSON first, then forms, then the rest in spec order. */
function orderMediaTypes(mediaTypes: string[]): string[] {
  const rank = (type: string) =>
    isJsonMediaType(type) && type !== '*/*' ? 0 : isFormMediaType(type) ? 1 : 2;
  return [...mediaTypes].sort((a, b) => rank(a) - rank(b));
}

/** Status order: concrete codes ascending, then `default`, then keys that are not statuses. */
function sortKey(status: number | undefined): number {
  if (status === undefined) return 2000;
  return status === 0 ? 1000 : status;
}
