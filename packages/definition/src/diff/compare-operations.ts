/**
 * Compares one matched pair of operations: an HTTP endpoint (parameters, request bodies,
 * responses, errors, auth, servers), a WebSocket channel (parameters and messages) or a webhook
 * (headers and payload). Parameters and request bodies are data the client sends; responses,
 * errors, server messages and webhook payloads are data it reads.
 */
import type {
  Endpoint,
  Environment,
  FormDataField,
  HttpRequest,
  HttpResponse,
  ObjectProperty,
  Parameter,
  RequestBody,
  ResponseBody,
  TypeReference,
  Webhook,
  WebSocketChannel,
} from '../ir/index.js';
import { cookieParametersOf } from '../ir/read-types.js';
import { compareMembers, type Member } from './compare-members.js';
import {
  compareProperties,
  compareReferences,
  inlineObjectNode,
  objectProperties,
} from './compare-shapes.js';
import { ALWAYS, child, type DiffContext, NARROWING, NEVER, type Site, WIDENING } from './context.js';
import { compareDocFields } from './doc-fields.js';

type Documented = { title?: string; description?: string; availability?: string };

/** Title, description and availability of an operation. */
function compareDocs(
  ctx: DiffContext,
  before: Documented,
  after: Documented,
  site: Site,
  name: string,
): void {
  if ((before.title ?? '') !== (after.title ?? '')) {
    ctx.emit(
      site,
      'title-changed',
      'docs',
      NEVER,
      `${name} title changed from "${before.title}" to "${after.title}"`,
    );
  }
  compareDocFields(ctx, before, after, site, `the ${name}`);
}

/** Path, query or header parameters (`direction` of the site: request, or response for response headers). */
function compareParameters(
  ctx: DiffContext,
  before: Parameter[],
  after: Parameter[],
  site: Site,
  noun: string,
  caseInsensitive = false,
): void {
  compareMembers(ctx, before, after, site, {
    noun,
    added: 'parameter-added',
    removed: 'parameter-removed',
    required: 'parameter-required',
    optional: 'parameter-optional',
    caseInsensitive,
    compareShapes: compareReferences,
  });
}

/** Which schemes authorise the operation. Any one suffices, so removing one breaks its users. */
function compareAuthList(
  ctx: DiffContext,
  before: string[],
  after: string[],
  site: Site,
  name: string,
): void {
  const at = child(site, 'auth');
  if (before.length === 0 && after.length > 0) {
    ctx.emit(
      at,
      'operation-auth-changed',
      'changed',
      ALWAYS,
      `${name} now requires authentication (${after.join(', ')})`,
    );
    return;
  }
  if (before.length > 0 && after.length === 0) {
    ctx.emit(at, 'operation-auth-changed', 'changed', NEVER, `${name} no longer requires authentication`);
    return;
  }
  for (const scheme of before) {
    if (!after.includes(scheme)) {
      ctx.emit(
        at,
        'operation-auth-changed',
        'removed',
        ALWAYS,
        `${name} no longer accepts auth scheme \`${scheme}\``,
      );
    }
  }
  for (const scheme of after) {
    if (!before.includes(scheme)) {
      ctx.emit(
        at,
        'operation-auth-changed',
        'added',
        NEVER,
        `${name} also accepts auth scheme \`${scheme}\``,
      );
    }
  }
}

/** Servers the operation can be sent to, matched by base URL. Informational: never breaking. */
function compareEnvironments(
  ctx: DiffContext,
  before: Environment[],
  after: Environment[],
  site: Site,
): void {
  const at = child(site, 'environments');
  const urlsBefore = new Set(before.map((environment) => environment.baseUrl));
  const urlsAfter = new Set(after.map((environment) => environment.baseUrl));
  for (const url of urlsBefore) {
    if (!urlsAfter.has(url))
      ctx.emit(at, 'environment-removed', 'removed', NEVER, `server ${url} was removed`);
  }
  for (const url of urlsAfter) {
    if (!urlsBefore.has(url)) ctx.emit(at, 'environment-added', 'added', NEVER, `server ${url} was added`);
  }
}

