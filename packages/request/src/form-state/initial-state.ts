/**
 * Building a whole form state: from the endpoint's first example (Use example, Reset with example)
 * or empty (Clear form, Reset without example). The same for WebSocket channels, whose client
 * messages start from the channel example.
 */
import type {
  Endpoint,
  EndpointExample,
  FormDataField,
  RequestBody,
  WebSocketChannel,
} from '@sextant/definition';
import { exampleLabel, type Parameter, specValueOf } from '@sextant/definition';
import type { BodyState, EndpointFormState, FormDataFieldValue, WebSocketFormState } from './form-state.js';
import { emptyObjectValue, emptyValueFor, isRecord, type TypeTable } from './shapes.js';
import { fieldStartValue } from './start-value.js';

export interface InitialStateOptions {
  /** Fill from an example of the endpoint (true, the default) or start empty (false). */
  withExample?: boolean;
  /** Which example fills the form (a picker's choice from `exampleChoices`); the first by default. */
  exampleIndex?: number;
  /** The definition's types, to give added fields the right empty value. */
  types?: TypeTable;
}

/**
 * The form state a playground opens with.
 * @example
 * const state = initialFormState(endpoint, { withExample: true, types: definition.types });
 */
export function initialFormState(endpoint: Endpoint, options: InitialStateOptions = {}): EndpointFormState {
  const example =
    options.withExample === false
      ? undefined
      : (endpoint.examples[options.exampleIndex ?? 0] ?? endpoint.examples[0]);
  const types = options.types ?? {};
  const fromSpec = options.withExample !== false;
  const given = example && specPart(example);
  return {
    type: 'endpoint',
    pathParameters: parameterValues(endpoint.pathParameters, given?.('pathParameters'), types, fromSpec),
    queryParameters: parameterValues(endpoint.queryParameters, given?.('queryParameters'), types, fromSpec),
    headers: parameterValues(endpoint.requestHeaders, given?.('headers'), types, fromSpec),
    ...(endpoint.cookieParameters
      ? { cookies: parameterValues(endpoint.cookieParameters, given?.('cookies'), types, fromSpec) }
      : {}),
    body: initialBody(endpoint.requests[0]?.body, example, types),
  };
}

/**
 * What a spec example itself gives for a parameter section: none of a synthesised example, and
 * of a spec example completed by synthesis only the values the spec wrote (not those `filled`).
 */
function specPart(example: EndpointExample) {
  if (example.synthesized) return undefined;
  const filled = new Set(example.filled ?? []);
  return (part: 'pathParameters' | 'queryParameters' | 'headers' | 'cookies'): Record<string, unknown> =>
    Object.fromEntries(Object.entries(example[part] ?? {}).filter(([key]) => !filled.has(`${part}.${key}`)));
}

/**
 * A section's parameters as the form starts them: the example's value (a spec example, never a
 * synthesised one), else the spec's own value for the field (`specValueOf`: its example, its
 * default); a parameter neither gives is left out (its input shows empty). Keys the
 * example holds beyond the declared ones are kept. Without `fromSpec` (Clear form) none is set.
 */
function parameterValues(
  parameters: readonly Parameter[],
  given: Record<string, unknown> | undefined,
  types: TypeTable,
  fromSpec: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(given ?? {}) };
  for (const parameter of parameters) {
    if (Object.hasOwn(out, parameter.key)) continue;
    const own = fromSpec ? specValueOf(parameter, types) : undefined;
    if (own) out[parameter.key] = own.value;
  }
  return out;
}

/** One entry of an example picker: the example's index in `endpoint.examples` and its name. */
export interface ExampleChoice {
  index: number;
  name: string;
}

/**
 * The examples a reader can pick from, named as the spec names them (`Example 2` when it does
 * not). A picker is worth offering only when there are two or more.
 * @example exampleChoices(endpoint); // [{ index: 0, name: 'cat' }, { index: 1, name: 'dog' }]
 */
