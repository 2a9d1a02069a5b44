/**
 * One OpenAPI operation → one IR endpoint: id, path, parameters, requests, responses, errors,
 * examples from the spec, code samples, auth, environments and availability. Also 3.1
 * webhooks, which share the request-body reading.
 */
import type { Location } from '../document/document-set.js';
import { exampleSourceKey, recordExampleSource } from '../import/example-sources.js';
import type { AuthScheme, AuthSchemeId } from '../ir/auth.js';
import type {
  CodeSample,
  Endpoint,
  EndpointExample,
  Environment,
  HttpMethod,
  HttpRequest,
  Webhook,
} from '../ir/endpoint.js';
import type { TypeReference } from '../ir/types.js';
import { availabilityOf, pascalCase } from '../schema/index.js';
import { convertCallbacks } from './callbacks.js';
import { type ImportContext, isObject, type Json, objectAt, pointerAt, str, stringList } from './context.js';
import { preferredMediaType } from './media.js';
import { mediaExamples, type SpecExample } from './media-examples.js';
import {
  addMissingPathParameters,
  collectParameters,
  type SortedParameters,
  warnIgnoredCookies,
} from './parameters.js';
import { endpointIdBase, type IdAllocator, parsePath } from './paths.js';
import { convertRequestBody, convertSwaggerBody, convertSwaggerFormData } from './request-bodies.js';
import { convertResponses } from './responses.js';
import { combinedRequirements, securityRequirements } from './security.js';
import { serversToEnvironments } from './servers.js';
import { webhookDescription, webhookTitle } from './webhook-title.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** What the operation step needs from the document level. */
export interface OperationScope {
  ids: IdAllocator;
  auths: Record<AuthSchemeId, AuthScheme>;
  rootSecurity: unknown;
  rootSecurityAt: Location;
  environments: Environment[];
}

/** Converts one operation of a path item. */
export function convertOperation(
  context: ImportContext,
  scope: OperationScope,
  path: string,
  method: (typeof HTTP_METHODS)[number],
  pathItem: Json,
  pathItemAt: Location,
  operation: Json,
  at: Location,
): Endpoint {
  const operationId = str(operation.operationId);
  const id = scope.ids.take(endpointIdBase(method, path, operationId));
  const nameHint = pascalCase(operationId ?? `${method} ${path}`);
  const parameters = collectParameters(
    context,
    pathItem.parameters,
    pointerAt(pathItemAt, 'parameters'),
    operation.parameters,
    pointerAt(at, 'parameters'),
    nameHint,
  );
  const pathParts = parsePath(path);
  addMissingPathParameters(
    context,
    pathParts.flatMap((part) => (part.type === 'pathParameter' ? [part.name] : [])),
    parameters.path,
    at,
  );
  const { requests, examples: requestExamples } = requestsOf(context, operation, at, parameters, nameHint);
  const produces = context.version === '2.0' ? stringList(operation.produces ?? context.produces) : [];
  const converted = convertResponses(
    context,
    operation.responses,
    pointerAt(at, 'responses'),
    nameHint,
    produces,
  );
  const security = operation.security !== undefined ? operation.security : scope.rootSecurity;
  const securityAt = operation.security !== undefined ? pointerAt(at, 'security') : scope.rootSecurityAt;
  const environments = environmentsOf(context, scope, pathItem, pathItemAt, operation, at);

  const endpoint: Endpoint = {
    id,
    method: method.toUpperCase() as HttpMethod,
    title: str(operation.summary) ?? operationId ?? `${method.toUpperCase()} ${path}`,
    path: pathParts,
    pathParameters: parameters.path,
    queryParameters: parameters.query,
    requestHeaders: parameters.header,
    requests,
    responses: converted.responses,
    errors: converted.errors,
    examples: [],
    auth: securityRequirements(context, security, securityAt, scope.auths),
    environments,
  };
  if (parameters.cookie.length > 0) endpoint.cookieParameters = parameters.cookie;
  const combined = combinedRequirements(security, scope.auths);
  if (combined) endpoint.authRequirements = combined;
  if (operationId) endpoint.operationId = operationId;
  const description = str(operation.description) ?? str(pathItem.description);
  if (description) endpoint.description = description;
  const availability = availabilityOf(operation);
  if (availability) endpoint.availability = availability;
  const codeSamples = codeSamplesOf(operation);
  if (codeSamples.length > 0) endpoint.codeSamples = codeSamples;
  endpoint.examples = specExamples(parameters, requestExamples, converted.examples, endpoint, codeSamples);
  const callbacks = convertCallbacks(context, operation.callbacks, pointerAt(at, 'callbacks'), nameHint);
  if (callbacks.length > 0) endpoint.callbacks = callbacks;
  return endpoint;
}

