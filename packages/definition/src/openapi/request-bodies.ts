/**
 * Request bodies: one IR request per content type (JSON → object/alias, multipart and
 * urlencoded → form data, binary → bytes) and the examples the spec gives, for OpenAPI 3.x
 * `requestBody` and Swagger 2.0 `body`/`formData` parameters with `consumes`.
 */
import type { Location } from '../document/document-set.js';
import type { FormDataField, HttpRequest } from '../ir/endpoint.js';
import type { TypeReference } from '../ir/types.js';
import { pascalCase } from '../schema/index.js';
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
import { formFieldsFromSchema } from './form-fields.js';
import { isBinaryMediaType, isFormMediaType, isJsonMediaType, orderMediaTypes } from './media.js';
import { mediaExamples, type SpecExample } from './media-examples.js';
import { parameterShape, type RawParameter } from './parameters.js';

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
