/**
 * The value the spec itself gives a field (issue #28 item 4), the one rule the request form,
 * its snippets and added optional fields share: a parameter, a multipart field, an object
 * property or a WebSocket message body starts from it, or empty when the spec gives none.
 */
import type { TypeTable } from './read-types.js';
import type { TypeReference } from './types.js';

/** A field as the spec describes it: its shape and the values it gives for it. */
export interface SpecField {
  valueShape: TypeReference;
  examples?: readonly unknown[];
}

/** Alias chains longer than this are treated as cycles. */
const MAX_HOPS = 64;

/**
 * The field's first example (`example`, `examples`), else the first example of its named type,
 * else its `default` (on the field, its type or its enum). Undefined when the spec gives none:
 * such a field starts empty, never with an invented value.
 * @example specValueOf({ valueShape: { type: 'primitive', value: { type: 'string', default: 'lobby' } } }, {}); // { value: 'lobby' }
 */
export function specValueOf(field: SpecField, types: TypeTable): { value: unknown } | undefined {
  const example = field.examples?.find((value) => value !== undefined);
  if (example !== undefined) return { value: example };
  return specValueOfShape(field.valueShape, types, 0);
}

function specValueOfShape(
  shape: TypeReference,
  types: TypeTable,
  hops: number,
): { value: unknown } | undefined {
  if (hops > MAX_HOPS) return undefined;
  if ((shape.type === 'optional' || shape.type === 'id') && shape.default !== undefined)
    return { value: shape.default };
  switch (shape.type) {
    case 'optional':
    case 'nullable':
      return specValueOfShape(shape.shape, types, hops + 1);
    case 'primitive':
      return shape.value.default !== undefined ? { value: shape.value.default } : undefined;
    case 'id': {
      const type = types[shape.id];
      const example = type?.examples?.find((value) => value !== undefined);
      if (example !== undefined) return { value: example };
      if (type?.shape.type === 'alias') return specValueOfShape(type.shape.value, types, hops + 1);
      if (type?.shape.type === 'enum' && type.shape.default !== undefined)
        return { value: type.shape.default };
      return undefined;
    }
    default:
      return undefined;
  }
}
