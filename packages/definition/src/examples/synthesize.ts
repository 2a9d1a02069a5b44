/**
 * Example synthesis: gives every endpoint, every channel message and every webhook at least
 * one example when the spec gives none, marked `synthesized: true`. Requests carry their
 * required path, query and header parameters (and a few optional ones) and a body; responses
 * carry the success body, `{ events: [e1, e2] }` for streams. Values come from
 * `ExampleValueBuilder`, so they are deterministic and valid against their own schema.
 */
import type { ApiDefinition } from '../ir/definition.js';
import type {
  ChannelExample,
  Endpoint,
  EndpointExample,
  ExampleProblem,
  HttpResponse,
  Parameter,
  RequestBody,
  ResponseBody,
  Webhook,
  WebSocketChannel,
} from '../ir/endpoint.js';
import { isRequired } from '../ir/read-types.js';
import { problemsOf } from './example-problems.js';
import type { ValueIssue } from './validate-value.js';
import { type BuiltValue, type Direction, ExampleValueBuilder, OPTIONAL_BUDGET } from './value-builder.js';

/** Something synthesis could not do; `where` names the endpoint, channel or webhook. */
export interface SynthesisWarning {
  where: string;
  message: string;
}

export interface SynthesizeOptions {
  /** Told about values that could not be built (the example then leaves them out). */
  onWarning?: (warning: SynthesisWarning) => void;
}

/** Number of events in a synthesised stream response. */
const STREAM_EVENTS = 2;

/**
 * A copy of `definition` in which every endpoint, channel message and webhook has an example.
 * Items that already have examples are kept as they are (same objects). Synthesised values may
 * share structure between examples: treat them as immutable.
 * @example const withExamples = synthesizeExamples(definition);
 */
export function synthesizeExamples(
  definition: ApiDefinition,
  options: SynthesizeOptions = {},
): ApiDefinition {
  let where = '';
  const builder = new ExampleValueBuilder(definition.types, (message) =>
    options.onWarning?.({ where, message }),
  );
  const endpoints: ApiDefinition['endpoints'] = {};
  for (const [id, endpoint] of Object.entries(definition.endpoints)) {
    where = `endpoint ${id}`;
    endpoints[id] = {
      ...endpoint,
      examples:
        endpoint.examples.length > 0
          ? endpoint.examples.map((example) => completeExample(example, endpoint, builder))
          : [endpointExample(endpoint, builder)],
    };
  }
  const websockets: ApiDefinition['websockets'] = {};
  for (const [id, channel] of Object.entries(definition.websockets)) {
    where = `channel ${id}`;
    const example = channelExample(channel, builder);
    websockets[id] = example ? { ...channel, examples: [...channel.examples, example] } : channel;
  }
  const webhooks: ApiDefinition['webhooks'] = {};
  for (const [id, webhook] of Object.entries(definition.webhooks)) {
    where = `webhook ${id}`;
    webhooks[id] =
      webhook.examples.length > 0
        ? {
            ...webhook,
            examples: webhook.examples.map((example) => checkedPayload(example, webhook, builder)),
          }
        : { ...webhook, examples: [webhookExample(webhook, builder)] };
  }
  return { ...definition, endpoints, websockets, webhooks };
}

/** A synthesised example of one call of `endpoint`. */
export function endpointExample(endpoint: Endpoint, builder: ExampleValueBuilder): EndpointExample {
  const example: EndpointExample = {
    pathParameters: parameterValues(endpoint.pathParameters, builder, true),
    queryParameters: parameterValues(endpoint.queryParameters, builder, false),
    headers: parameterValues(endpoint.requestHeaders, builder, false),
    responseStatusCode: endpoint.responses[0]?.statusCode ?? 200,
    synthesized: true,
  };
  if (endpoint.cookieParameters) example.cookies = parameterValues(endpoint.cookieParameters, builder, false);
  const problems: ExampleProblem[] = [];
  const request = endpoint.requests[0];
  if (request) {
    const body = requestBodyValue(request.body, builder);
    if (body) {
      example.requestBody = body.value;
      problems.push(...partialProblems(body, request.body, 'request', builder));
    }
  }
  const response = endpoint.responses[0];
  if (response) {
    const body = responseBodyValue(response.body, builder);
    if (body) {
      example.responseBody = body.value;
      problems.push(...partialProblems(body, response.body, 'response', builder));
    }
  }
  if (problems.length > 0) example.problems = problems;
  example.checked = true;
  return example;
}

/**
 * A spec example completed part by part: each part the spec gives (a path, query or header
 * parameter, the request body, the response body) is kept exactly as written; a part that breaks
 * its schema is kept too and named in `problems` (the page shows a note, the import a warning).
 * Each part it leaves out is synthesised and named in `filled`, so required parameters and the
 * body are always present and a parameter example never costs the body.
 */