export function exampleChoices(endpoint: Pick<Endpoint, 'examples'>): ExampleChoice[] {
  return endpoint.examples.map((example, index) => ({
    index,
    name: exampleLabel(example, index),
  }));
}

/**
 * A form state with nothing filled in, overridden by `partial`.
 * @example
 * blankFormState({ pathParameters: { petId: '42' } });
 */
export function blankFormState(partial: Partial<Omit<EndpointFormState, 'type'>> = {}): EndpointFormState {
  return {
    type: 'endpoint',
    pathParameters: {},
    queryParameters: {},
    headers: {},
    body: undefined,
    ...partial,
  };
}

/** Clear form: every section empty; a JSON body keeps its required fields with empty values. */
export function emptyFormState(endpoint: Endpoint, types: TypeTable = {}): EndpointFormState {
  return initialFormState(endpoint, { withExample: false, types });
}

/** The body section alone, from the example when given, else empty. */
export function initialBody(
  body: RequestBody | undefined,
  example: EndpointExample | undefined,
  types: TypeTable,
): BodyState {
  if (!body) return undefined;
  const exampleValue = example?.requestBody;
  switch (body.type) {
    case 'bytes':
      return { type: 'octet-stream', value: undefined };
    case 'formData':
      return {
        type: 'form-data',
        value: initialFormFields(body.fields, example, types),
      };
    case 'object':
      return {
        type: 'json',
        value:
          example && exampleValue !== undefined
            ? exampleValue
            : emptyObjectValue(body.extends, body.properties, types),
      };
    case 'alias':
      return {
        type: 'json',
        value: example && exampleValue !== undefined ? exampleValue : emptyValueFor(body.shape, types),
      };
  }
}

function initialFormFields(
  fields: FormDataField[],
  example: EndpointExample | undefined,
  types: TypeTable,
): Record<string, FormDataFieldValue> {
  const out: Record<string, FormDataFieldValue> = {};
  const given =
    example && !example.synthesized && !example.filled?.includes('requestBody')
      ? example.requestBody
      : undefined;
  const values = isRecord(given) ? given : undefined;
  for (const field of fields) {
    if (field.type === 'file') out[field.key] = { type: 'file', value: undefined };
    else if (field.type === 'files') out[field.key] = { type: 'files', value: [] };
    else {
      const start =
        values && values[field.key] !== undefined
          ? values[field.key]
          : fieldStartValue(field, types, example !== undefined);
      if (start === undefined) continue;
      out[field.key] =
        Array.isArray(start) && field.explode !== false
          ? { type: 'exploded', value: start }
          : { type: 'json', value: start };
    }
  }
  return out;
}

/**
 * The WebSocket playground's form: parameters from the channel example, one draft per client
 * message type (the example's message of that type, else an empty value of its shape).
 * @example
 * const state = initialWebSocketFormState(channel, { types: definition.types });
 * state.messages.subscribe // → { type: 'subscribe', topic: 'prices' }
 */
export function initialWebSocketFormState(
  channel: WebSocketChannel,
  options: InitialStateOptions = {},
): WebSocketFormState {
  const fromSpec = options.withExample !== false;
  const example = fromSpec ? channel.examples[0] : undefined;
  const given = example && !example.synthesized ? example : undefined;
  const types = options.types ?? {};
  const messages: Record<string, unknown> = {};
  for (const message of channel.messages) {
    if (message.origin !== 'client' || message.type in messages) continue;
    const sample = given?.messages.find((m) => m.type === message.type && m.origin === 'client');
    messages[message.type] = sample
      ? sample.body
      : (fieldStartValue({ valueShape: message.body }, types, fromSpec) ??
        emptyValueFor(message.body, types));
  }
  return {
    type: 'websocket',
    pathParameters: parameterValues(channel.pathParameters, given?.pathParameters, types, fromSpec),
    queryParameters: parameterValues(channel.queryParameters, given?.queryParameters, types, fromSpec),
    headers: parameterValues(channel.requestHeaders, given?.headers, types, fromSpec),
    messages,
  };
}
