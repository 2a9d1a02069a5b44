/**
 * Literals (`const`) of any JSON value: objects and arrays as well as scalars. Equality is JSON
 * equality (object keys in any order); both walks are iterative, so a hostile const (10k keys,
 * deep nesting) cannot overflow the stack, and labels are cut to a readable length.
 */
import type { LiteralValue, ScalarLiteral } from './types.js';

export function isScalarLiteral(value: unknown): value is ScalarLiteral {
  return (
    value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
  );
}

/** Whether `value` is a JSON value (finite numbers; plain objects and arrays of JSON values). */
export function isJsonValue(value: unknown): value is LiteralValue {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'number') {
      if (!Number.isFinite(next)) return false;
    } else if (Array.isArray(next)) stack.push(...next);
    else if (typeof next === 'object' && next !== null) {
      const prototype = Object.getPrototypeOf(next);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key of Object.keys(next)) stack.push((next as Record<string, unknown>)[key]);
    } else if (!isScalarLiteral(next)) return false;
  }
  return true;
}

/**
 * JSON equality: same scalars, arrays item by item, objects with the same keys (any order).
 * @example literalEquals({ a: 1, b: [2] }, { b: [2], a: 1 }) // true
 */
export function literalEquals(a: unknown, b: unknown): boolean {
  const pairs: [unknown, unknown][] = [[a, b]];
  while (pairs.length > 0) {
    const [left, right] = pairs.pop() as [unknown, unknown];
    if (left === right) continue;
    if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null)
      return false;
    if (Array.isArray(left) !== Array.isArray(right)) return false;
    if (Array.isArray(left) && Array.isArray(right)) {
      if (left.length !== right.length) return false;
      for (let i = 0; i < left.length; i++) pairs.push([left[i], right[i]]);
      continue;
    }
    const leftKeys = Object.keys(left);
    if (leftKeys.length !== Object.keys(right).length) return false;
    for (const key of leftKeys) {
      if (!Object.hasOwn(right, key)) return false;
      pairs.push([(left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

/**
 * A literal as JSON for a label, cut with `…` past `max` characters (a whole 10k-key const is
 * for the value itself, not its caption).
 * @example literalLabel({ a: 1 }) // '{"a":1}'
 */
export function literalLabel(value: LiteralValue, max = 80): string {
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