export function completeExample(
  example: EndpointExample,
  endpoint: Endpoint,
  builder: ExampleValueBuilder,
): EndpointExample {
  const problems: ExampleProblem[] = [];
  const filled: string[] = [];
  const parts = { problems, filled };
  const out: EndpointExample = {
    ...example,
    pathParameters: mergedParameters(example, 'pathParameters', endpoint.pathParameters, builder, parts),
    queryParameters: mergedParameters(example, 'queryParameters', endpoint.queryParameters, builder, parts),
    headers: mergedParameters(example, 'headers', endpoint.requestHeaders, builder, parts),
  };
  if (endpoint.cookieParameters)
    out.cookies = mergedParameters(example, 'cookies', endpoint.cookieParameters, builder, parts);
  const request = endpoint.requests[0];
  if (request) {
    const body = completedBody(example.requestBody, request.body, 'request', builder, () =>
      requestBodyValue(request.body, builder),
    );
    if (body.filled) {
      out.requestBody = body.value;
      filled.push('requestBody');
    }
    problems.push(...body.problems);
  }
  const response =
    endpoint.responses.find((r) => r.statusCode === example.responseStatusCode) ?? endpoint.responses[0];
  if (response) {
    const body = completedResponseBody(example, response, builder);
    if (body.filled) {
      out.responseBody = body.value;
      filled.push('responseBody');
    }
    problems.push(...body.problems);
  }
  if (problems.length > 0) out.problems = problems;
  else delete out.problems;
  if (filled.length > 0) out.filled = filled;
  else delete out.filled;
  out.checked = true;
  return out;
}

/**
 * The response part of {@link completeExample} alone: the spec's body as written (with how it
 * breaks `response`'s schema), else one synthesised (`filled`). Only response values are built
 * (memoised by direction), so it is what `completeExample` gives for the part whatever the request
 * parts hold: the reference's response tabs need no request parts (issue #30).
 * @example completedResponseBody(example, endpoint.responses[0], builder).value
 */
export function completedResponseBody(
  example: EndpointExample,
  response: HttpResponse,
  builder: ExampleValueBuilder,
): CompletedBody {
  return completedBody(example.responseBody, response.body, 'response', builder, () =>
    responseBodyValue(response.body, builder),
  );
}

/** A body of an example completed: its value, how it breaks the schema, whether it was synthesised. */
export interface CompletedBody {
  value?: unknown;
  problems: ExampleProblem[];
  filled: boolean;
}

/**
 * A body as the example gives it (with how it breaks the schema), else the one `synthesise`
 * builds (`filled`).
 */
function completedBody(
  given: unknown,
  body: RequestBody | ResponseBody,
  direction: Direction,
  builder: ExampleValueBuilder,
  synthesise: () => BuiltValue | undefined,
): CompletedBody {
  const part = direction === 'request' ? 'requestBody' : 'responseBody';
  if (given !== undefined)
    return {
      value: given,
      problems: problemsOf(bodyIssues(given, body, direction, builder), part),
      filled: false,
    };
  const built = synthesise();
  if (!built) return { problems: [], filled: false };
  return { value: built.value, problems: partialProblems(built, body, direction, builder), filled: true };
}

type ParameterPart = 'pathParameters' | 'queryParameters' | 'headers' | 'cookies';

/**
 * The spec's parameter values as written (those breaking their schema named in `problems`), and
 * synthesised ones for path and required parameters it lacks (named in `filled`).
 */
function mergedParameters(
  example: EndpointExample,
  part: ParameterPart,
  parameters: Parameter[],
  builder: ExampleValueBuilder,
  parts: { problems: ExampleProblem[]; filled: string[] },
): Record<string, unknown> {
  const given = example[part] ?? {};
  const out: Record<string, unknown> = { ...given };
  for (const parameter of parameters) {
    if (Object.hasOwn(given, parameter.key)) {
      const issues = builder.issues(given[parameter.key], parameter.valueShape, 'request');
      parts.problems.push(...problemsOf(issues, part, parameter.key));
      continue;
    }
    if (part !== 'pathParameters' && !isRequired(parameter.valueShape)) continue;
    const built = builder.build(parameter.valueShape, 'request', parameter.key);
    if (!built) continue;
    out[parameter.key] = built.value;
    parts.filled.push(`${part}.${parameter.key}`);
  }
  return out;
}

/** What is wrong with a body the spec gives (empty when it is valid for `body`). */
function bodyIssues(
  value: unknown,
  body: RequestBody | ResponseBody,
  direction: Direction,
  builder: ExampleValueBuilder,
): ValueIssue[] {
  switch (body.type) {
    case 'object':
      return builder.objectIssues(value, body, direction);
    case 'alias':
      return builder.issues(value, body.shape, direction);
    case 'formData':
      return isRecord(value) ? [] : [{ path: [], code: 'type', message: 'Must be an object of form fields' }];
    case 'stream': {
      const events = isRecord(value) ? value.events : undefined;
      if (!Array.isArray(events))
        return [{ path: [], code: 'type', message: 'Must be { events: [...] } for a stream' }];
      return events.flatMap((event, index) =>
        builder
          .issues(event, body.shape, direction)
          .map((issue) => ({ ...issue, path: ['events', index, ...issue.path] })),
      );
    }
    default:
      return [];
  }
}