/** What endpoints and channels share: docs, path/query/header parameters, auth and servers. */
function compareCallable(
  ctx: DiffContext,
  before: Endpoint | WebSocketChannel,
  after: Endpoint | WebSocketChannel,
  site: Site,
  name: string,
): void {
  const request: Site = { ...site, direction: 'request' };
  compareDocs(ctx, before, after, site, name);
  const lists = [
    ['pathParameters', 'path parameter'],
    ['queryParameters', 'query parameter'],
    ['requestHeaders', 'header'],
  ] as const;
  for (const [field, noun] of lists) {
    compareParameters(
      ctx,
      before[field],
      after[field],
      child(request, field),
      noun,
      field === 'requestHeaders',
    );
  }
  compareAuthList(ctx, before.auth, after.auth, request, name);
  compareEnvironments(ctx, before.environments, after.environments, site);
}

/** Compares two endpoints matched by method and path (or by OpenRPC method name). */
export function compareEndpoints(ctx: DiffContext, before: Endpoint, after: Endpoint, site: Site): void {
  const request: Site = { ...site, direction: 'request' };
  const response: Site = { ...site, direction: 'response' };
  compareCallable(ctx, before, after, site, 'endpoint');
  // Cookie names are case-sensitive (RFC 6265), unlike header names.
  compareParameters(
    ctx,
    [...cookieParametersOf(before)],
    [...cookieParametersOf(after)],
    child(request, 'cookieParameters'),
    'cookie',
  );
  compareRequests(ctx, before.requests, after.requests, child(request, 'request'));
  compareResponses(ctx, before.responses, after.responses, child(response, 'responses'));
  compareErrors(ctx, before, after, child(response, 'errors'));
}

function compareRequests(ctx: DiffContext, before: HttpRequest[], after: HttpRequest[], site: Site): void {
  if (before.length === 0 && after.length > 0) {
    const required = after.some((request) => !request.isOptional);
    ctx.emit(
      site,
      'request-added',
      'added',
      required ? ALWAYS : NEVER,
      `${required ? 'a required' : 'an optional'} request body (${after[0]!.contentType}) was added`,
    );
    return;
  }
  if (before.length > 0 && after.length === 0) {
    ctx.emit(site, 'request-removed', 'removed', ALWAYS, 'the request body was removed');
    return;
  }
  const afterByType = new Map(after.map((request) => [request.contentType, request]));
  for (const old of before) {
    const at = child(site, old.contentType);
    const next = afterByType.get(old.contentType);
    if (!next) {
      ctx.emit(
        at,
        'request-removed',
        'removed',
        ALWAYS,
        `request content type ${old.contentType} is no longer accepted`,
      );
      continue;
    }
    if (!old.isOptional && next.isOptional) {
      ctx.emit(
        at,
        'request-optional',
        'changed',
        WIDENING,
        `the ${old.contentType} request body is now optional`,
      );
    } else if (old.isOptional && !next.isOptional) {
      ctx.emit(
        at,
        'request-required',
        'changed',
        NARROWING,
        `the ${old.contentType} request body is now required`,
      );
    }
    if ((old.description ?? '') !== (next.description ?? '')) {
      ctx.emit(
        at,
        'description-changed',
        'docs',
        NEVER,
        `description of the ${old.contentType} request body changed`,
      );
    }
    compareRequestBodies(ctx, old.body, next.body, child(at, 'body'));
  }
  const typesBefore = new Set(before.map((request) => request.contentType));
  for (const added of after) {
    if (!typesBefore.has(added.contentType)) {
      ctx.emit(
        child(site, added.contentType),
        'request-added',
        'added',
        NEVER,
        `request content type ${added.contentType} is now accepted`,
      );
    }
  }
}

function compareRequestBodies(ctx: DiffContext, before: RequestBody, after: RequestBody, site: Site): void {
  if (before.type === 'formData' && after.type === 'formData') {
    compareMembers(ctx, before.fields.map(formFieldMember), after.fields.map(formFieldMember), site, {
      noun: 'form field',
      added: 'field-added',
      removed: 'field-removed',
      required: 'field-required',
      optional: 'field-optional',
      compareShapes: compareReferences,
    });
    return;
  }
  if (before.type === 'bytes' && after.type === 'bytes') {
    if (before.isOptional !== after.isOptional) {
      ctx.emit(
        site,
        after.isOptional ? 'request-optional' : 'request-required',
        'changed',
        after.isOptional ? WIDENING : NARROWING,
        `the raw request body is now ${after.isOptional ? 'optional' : 'required'}`,
      );
    }
    return;
  }
  if (isJsonBody(before) && isJsonBody(after)) {
    compareJsonBodies(ctx, before, after, site);
    return;
  }
  ctx.emit(
    site,
    'body-changed',
    'changed',
    ALWAYS,
    `request body changed from ${before.type} to ${after.type}`,
  );
}