function requestsOf(
  context: ImportContext,
  operation: Json,
  at: Location,
  parameters: SortedParameters,
  nameHint: string,
): { requests: HttpRequest[]; examples: SpecExample[] } {
  if (context.version !== '2.0')
    return convertRequestBody(context, operation.requestBody, pointerAt(at, 'requestBody'), nameHint);
  const consumes = stringList(operation.consumes ?? context.consumes);
  if (parameters.body) return convertSwaggerBody(context, parameters.body, consumes, nameHint);
  if (parameters.formData.length > 0) {
    return {
      requests: [convertSwaggerFormData(context, parameters.formData, consumes, nameHint)],
      examples: [],
    };
  }
  return { requests: [], examples: [] };
}

function environmentsOf(
  context: ImportContext,
  scope: OperationScope,
  pathItem: Json,
  pathItemAt: Location,
  operation: Json,
  at: Location,
): Environment[] {
  if (Array.isArray(operation.servers) && operation.servers.length > 0) {
    return serversToEnvironments(context, operation.servers, pointerAt(at, 'servers'));
  }
  if (Array.isArray(pathItem.servers) && pathItem.servers.length > 0) {
    return serversToEnvironments(context, pathItem.servers, pointerAt(pathItemAt, 'servers'));
  }
  return scope.environments;
}

/** `x-codeSamples` / `x-code-samples`: `{ lang, label?, source }`. */
function codeSamplesOf(operation: Json): CodeSample[] {
  const raw = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(raw)) return [];
  const samples: CodeSample[] = [];
  for (const entry of raw) {
    if (!isObject(entry)) continue;
    const language = str(entry.lang) ?? str(entry.language);
    const code = str(entry.source) ?? str(entry.code);
    if (!language || code === undefined) continue;
    const sample: CodeSample = { language, code };
    const label = str(entry.label);
    if (label) sample.label = label;
    samples.push(sample);
  }
  return samples;
}

/** Worked examples made only of what the spec gives; none when it gives nothing. */
function specExamples(
  parameters: SortedParameters,
  requestExamples: SpecExample[],
  responseExamples: SpecExample[],
  endpoint: Endpoint,
  codeSamples: CodeSample[],
): EndpointExample[] {
  const { path, query, header, cookie } = parameters.examples;
  const hasParameters = [path, query, header, cookie].some((values) => Object.keys(values).length > 0);
  const count = Math.max(requestExamples.length, responseExamples.length, hasParameters ? 1 : 0);
  const status = endpoint.responses[0]?.statusCode ?? 200;
  const examples: EndpointExample[] = [];
  for (let index = 0; index < count; index++) {
    const request = requestExamples[index] ?? requestExamples[0];
    const response = responseExamples[index] ?? responseExamples[0];
    const example: EndpointExample = {
      pathParameters: { ...path },
      queryParameters: { ...query },
      headers: { ...header },
      ...(parameters.cookie.length > 0 ? { cookies: { ...cookie } } : {}),
      responseStatusCode: status,
      synthesized: false,
    };
    const name = requestExamples[index]?.name ?? responseExamples[index]?.name;
    if (name) example.name = name;
    const description = requestExamples[index]?.description ?? responseExamples[index]?.description;
    if (description) example.description = description;
    if (request && endpoint.requests.length > 0) {
      example.requestBody = request.value;
      recordExampleSource(example, 'requestBody', request.at);
    }
    if (response) {
      example.responseBody = response.value;
      recordExampleSource(example, 'responseBody', response.at);
    }
    for (const [part, location] of [
      ['pathParameters', 'path'],
      ['queryParameters', 'query'],
      ['headers', 'header'],
      ['cookies', 'cookie'],
    ] as const)
      for (const [key, at] of Object.entries(parameters.exampleAt[location]))
        recordExampleSource(example, exampleSourceKey(part, key), at);
    if (index === 0 && codeSamples.length > 0) example.codeSamples = codeSamples;
    examples.push(example);
  }
  return examples;
}

