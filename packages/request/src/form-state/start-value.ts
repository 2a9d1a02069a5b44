/**
 * The value a form field starts with (issue #28 item 4): what the spec gives for it
 * (`specValueOf`: its example, its type's example, its default), else, for a required field,
 * the empty value of its kind, an object's required properties each started the same way; an
 * optional field the spec gives nothing for is left out. Nothing is invented: a made-up value
 * would be sent as if the reader had typed it.
 */
import { inlineObjectProperties, resolvedType, type SpecField, specValueOf } from '@sextant/definition';
import { emptyValueFor, isOptionalShape, type TypeTable, unwrapShape } from './shapes.js';

/** Objects nested deeper than this start as `{}`. */
const MAX_DEPTH = 8;

/**
 * @param fromSpec false for Clear form: required fields empty, optional ones left out.
 * @example fieldStartValue({ valueShape: { type: 'primitive', value: { type: 'string', default: 'lobby' } } }, {}) // 'lobby'
 */
export function fieldStartValue(field: SpecField, types: TypeTable, fromSpec = true): unknown {
  if (!fromSpec)
    return isOptionalShape(field.valueShape, types) ? undefined : emptyValueFor(field.valueShape, types);
  return isOptionalShape(field.valueShape, types)
    ? specValueOf(field, types)?.value
    : startValue(field, types, 0);
}

function startValue(field: SpecField, types: TypeTable, depth: number): unknown {
  const given = specValueOf(field, types);
  if (given) return given.value;
  const inner = unwrapShape(field.valueShape, types);
  const type = inner.type === 'id' ? resolvedType(inner.id, types) : undefined;
  if (type?.shape.type !== 'object' || depth >= MAX_DEPTH) return emptyValueFor(field.valueShape, types);
  const out: Record<string, unknown> = {};
  for (const property of inlineObjectProperties(type.shape, types, { direction: 'request' })) {
    if (isOptionalShape(property.valueShape, types)) continue;
    out[property.key] = startValue(property, types, depth + 1);
  }
  return out;
}
