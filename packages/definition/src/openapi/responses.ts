/**
 * Responses of an operation: the success responses (JSON, SSE and NDJSON streams, file
 * downloads, empty) with their headers and examples, and the error responses (4xx, 5xx,
 * default). Swagger 2.0 `schema` + `produces` too.
 */
import type { Location } from '../document/document-set.js';
import { unescapePointerToken } from '../document/pointer.js';
import type { ErrorResponse, HttpResponse, Parameter, ResponseBody } from '../ir/endpoint.js';
import type { TypeReference } from '../ir/types.js';
import { availabilityOf, pascalCase } from '../schema/index.js';
import { isBinarySchema, textShape } from './body-schemas.js';
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
  isJsonMediaType,
  isNdjson,
  orderMediaTypes,
  preferredMediaType,
} from './media.js';
import { mediaExamples, type SpecExample } from './media-examples.js';
import { parameterShape } from './parameters.js';

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

/** Status order: concrete codes ascending, then `default`, then keys that are not statuses. */
function sortKey(status: number | undefined): number {
  if (status === undefined) return 2000;
  return status === 0 ? 1000 : status;
}
