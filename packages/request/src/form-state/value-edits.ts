/**
 * Pure edits of one value inside a form (a parameter, a body, a multipart field, a WebSocket
 * message): set or remove at a path, add optional properties (with the spec's value, else empty), add and rename map entries. The playground's inputs dispatch these; the form-state
 * operations (`addOptionalProperty`, `addAllOptionalProperties`) are built on them, so both
 * follow one rule. Inputs are never modified.
 */
import { type ObjectProperty, type SpecField, specValueOf } from '@sextant/definition';
import { emptyValueFor, isRecord, type TypeTable } from './shapes.js';

/** A path inside a value: object keys and list indexes. */
export type ValuePath = readonly (string | number)[];

/**
 * A copy of `root` with `value` at `path`; `undefined` removes the key, or the list item (later
 * items move up).
 * @example setValueIn({ a: [1, 2] }, ['a', 0], undefined) // { a: [2] }
 */
export function setValueIn(root: unknown, path: ValuePath, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...root] : [];
    const next = setValueIn(list[head], rest, value);
    if (next === undefined && rest.length === 0) list.splice(head, 1);
    else list[head] = next;
    return list;
  }
  const record: Record<string, unknown> = isRecord(root) ? { ...root } : {};
  const next = setValueIn(Object.hasOwn(record, head) ? record[head] : undefined, rest, value);
  if (next === undefined) delete record[head];
  // A key is data: `__proto__` becomes an own property, never the record's prototype.
  else
    Object.defineProperty(record, head, {
      value: next,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return record;
}

/**
 * What the reader typed, at `path`: like `setValueIn`, except that an emptied list item stays in
 * its place as `null` (clearing a number in a list must not delete the item under the cursor).
 * @example editValueIn([1, 2], [0], undefined) // [null, 2]
 */
export function editValueIn(root: unknown, path: ValuePath, value: unknown): unknown {
  const last = path[path.length - 1];
  return setValueIn(root, path, value === undefined && typeof last === 'number' ? null : value);
}

/**
 * The value a field starts with when the reader adds it (an optional property, a union variant):
 * the value the spec gives for it (`specValueOf`: its example, its type's example, its default),
 * else the empty value of its kind. Never a made-up one (issue #28): an invented `sku: AAA-0000`
 * would be sent as if the reader had typed it.
 * @example addedValueFor({ valueShape: { type: 'optional', shape: { type: 'list', itemShape } } }, {}) // []
 */
export function addedValueFor(field: SpecField, types: TypeTable = {}): unknown {
  const given = specValueOf(field, types);
  if (given) return given.value;
  const shape = field.valueShape.type === 'optional' ? field.valueShape.shape : field.valueShape;
  return emptyValueFor(shape, types) ?? '';
}

/**
 * A copy of `record` with the properties named by `keys` added (present ones are kept as they
 * are), each set by `addedValueFor`.
 * @example withOptionalProperties({ name: 'Rex' }, pet.properties, ['age'], types) // { name: 'Rex', age: 0 } (no example, no default)
 */
export function withOptionalProperties(
  record: unknown,
  properties: readonly ObjectProperty[],
  keys: readonly string[],
  types: TypeTable = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = isRecord(record) ? { ...record } : {};
  for (const key of keys) {
    const property = properties.find((p) => p.key === key);
    if (!property || Object.hasOwn(out, key)) continue;
    out[key] = addedValueFor(property, types);
  }
  return out;
}

/**
 * A copy of `record` with the entry at position `index` renamed to `key`, order kept. A key that
 * another entry already has leaves the record as it is (no entry is overwritten while typing).
 * @example renameEntry({ a: 1, b: 2 }, 0, 'c') // { c: 1, b: 2 }
 */
export function renameEntry(record: unknown, index: number, key: string): Record<string, unknown> {
  const entries = Object.entries(isRecord(record) ? record : {});
  if (entries.some(([existing], i) => existing === key && i !== index)) return Object.fromEntries(entries);
  return Object.fromEntries(entries.map(([k, v], i) => (i === index ? [key, v] : [k, v])));
}

/**
 * A copy of `record` with one more entry under a fresh key (`key1`, `key2`, …) set to `value`.
 * @example withNewEntry({ key1: 'a' }, '') // { key1: 'a', key2: '' }
 */
export function withNewEntry(record: unknown, value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = isRecord(record) ? { ...record } : {};
  let index = Object.keys(out).length + 1;
  while (Object.hasOwn(out, `key${index}`)) index++;
  out[`key${index}`] = value;
  return out;
}
