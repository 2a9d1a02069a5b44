/**
 * `$ref`s inside example values: specs write `example: { owner: { $ref: '#/components/examples/owner' } }`
 * and mean the value it points at. A reader must never see `{"$ref": …}` as an example, so each
 * reference object inside an example is replaced by what it points at (an Example Object's
 * `value` when it points at one); one that does not resolve, or loops, is left out.
 */
import type { DocumentSet, Location } from '../document/document-set.js';
import { refOf } from '../document/document-set.js';

/** Nesting below this depth is returned as it is. */
const MAX_DEPTH = 32;

/** `value` with every `{ $ref }` object inside it replaced by its target (undefined when it dangles). */
export function resolveExampleRefs(value: unknown, docs: DocumentSet, at: Location): unknown {
  return resolve(value, docs, at, new Set(), 0);
}

function resolve(
  value: unknown,
  docs: DocumentSet,
  at: Location,
  active: Set<string>,
  depth: number,
): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    return value
      .map((item) => resolve(item, docs, at, active, depth + 1))
      .filter((item) => item !== undefined);
  }
  const ref = refOf(value);
  if (ref !== undefined) {
    if (active.has(ref) || /^[a-z][a-z0-9+.-]*:/i.test(ref)) return undefined;
    let target: { value: unknown; at: Location };
    try {
      target = docs.deref(value, at);
    } catch {
      return undefined;
    }
    const inner = isExampleObject(target.value) ? target.value.value : target.value;
    active.add(ref);
    const out = resolve(inner, docs, target.at, active, depth + 1);
    active.delete(ref);
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const resolved = resolve(item, docs, at, active, depth + 1);
    if (resolved !== undefined) out[key] = resolved;
  }
  return out;
}

/** An OpenAPI Example Object (`{ summary?, value }`), as `components/examples` holds them. */
function isExampleObject(value: unknown): value is { value: unknown } {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('value' in value))
    return false;
  return Object.keys(value).every(
    (key) => ['summary', 'description', 'value'].includes(key) || key.startsWith('x-'),
  );
}
