/**
 * Types an allOf merge left behind: when two declarations of one property are intersected, the
 * inline types each referenced (two enums, say) give way to the merged one, and nothing may
 * reference them any more. They, and what only they reach, are removed so they get no type page
 * or navigation entry. A type still referenced anywhere (an endpoint, a channel, a webhook, or
 * another type, even one nothing uses) stays, and so does every component schema.
 */
import type { ApiDefinition } from '../ir/definition.js';
import type { TypeId } from '../ir/types.js';
import { TypeCollector } from '../slice/reachable-types.js';

export function dropOrphanedTypes(
  definition: ApiDefinition,
  { superseded, components }: { superseded: ReadonlySet<TypeId>; components: ReadonlySet<TypeId> },
): void {
  if (superseded.size === 0) return;
  const fromSuperseded = new TypeCollector(definition.types);
  for (const id of superseded) fromSuperseded.typeId(id);
  const suspects = new Set([...fromSuperseded.close()].filter((id) => !components.has(id)));
  const used = new TypeCollector(definition.types);
  used.api(definition);
  for (const id of Object.keys(definition.types)) if (!suspects.has(id)) used.typeId(id);
  const reached = used.close();
  for (const id of suspects) if (!reached.has(id)) delete definition.types[id];
}
