/**
 * Responses matched by status code (description, content type, headers, body) and documented
 * errors. The client reads them.
 */
import type { Endpoint, HttpResponse, ResponseBody } from '../ir/index.js';
import { compareParameters } from './compare-callable.js';
import { compareJsonBodies, isJsonBody } from './compare-json-bodies.js';
import { compareReferences } from './compare-shapes.js';
import { ALWAYS, child, type DiffContext, NEVER, type Site } from './context.js';
import { compareDescription } from './doc-fields.js';

export function compareResponses(
  ctx: DiffContext,
  before: HttpResponse[],
  after: HttpResponse[],
  site: Site,
): void {
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
  compareDescription(ctx, before, after, site, `response ${before.statusCode}`);
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

export function compareErrors(ctx: DiffContext, before: Endpoint, after: Endpoint, site: Site): void {
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
    compareDescription(ctx, old, next, at, label(old.statusCode));
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