type JsonBody = Extract<RequestBody | ResponseBody, { type: 'object' } | { type: 'alias' }>;

function isJsonBody(body: RequestBody | ResponseBody): body is JsonBody {
  return body.type === 'object' || body.type === 'alias';
}

/**
 * JSON bodies: two references compare as references; otherwise both sides are read as object
 * properties (inline, or of the referenced object type), so moving an inline schema into
 * components is not a change.
 */
function compareJsonBodies(ctx: DiffContext, before: JsonBody, after: JsonBody, site: Site): void {
  if (before.type === 'alias' && after.type === 'alias') {
    compareReferences(ctx, before.shape, after.shape, site);
    return;
  }
  const previous = bodyProperties(ctx, before, 'previous');
  const current = bodyProperties(ctx, after, 'current');
  if (previous && current) {
    compareProperties(ctx, previous, current, site);
    return;
  }
  ctx.emit(site, 'body-changed', 'changed', ALWAYS, `body changed from ${before.type} to ${after.type}`);
}

/** The properties of an object body, inline or by reference to an object type; else undefined. */
function bodyProperties(
  ctx: DiffContext,
  body: JsonBody,
  side: 'previous' | 'current',
): ObjectProperty[] | undefined {
  if (body.type === 'object') return inlineObjectNode(ctx, body.extends, body.properties, side);
  if (body.shape.type !== 'id') return undefined;
  const type = ctx[side].types[body.shape.id];
  if (type?.shape.type !== 'object') return undefined;
  return objectProperties(ctx, type.id, side);
}

const BINARY: TypeReference = { type: 'primitive', value: { type: 'string', format: 'binary' } };

/** Files are modelled as binary strings (one, or a list) so file, files and property compare by shape. */
function formFieldMember(field: FormDataField): Member {
  if (field.type === 'property') return field;
  const file: TypeReference = field.type === 'file' ? BINARY : { type: 'list', itemShape: BINARY };
  return {
    key: field.key,
    valueShape: field.isOptional ? { type: 'optional', shape: file } : file,
    description: field.description,
  };
}

function compareResponses(ctx: DiffContext, before: HttpResponse[], after: HttpResponse[], site: Site): void {
  const afterByStatus = new Map(after.map((response) => [response.statusCode, response]));
  const beforeStatuses = new Set(before.map((response) => response.statusCode));
  const onlyBefore = before.filter((response) => !afterByStatus.has(response.statusCode));
  const onlyAfter = after.filter((response) => !beforeStatuses.has(response.statusCode));
  for (const old of before) {
    const next = afterByStatus.get(old.statusCode);
    if (next) compareResponse(ctx, old, next, child(site, old.statusCode));
  }
  for (const old of onlyBefore) {
    ctx.emit(
      child(site, old.statusCode),
      'response-removed',
      'removed',
      ALWAYS,
      `response ${old.statusCode} was removed`,
    );
  }
  for (const added of onlyAfter) {
    // A new success status is something clients have never handled.
    ctx.emit(
      child(site, added.statusCode),
      'response-added',
      'added',
      onlyBefore.length > 0 ? ALWAYS : NEVER,
      `response ${added.statusCode} was added`,
    );
  }
}

function compareResponse(ctx: DiffContext, before: HttpResponse, after: HttpResponse, site: Site): void {
  if ((before.description ?? '') !== (after.description ?? '')) {
    ctx.emit(
      site,
      'description-changed',
      'docs',
      NEVER,
      `description of response ${before.statusCode} changed`,
    );
  }
  if (before.contentType !== after.contentType && before.contentType && after.contentType) {
    ctx.emit(
      site,
      'body-changed',
      'changed',
      ALWAYS,
      `response ${before.statusCode} content type changed from ${before.contentType} to ${after.contentType}`,
    );
  }
  compareParameters(
    ctx,
    before.headers ?? [],
    after.headers ?? [],
    child(site, 'headers'),
    'response header',
    true,
  );
  compareResponseBodies(ctx, before.body, after.body, child(site, 'body'));
}

