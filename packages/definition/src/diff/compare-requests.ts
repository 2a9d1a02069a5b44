/**
 * Request bodies, matched by content type: added, removed, required ↔ optional, and their
 * bodies (form fields, raw bytes or JSON). The client sends them.
 */
import type { FormDataField, HttpRequest, RequestBody, TypeReference } from '../ir/index.js';
import { compareJsonBodies, isJsonBody } from './compare-json-bodies.js';
import { compareMembers, type Member } from './compare-members.js';
import { compareReferences } from './compare-shapes.js';
import { ALWAYS, child, type DiffContext, NARROWING, NEVER, type Site, WIDENING } from './context.js';
import { compareDescription } from './doc-fields.js';

export function compareRequests(
  ctx: DiffContext,
  before: HttpRequest[],
  after: HttpRequest[],
  site: Site,
): void {
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
    compareDescription(ctx, old, next, at, `the ${old.contentType} request body`);
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
