/**
 * An array: its item shape, a tuple's leading items (2020-12 `prefixItems`, or the older array
 * form of `items` with `additionalItems`), `contains` and the examples its items give.
 */
import { type Location, refOf } from '../document/document-set.js';
import type { TypeReference } from '../ir/types.js';
import { isCount, type SchemaObject } from './primitives.js';
import { isObject, pointerAt, UNKNOWN } from './schema-predicates.js';
import type { ShapeContext } from './shape-context.js';

export function listShape(
  context: ShapeContext,
  schema: SchemaObject,
  at: Location,
  hint: string,
  depth: number,
): TypeReference {
  const tuple = Array.isArray(schema.prefixItems)
    ? { members: schema.prefixItems, key: 'prefixItems', rest: schema.items, restKey: 'items' }
    : Array.isArray(schema.items)
      ? { members: schema.items, key: 'items', rest: schema.additionalItems, restKey: 'additionalItems' }
      : undefined;
  const itemsSchema = tuple ? tuple.rest : schema.items;
  const itemsAt = pointerAt(at, tuple ? tuple.restKey : 'items');
  const itemShape =
    itemsSchema === false ? UNKNOWN : context.reference(itemsSchema, itemsAt, `${hint}Item`, depth + 1);
  const list: TypeReference =
    schema.uniqueItems === true ? { type: 'set', itemShape } : { type: 'list', itemShape };
  if (isCount(schema.minItems)) list.minItems = schema.minItems;
  if (isCount(schema.maxItems)) list.maxItems = schema.maxItems;
  if (tuple) {
    list.prefixItems = tuple.members.map((member, index) =>
      context.reference(member, pointerAt(at, tuple.key, index), `${hint}Item${index + 1}`, depth + 1),
    );
    // `items: false` after a tuple: no more items than the tuple has.
    if (itemsSchema === false) list.maxItems = Math.min(list.maxItems ?? Infinity, tuple.members.length);
  }
  if (schema.contains !== undefined) {
    list.contains = context.reference(
      schema.contains,
      pointerAt(at, 'contains'),
      `${hint}Contains`,
      depth + 1,
    );
    if (isCount(schema.minContains)) list.minContains = schema.minContains;
    if (isCount(schema.maxContains)) list.maxContains = schema.maxContains;
  }
  const items = isObject(itemsSchema) ? context.resolveQuietly(itemsSchema, itemsAt) : undefined;
  const itemExamples =
    items && refOf(itemsSchema) === undefined ? context.examplesAt(items, itemsAt) : undefined;
  if (itemExamples) list.itemExamples = itemExamples;
  return list;
}