function compareResponseBodies(
  ctx: DiffContext,
  before: ResponseBody,
  after: ResponseBody,
  site: Site,
): void {
  if (isJsonBody(before) && isJsonBody(after)) {
    compareJsonBodies(ctx, before, after, site);
    return;
  }
  if (before.type !== after.type) {
    ctx.emit(
      site,
      'body-changed',
      'changed',
      ALWAYS,
      `response body changed from ${before.type} to ${after.type}`,
    );
    return;
  }
  if (before.type === 'stream' && after.type === 'stream') {
    if (before.framing !== after.framing || before.terminator !== after.terminator) {
      ctx.emit(
        site,
        'body-changed',
        'changed',
        ALWAYS,
        `stream framing changed from ${before.framing} to ${after.framing}`,
      );
    }
    compareReferences(ctx, before.shape, after.shape, child(site, 'events'));
    return;
  }
  if ((before.type === 'fileDownload' || before.type === 'streamingText') && before.type === after.type) {
    const next = after as typeof before;
    if (before.contentType !== next.contentType) {
      ctx.emit(
        site,
        'body-changed',
        'changed',
        ALWAYS,
        `content type changed from ${before.contentType} to ${next.contentType}`,
      );
    }
  }
}

function compareErrors(ctx: DiffContext, before: Endpoint, after: Endpoint, site: Site): void {
  const afterByStatus = new Map(after.errors.map((error) => [error.statusCode, error]));
  const beforeStatuses = new Set(before.errors.map((error) => error.statusCode));
  const label = (status: number) => (status === 0 ? 'default error' : `error ${status}`);
  for (const old of before.errors) {
    const at = child(site, old.statusCode);
    const next = afterByStatus.get(old.statusCode);
    if (!next) {
      ctx.emit(at, 'error-removed', 'removed', NEVER, `${label(old.statusCode)} is no longer documented`);
      continue;
    }
    if ((old.description ?? '') !== (next.description ?? '')) {
      ctx.emit(at, 'description-changed', 'docs', NEVER, `description of ${label(old.statusCode)} changed`);
    }
    if (old.shape && next.shape) compareReferences(ctx, old.shape, next.shape, child(at, 'body'));
  }
  for (const added of after.errors) {
    if (!beforeStatuses.has(added.statusCode)) {
      ctx.emit(
        child(site, added.statusCode),
        'error-added',
        'added',
        NEVER,
        `${label(added.statusCode)} is now documented`,
      );
    }
  }
}

/** Compares two WebSocket channels matched by path. */
export function compareChannels(
  ctx: DiffContext,
  before: WebSocketChannel,
  after: WebSocketChannel,
  site: Site,
): void {
  compareCallable(ctx, before, after, site, 'channel');
  const key = (message: { origin: string; type: string }) => `${message.origin}:${message.type}`;
  const afterByKey = new Map(after.messages.map((message) => [key(message), message]));
  const beforeKeys = new Set(before.messages.map(key));
  for (const old of before.messages) {
    const at: Site = {
      ...child(child(site, 'messages'), key(old)),
      direction: old.origin === 'client' ? 'request' : 'response',
    };
    const next = afterByKey.get(key(old));
    if (!next) {
      // Clients sending it are refused; clients waiting for it wait forever.
      ctx.emit(at, 'message-removed', 'removed', ALWAYS, `${old.origin} message \`${old.type}\` was removed`);
      continue;
    }
    if ((old.description ?? '') !== (next.description ?? '')) {
      ctx.emit(
        at,
        'description-changed',
        'docs',
        NEVER,
        `description of ${old.origin} message \`${old.type}\` changed`,
      );
    }
    compareReferences(ctx, old.body, next.body, child(at, 'body'));
  }
  for (const added of after.messages) {
    if (beforeKeys.has(key(added))) continue;
    // A new server message type is ignored by clients that dispatch on `type`: not breaking.
    ctx.emit(
      child(child(site, 'messages'), key(added)),
      'message-added',
      'added',
      NEVER,
      `${added.origin} message \`${added.type}\` was added`,
    );
  }
}

/** Compares two webhooks matched by method and event name. The receiver reads the payload. */
export function compareWebhooks(ctx: DiffContext, before: Webhook, after: Webhook, site: Site): void {
  const response: Site = { ...site, direction: 'response' };
  compareDocs(ctx, before, after, site, 'webhook');
  compareParameters(ctx, before.headers, after.headers, child(response, 'headers'), 'header', true);
  if (before.payload.contentType !== after.payload.contentType) {
    ctx.emit(
      child(response, 'payload'),
      'body-changed',
      'changed',
      ALWAYS,
      `payload content type changed from ${before.payload.contentType} to ${after.payload.contentType}`,
    );
  }
  compareReferences(ctx, before.payload.shape, after.payload.shape, child(response, 'payload'));
}
