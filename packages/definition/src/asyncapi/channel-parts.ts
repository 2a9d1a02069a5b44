/**
 * The parts of an AsyncAPI channel that 2.x and 3.0 share: address parameters, the `ws`
 * binding's `headers` and `query` schemas, and messages (payload, name, title, examples).
 */
import type { Location } from '../document/document-set.js';
import type { ChannelExample, MessageOrigin, Parameter, WebSocketMessage } from '../ir/endpoint.js';
import { availabilityOf, isObject, pascalCase, pointerAt, type SchemaObject } from '../schema/index.js';
import { type AsyncApiContext, type Json, objectAt, text } from './context.js';

/** Channel parameters → path parameters. 2.x carries a `schema`; 3.0 only `enum`, `default`, `examples`. */
export function channelParameters(
  context: AsyncApiContext,
  parameters: unknown,
  at: Location,
  names: string[],
  hint: string,
): Parameter[] {
  const map = isObject(parameters) ? parameters : {};
  return names.map((name) => {
    if (!(name in map)) {
      context.sink.warn(at, `channel address parameter "${name}" is not described; shown as a string`);
      return { key: name, valueShape: { type: 'primitive', value: { type: 'string' } } };
    }
    const { value: parameter, at: parameterAt } = objectAt(
      context,
      map[name],
      pointerAt(at, name),
      'a channel parameter',
    );
    const schemaHint = `${hint}${pascalCase(name)}`;
    const valueShape =
      parameter.schema !== undefined
        ? context.schemas.reference(parameter.schema, pointerAt(parameterAt, 'schema'), schemaHint)
        : context.schemas.reference(
            {
              type: 'string',
              ...(Array.isArray(parameter.enum) ? { enum: parameter.enum } : {}),
              ...(parameter.default !== undefined ? { default: parameter.default } : {}),
            },
            parameterAt,
            schemaHint,
          );
    const out: Parameter = { key: name, valueShape };
    const examples = Array.isArray(parameter.examples)
      ? parameter.examples.filter((v) => v !== undefined)
      : [];
    if (examples.length > 0) out.examples = examples;
    const description = text(parameter.description);
    if (description) out.description = description;
    return out;
  });
}

/**
 * The `ws` binding's `headers` or `query` object schema → parameters (properties not in
 * `required` are optional).
 */
export function bindingParameters(
  context: AsyncApiContext,
  bindings: unknown,
  at: Location,
  key: 'headers' | 'query',
  hint: string,
): Parameter[] {
  if (!isObject(bindings)) return [];
  const ws = context.docs.deref(bindings.ws, pointerAt(at, 'ws'));
  if (!isObject(ws.value) || ws.value[key] === undefined) return [];
  const resolved = context.schemas.resolve(ws.value[key], pointerAt(ws.at, key));
  if (!resolved || !isObject(resolved.schema.properties)) {
    context.sink.warn(
      pointerAt(ws.at, key),
      `ws binding \`${key}\` must be an object schema with properties; ignored`,
    );
    return [];
  }
  const required = new Set(Array.isArray(resolved.schema.required) ? resolved.schema.required : []);
  const properties = resolved.schema.properties as Json;
  return Object.keys(properties).map((name) => {
    const schemaAt = pointerAt(resolved.at, 'properties', name);
    const shape = context.schemas.reference(properties[name], schemaAt, `${hint}${pascalCase(name)}`);
    const parameter: Parameter = {
      key: name,
      valueShape: required.has(name) ? shape : { type: 'optional', shape },
    };
    const property = context.docs.deref(properties[name], schemaAt).value;
    if (isObject(property)) {
      const description = text(property.description);
      if (description) parameter.description = description;
      const availability = availabilityOf(property as SchemaObject);
      if (availability) parameter.availability = availability;
      const examples = context.schemas.examplesAt(property as SchemaObject, schemaAt);
      if (examples) parameter.examples = examples;
    }
    return parameter;
  });
}

/** One converted message, with the examples it carries. */
export interface ConvertedMessage {
  message: WebSocketMessage;
  examples: ChannelExample[];
}

/**
 * A message object → IR message. `fallbackType` (the message's key or a positional name) is
 * used when the message has neither `name` nor `messageId`.
 */
export function convertMessage(
  context: AsyncApiContext,
  raw: unknown,
  at: Location,
  origin: MessageOrigin,
  fallbackType: string,
): ConvertedMessage {
  const { value: message, at: messageAt } = objectAt(context, raw, at, 'a message');
  const type = text(message.name) ?? text(message.messageId) ?? fallbackType;
  const out: WebSocketMessage = {
    type,
    origin,
    body: payloadShape(context, message, messageAt, pascalCase(type)),
  };
  const displayName = text(message.title) ?? text(message.name);
  if (displayName) out.displayName = displayName;
  const description = text(message.description) ?? text(message.summary);
  if (description) out.description = description;
  const examples: ChannelExample[] = [];
  if (Array.isArray(message.examples)) {
    message.examples.forEach((entry, index) => {
      const example = context.docs.deref(entry, pointerAt(messageAt, 'examples', index)).value;
      if (!isObject(example) || !('payload' in example)) return;
      const channelExample: ChannelExample = {
        pathParameters: {},
        queryParameters: {},
        headers: {},
        messages: [{ type, origin, body: example.payload }],
        synthesized: false,
      };
      const name = text(example.name) ?? text(example.summary);
      if (name) channelExample.name = name;
      examples.push(channelExample);
    });
  }
  return { message: out, examples };
}

/** The payload schema → type reference; non-JSON schema formats (Avro, RAML, protobuf) → unknown. */
function payloadShape(context: AsyncApiContext, message: Json, at: Location, hint: string) {
  let payload = message.payload;
  let payloadAt = pointerAt(at, 'payload');
  let format = text(message.schemaFormat);
  // 3.0 multi-format schema: { schemaFormat, schema }.
  const resolved = context.docs.deref(payload, payloadAt);
  if (
    isObject(resolved.value) &&
    typeof resolved.value.schemaFormat === 'string' &&
    'schema' in resolved.value
  ) {
    format = resolved.value.schemaFormat;
    payload = resolved.value.schema;
    payloadAt = pointerAt(resolved.at, 'schema');
  }
  if (format && !/json|asyncapi|openapi/i.test(format)) {
    context.sink.warn(at, `payload schema format "${format}" is not supported; shown as unknown`);
    return { type: 'unknown' } as const;
  }
  if (payload === undefined) return { type: 'unknown' } as const;
  return context.schemas.reference(payload, payloadAt, hint);
}

/** The parameter names of a channel address, in order (`/rooms/{roomId}` → `['roomId']`). */
export function addressParameterNames(address: string): string[] {
  return [...address.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}
