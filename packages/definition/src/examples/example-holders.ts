/**
 * Which named types carry a spec example somewhere inside them (their own, a property's, or one
 * of a type they reach through properties, aliases, lists, maps and union variants).
 *
 * Answered on demand, for the types reachable from the one asked about, and remembered: each type
 * and each reference is walked once whatever the cycles (Tarjan's strongly connected components:
 * the types of a cycle reach the same types, so they share one answer). A depth-first search per
 * question could not keep its answers inside a cycle and re-walked the graph from every property
 * (minutes on Stripe's spec); a pass over the whole table read every type's properties before the
 * first answer (issue #30: ~50 ms on GitHub's 6,698 types, most of which no page's example reaches).
 */
import type { ObjectProperty, TypeDefinition, TypeId, TypeReference } from '../ir/types.js';

/** Counts the reference edges walked, for the linearity test. */
export interface HolderStats {
  edges: number;
}

/** Whether a type holds an example; ids the table does not define hold none. */
export type HoldsExamples = (id: TypeId) => boolean;

/** A type on the search's path or stack: its depth-first number, lowest reachable number, references. */
interface Visit {
  id: TypeId;
  index: number;
  low: number;
  references: TypeId[];
  next: number;
  /** An example of its own, or one a finished component it references holds. */
  holds: boolean;
}

/**
 * The question "does this type hold an example?" for `types`, answered lazily and remembered.
 * `properties(id)` gives an object type's properties including inherited ones.
 * @example const holds = exampleHolders(definition.types, (id) => objectProperties(id, definition.types)); holds('Pet')
 */
export function exampleHolders(
  types: Record<TypeId, TypeDefinition>,
  properties: (id: TypeId) => ObjectProperty[],
  stats: HolderStats = { edges: 0 },
): HoldsExamples {
  const answers = new Map<TypeId, boolean>();
  const defined = (id: TypeId) => Object.hasOwn(types, id) && types[id] !== undefined;

  /** Whether `id` gives an example itself, and the defined types it references. */
  const read = (id: TypeId): { holds: boolean; references: TypeId[] } => {
    const type = types[id] as TypeDefinition;
    const references: TypeId[] = [];
    let holds = (type.examples?.length ?? 0) > 0;
    const refer = (shape: TypeReference) => {
      const to = referencedId(shape);
      if (to === undefined || !defined(to)) return;
      stats.edges++;
      references.push(to);
    };
    const shape = type.shape;
    if (shape.type === 'alias') refer(shape.value);
    else if (shape.type === 'object') {
      for (const property of properties(id)) {
        if ((property.examples?.length ?? 0) > 0) holds = true;
        refer(property.valueShape);
      }
    } else if (shape.type === 'discriminatedUnion') {
      for (const variant of shape.variants) refer({ type: 'id', id: variant.typeId });
    } else if (shape.type === 'undiscriminatedUnion') {
      for (const variant of shape.variants) refer(variant.shape);
    }
    return { holds, references };
  };

  /** Tarjan's search from `start`: every type it reaches ends answered. */
  const search = (start: TypeId): void => {
    const visits = new Map<TypeId, Visit>();
    const stack: Visit[] = [];
    const path: Visit[] = [];
    const enter = (id: TypeId) => {
      const index = visits.size;
      const visit: Visit = { id, index, low: index, next: 0, ...read(id) };
      visits.set(id, visit);
      stack.push(visit);
      path.push(visit);
    };
    enter(start);
    while (path.length > 0) {
      const visit = path[path.length - 1] as Visit;
      if (visit.next < visit.references.length) {
        const to = visit.references[visit.next++] as TypeId;
        const answer = answers.get(to);
        if (answer !== undefined) visit.holds ||= answer;
        else {
          const seen = visits.get(to);
          // Not answered yet and seen: on the stack, in this visit's component or one above it.
          if (seen) visit.low = Math.min(visit.low, seen.index);
          else enter(to);
        }
        continue;
      }
      path.pop();
      const parent = path[path.length - 1];
      if (visit.low === visit.index) {
        // The root of a component: it and the types above it on the stack share one answer.
        const component = stack.splice(stack.lastIndexOf(visit));
        const holds = component.some((member) => member.holds);
        for (const member of component) answers.set(member.id, holds);
        if (parent) parent.holds ||= holds;
      } else if (parent) parent.low = Math.min(parent.low, visit.low);
    }
  };

  return (id) => {
    const known = answers.get(id);
    if (known !== undefined) return known;
    if (!defined(id)) return false;
    search(id);
    return answers.get(id) ?? false;
  };
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
