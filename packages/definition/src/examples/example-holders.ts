/**
 * Which named types carry a spec example somewhere inside them (their own, a property's, or one
 * of a type they reach through properties, aliases, lists, maps and union variants).
 *
 * Computed once for the whole table as reachability on the reversed reference graph, so it costs
 * O(types + references) whatever the cycles: a depth-first search per question could not keep its
 * answers inside a cycle and re-walked the graph from every property (minutes on Stripe's spec).
 */
import type { ObjectProperty, TypeDefinition, TypeId, TypeReference } from '../ir/types.js';

/** Counts the reference edges walked, for the linearity test. */
export interface HolderStats {
  edges: number;
}

/**
 * The ids of the types in `types` that hold an example. `properties(id)` gives an object type's
 * properties including inherited ones.
 * @example typesHoldingExamples(definition.types, (id) => objectProperties(id, definition.types))
 */
export function typesHoldingExamples(
  types: Record<TypeId, TypeDefinition>,
  properties: (id: TypeId) => ObjectProperty[],
  stats: HolderStats = { edges: 0 },
): Set<TypeId> {
  const referrers = new Map<TypeId, TypeId[]>();
  const holders = new Set<TypeId>();
  const refer = (from: TypeId, shape: TypeReference | undefined) => {
    const to = shape === undefined ? undefined : referencedId(shape);
    if (to === undefined || !(to in types)) return;
    stats.edges++;
    const list = referrers.get(to);
    if (list) list.push(from);
    else referrers.set(to, [from]);
  };
  for (const id of Object.keys(types)) {
    const type = types[id];
    if (!type) continue;
    if ((type.examples?.length ?? 0) > 0) holders.add(id);
    const shape = type.shape;
    if (shape.type === 'alias') refer(id, shape.value);
    else if (shape.type === 'object') {
      for (const property of properties(id)) {
        if ((property.examples?.length ?? 0) > 0) holders.add(id);
        refer(id, property.valueShape);
      }
    } else if (shape.type === 'discriminatedUnion') {
      for (const variant of shape.variants) refer(id, { type: 'id', id: variant.typeId });
    } else if (shape.type === 'undiscriminatedUnion') {
      for (const variant of shape.variants) refer(id, variant.shape);
    }
  }
  const queue = [...holders];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const from of referrers.get(next) ?? []) {
      if (holders.has(from)) continue;
      holders.add(from);
      queue.push(from);
    }
  }
  return holders;
}

/** The named type a reference reaches through optional, nullable, list, set and map wrappers. */
export function referencedId(shape: TypeReference): TypeId | undefined {
  switch (shape.type) {
    case 'optional':
    case 'nullable':
      return referencedId(shape.shape);
    case 'list':
    case 'set':
      return referencedId(shape.itemShape);
    case 'map':
      return referencedId(shape.valueShape);
    case 'id':
      return shape.id;
    default:
      return undefined;
  }
}