/** A 3.1 webhook path item → one webhook per GET/POST operation. */
export function convertWebhooks(
  context: ImportContext,
  ids: IdAllocator,
  name: string,
  pathItem: Json,
  at: Location,
): Webhook[] {
  const webhooks: Webhook[] = [];
  for (const method of HTTP_METHODS) {
    const operation = pathItem[method];
    if (!isObject(operation)) continue;
    const operationAt = pointerAt(at, method);
    if (method !== 'get' && method !== 'post') {
      context.sink.warn(operationAt, `webhook method ${method.toUpperCase()} is not supported; ignored`);
      continue;
    }
    const operationId = str(operation.operationId);
    const nameHint = pascalCase(operationId ?? `${name} webhook`);
    const parameters = collectParameters(
      context,
      pathItem.parameters,
      pointerAt(at, 'parameters'),
      operation.parameters,
      pointerAt(operationAt, 'parameters'),
      nameHint,
    );
    warnIgnoredCookies(context, parameters, pointerAt(operationAt, 'parameters'), 'webhook');
    const payload = webhookPayload(
      context,
      operation.requestBody,
      pointerAt(operationAt, 'requestBody'),
      nameHint,
    );
    const title = webhookTitle(name, operation);
    const webhook: Webhook = {
      id: ids.take(operationId ?? `webhook_${name}${method === 'get' ? '_get' : ''}`),
      title,
      method: method === 'get' ? 'GET' : 'POST',
      name,
      headers: parameters.header,
      payload: { contentType: payload.contentType, shape: payload.shape },
      examples: payload.examples.map((example) => {
        const value: Webhook['examples'][number] = { payload: example.value, synthesized: false };
        if (example.name) value.name = example.name;
        recordExampleSource(value, 'payload', example.at);
        return value;
      }),
    };
    const description = webhookDescription(title, operation);
    if (description) webhook.description = description;
    const availability = availabilityOf(operation);
    if (availability) webhook.availability = availability;
    webhooks.push(webhook);
  }
  return webhooks;
}

function webhookPayload(
  context: ImportContext,
  requestBody: unknown,
  at: Location,
  nameHint: string,
): { contentType: string; shape: TypeReference; examples: SpecExample[] } {
  if (requestBody === undefined)
    return { contentType: 'application/json', shape: { type: 'unknown' }, examples: [] };
  const body = objectAt(context, requestBody, at, '`requestBody`');
  const content = isObject(body.value.content) ? body.value.content : {};
  const contentType = preferredMediaType(Object.keys(content)) ?? 'application/json';
  const mediaAt = pointerAt(body.at, 'content', contentType);
  const media = isObject(content[contentType]) ? content[contentType] : {};
  const shape =
    media.schema === undefined
      ? ({ type: 'unknown' } as const)
      : context.schemas.reference(media.schema, pointerAt(mediaAt, 'schema'), `${nameHint}Payload`);
  return { contentType, shape, examples: mediaExamples(context, media, mediaAt) };
}