/**
 * What a synthesised body lacks when its schema admits no value (a required field that cannot
 * be generated was left out): named in the example's problems, as a spec example's would be.
 */
function partialProblems(
  body: BuiltValue,
  shape: RequestBody | ResponseBody,
  direction: Direction,
  builder: ExampleValueBuilder,
): ExampleProblem[] {
  if (!body.partial) return [];
  const issues = bodyIssues(body.value, shape, direction, builder);
  return problemsOf(issues, direction === 'request' ? 'requestBody' : 'responseBody');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A channel example covering the messages no existing example shows, or undefined when every
 * message type already appears in one.
 */
export function channelExample(
  channel: WebSocketChannel,
  builder: ExampleValueBuilder,
): ChannelExample | undefined {
  const shown = new Set(
    channel.examples.flatMap((example) => example.messages.map((m) => `${m.origin}|${m.type}`)),
  );
  const missing = channel.messages.filter((message) => !shown.has(`${message.origin}|${message.type}`));
  if (missing.length === 0 && channel.examples.length > 0) return undefined;
  const messages: ChannelExample['messages'] = [];
  for (const message of missing) {
    // A client message is what the reader sends (request side); a server message is received.
    const built = builder.build(
      message.body,
      message.origin === 'client' ? 'request' : 'response',
      message.type,
    );
    if (built) messages.push({ type: message.type, origin: message.origin, body: built.value });
  }
  return {
    pathParameters: parameterValues(channel.pathParameters, builder, true),
    queryParameters: parameterValues(channel.queryParameters, builder, false),
    headers: parameterValues(channel.requestHeaders, builder, false),
    messages,
    synthesized: true,
  };
}

/**
 * A synthesised payload for `webhook`. The server writes it, so it reads as a response: readOnly
 * fields are in it, writeOnly ones are not.
 */
export function webhookExample(webhook: Webhook, builder: ExampleValueBuilder): Webhook['examples'][number] {
  const built = builder.build(webhook.payload.shape, 'response', webhook.name);
  return { payload: built ? built.value : {}, synthesized: true };
}

/** A webhook's spec example as written, with the problems of its payload named. */
function checkedPayload(
  example: Webhook['examples'][number],
  webhook: Webhook,
  builder: ExampleValueBuilder,
): Webhook['examples'][number] {
  const problems = problemsOf(builder.issues(example.payload, webhook.payload.shape, 'response'), 'payload');
  const { problems: _previous, ...rest } = example;
  return problems.length > 0 ? { ...rest, problems } : rest;
}

/**
 * Values of the required parameters, plus optional ones up to the budget (all of them for path
 * parameters, which a URL cannot leave out).
 */
function parameterValues(
  parameters: Parameter[],
  builder: ExampleValueBuilder,
  includeAll: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let budget = includeAll ? Number.POSITIVE_INFINITY : Math.min(OPTIONAL_BUDGET, 2);
  for (const parameter of parameters) {
    const optional = !isRequired(parameter.valueShape);
    if (optional && budget <= 0) continue;
    const built = builder.build(parameter.valueShape, 'request', parameter.key);
    if (!built) continue;
    if (optional) budget--;
    out[parameter.key] = built.value;
  }
  return out;
}

function requestBodyValue(body: RequestBody, builder: ExampleValueBuilder): BuiltValue | undefined {
  switch (body.type) {
    case 'object':
      return inlineObject(body, 'request', builder);
    case 'alias':
      return builder.build(body.shape, 'request');
    case 'formData': {
      const value: Record<string, unknown> = {};
      for (const field of body.fields) {
        if (field.type !== 'property') continue;
        if (!isRequired(field.valueShape)) continue;
        const built = builder.build(field.valueShape, 'request', field.key);
        if (built) value[field.key] = built.value;
      }
      return { value };
    }
    case 'bytes':
      return undefined;
  }
}

function responseBodyValue(body: ResponseBody, builder: ExampleValueBuilder): BuiltValue | undefined {
  switch (body.type) {
    case 'object':
      return inlineObject(body, 'response', builder);
    case 'alias':
      return builder.build(body.shape, 'response');
    case 'stream': {
      const event = builder.build(body.shape, 'response', 'event');
      return event
        ? {
            value: { events: Array.from({ length: STREAM_EVENTS }, () => event.value) },
            ...(event.partial ? { partial: true as const } : {}),
          }
        : undefined;
    }
    default:
      return undefined;
  }
}

/** An inline body object: built as an anonymous object type that extends its parents. */
function inlineObject(
  body: Extract<RequestBody, { type: 'object' }>,
  direction: Direction,
  builder: ExampleValueBuilder,
): BuiltValue | undefined {
  return builder.buildObject(body.extends, body.properties, direction);
}
