/**
 * The rules a primitive JSON value must satisfy, one place for both users of `validateValue`:
 * synthesis (is a spec's example valid?) and the playground (what is wrong with what the reader typed?).
 * Each rule answers with a stable code and a message that tells the reader what to enter. All
 * checks run in linear time whatever the input: lengths are counted without copying, patterns
 * run on the RE2-backed `spec-pattern` module, and format checks are linear regular expressions
 * applied to values of a sane length only.
 */
import type { PrimitiveType } from '../ir/types.js';
import { FORMAT_CHECKS, INT_RANGES } from './primitive-values.js';
import { matchesSpecPattern } from './spec-pattern.js';

/** Why a value breaks its schema; `code` names the JSON Schema keyword it fails. */
export type ValueRuleCode =
  | 'type'
  | 'required'
  | 'minimum'
  | 'maximum'
  | 'exclusiveMinimum'
  | 'exclusiveMaximum'
  | 'multipleOf'
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | 'format'
  | 'enum'
  | 'const'
  | 'minItems'
  | 'maxItems'
  | 'uniqueItems'
  | 'contains'
  | 'additionalProperties'
  | 'minProperties'
  | 'maxProperties'
  | 'dependentRequired'
  | 'union';

export interface ValueProblem {
  code: ValueRuleCode;
  message: string;
}

/** No format describes a value longer than this (a data URI would be a `byte` string, checked linearly). */
const MAX_FORMAT_LENGTH = 65_536;

const FORMAT_NAMES: Record<string, string> = {
  'date-time': 'date-time such as 2024-01-15T09:30:00Z',
  date: 'date such as 2024-01-15',
  email: 'email address',
  uuid: 'UUID',
  uri: 'URI such as https://example.com',
  url: 'URL such as https://example.com',
  'uri-reference': 'URI reference',
  ipv4: 'IPv4 address',
  byte: 'base64 string',
  duration: 'ISO 8601 duration such as P1D',
};

/**
 * The first rule `value` breaks as a value of `primitive`, or undefined when it fits.
 * @example primitiveProblem(0, { type: 'integer', minimum: 1 }) // { code: 'minimum', message: 'Must be 1 or more' }
 */
export function primitiveProblem(value: unknown, primitive: PrimitiveType): ValueProblem | undefined {
  if (primitive.type === 'boolean')
    return typeof value === 'boolean' ? undefined : { code: 'type', message: 'Must be true or false' };
  if (primitive.type === 'string') return stringProblem(value, primitive);
  return numberProblem(value, primitive);
}

function stringProblem(
  value: unknown,
  primitive: Extract<PrimitiveType, { type: 'string' }>,
): ValueProblem | undefined {
  if (typeof value !== 'string') return { code: 'type', message: 'Must be text' };
  // Counted only for a bound: most strings have none, and a spec example's can be long.
  const length =
    primitive.minLength === undefined && primitive.maxLength === undefined ? 0 : codePointLength(value);
  if (primitive.minLength !== undefined && length < primitive.minLength)
    return {
      code: 'minLength',
      message: `Must be at least ${plural(primitive.minLength, 'character')}`,
    };
  if (primitive.maxLength !== undefined && length > primitive.maxLength)
    return { code: 'maxLength', message: `Must be at most ${plural(primitive.maxLength, 'character')}` };
  if (primitive.pattern !== undefined && !matchesSpecPattern(primitive.pattern, value, true))
    return { code: 'pattern', message: `Must match the pattern ${primitive.pattern}` };
  const check = primitive.format === undefined ? undefined : FORMAT_CHECKS[primitive.format];
  if (check && (value.length > MAX_FORMAT_LENGTH || !check.test(value))) {
    const format = primitive.format as string;
    return { code: 'format', message: `Must be a valid ${FORMAT_NAMES[format] ?? format}` };
  }
  return undefined;
}

function numberProblem(
  value: unknown,
  primitive: Extract<PrimitiveType, { type: 'integer' | 'number' }>,
): ValueProblem | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return { code: 'type', message: 'Must be a number' };
  const range = primitive.format === undefined ? undefined : INT_RANGES[primitive.format];
  if ((primitive.type === 'integer' || range) && !Number.isInteger(value))
    return { code: 'type', message: 'Must be a whole number' };
  if (range && value < range[0])
    return { code: 'minimum', message: `Must be ${range[0]} or more (${primitive.format})` };
  if (range && value > range[1])
    return { code: 'maximum', message: `Must be ${range[1]} or less (${primitive.format})` };
  if (primitive.minimum !== undefined && value < primitive.minimum)
    return { code: 'minimum', message: `Must be ${primitive.minimum} or more` };
  if (primitive.maximum !== undefined && value > primitive.maximum)
    return { code: 'maximum', message: `Must be ${primitive.maximum} or less` };
  if (primitive.exclusiveMinimum !== undefined && value <= primitive.exclusiveMinimum)
    return { code: 'exclusiveMinimum', message: `Must be more than ${primitive.exclusiveMinimum}` };
  if (primitive.exclusiveMaximum !== undefined && value >= primitive.exclusiveMaximum)
    return { code: 'exclusiveMaximum', message: `Must be less than ${primitive.exclusiveMaximum}` };
  if (
    primitive.multipleOf !== undefined &&
    primitive.multipleOf > 0 &&
    !Number.isInteger(value / primitive.multipleOf)
  )
    return { code: 'multipleOf', message: `Must be a multiple of ${primitive.multipleOf}` };
  return undefined;
}

/**
 * The problem of a list's size, or undefined.
 * @example listSizeProblem(0, { minItems: 1 }) // { code: 'minItems', message: 'Must have at least 1 item' }
 */
export function listSizeProblem(
  length: number,
  bounds: { minItems?: number | undefined; maxItems?: number | undefined },
): ValueProblem | undefined {
  if (bounds.minItems !== undefined && length < bounds.minItems)
    return { code: 'minItems', message: `Must have at least ${plural(bounds.minItems, 'item')}` };
  if (bounds.maxItems !== undefined && length > bounds.maxItems)
    return { code: 'maxItems', message: `Must have at most ${plural(bounds.maxItems, 'item')}` };
  return undefined;
}

/** Characters as JSON Schema counts them (code points), without copying the string. */
function codePointLength(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
