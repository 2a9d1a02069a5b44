/**
 * JSON bodies of requests and responses: references compare as references, objects (inline or
 * by reference to an object type) by their properties.
 */
import type { ObjectProperty, RequestBody, ResponseBody } from '../ir/index.js';
import { compareProperties, compareReferences } from './compare-shapes.js';
import { ALWAYS, type DiffContext, type Site } from './context.js';
import { inlineObjectNode, objectProperties } from './shape-node.js';

export type JsonBody = Extract<RequestBody | ResponseBody, { type: 'object' } | { type: 'alias' }>;

export function isJsonBody(body: RequestBody | ResponseBody): body is JsonBody {
  return body.type === 'object' || body.type === 'alias';
}

/**
 * JSON bodies: two references compare as references; otherwise both sides are read as object
 * properties (inline, or of the referenced object type), so moving an inline schema into
 * components is not a change.
 */
export function compareJsonBodies(ctx: DiffContext, before: JsonBody, after: JsonBody, site: Site): void {
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
