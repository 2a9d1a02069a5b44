/**
 * What is wrong with a JSON value against a `TypeReference`, by path: the playground's inline
 * validation (each input shows its schema error as the reader types) and synthesis (is a spec's
 * example valid as written?). The primitive and list rules are `value-rules.ts`; this module
 * walks objects, lists, maps and unions and collects every problem with where it sits. No
 * generated code (the docs CSP forbids eval), bounded depth and problem count, linear checks.
 */
import { literalEquals, literalLabel } from '../ir/literal-values.js';
import {
  type Direction,
  followAliases,
  inlineObjectProperties,
  isPropertyVisible,
  objectProperties,
} from '../ir/read-types.js';
import type {
  ObjectProperty,
  ObjectShape,
  PropertyCounts,
  TypeDefinition,
  TypeId,
  TypeReference,
} from '../ir/types.js';
import { matchesSpecPattern } from './spec-pattern.js';
import { listSizeProblem, primitiveProblem, type ValueProblem } from './value-rules.js';

export type { ValueProblem, ValueRuleCode } from './value-rules.js';

/** A problem and where it sits: object keys and list indexes from the validated value's root. */
export interface ValueIssue extends ValueProblem {
  path: (string | number)[];
}

export interface ValidateOptions {
  /** READ_ONLY properties are not asked for in a request, WRITE_ONLY ones not in a response. */
  direction?: Direction;
  /** Stop after this many issues (a pasted megabyte of wrong data stays cheap). Default 100. */
  maxIssues?: number;
  /**
   * The properties of an object type, inherited ones included (default: `objectProperties`). A
   * caller validating many values against a table that never changes passes a memoised reader.
   */
  properties?: (id: TypeId) => ObjectProperty[];
}

/** Nesting below this depth is not inspected (cycles in the types, hostile input). */
const MAX_DEPTH = 48;

type Types = Record<TypeId, TypeDefinition>;

interface Walk {
  types: Types;
  properties: (id: TypeId) => ObjectProperty[];
  direction: Direction | undefined;
  /**
   * Where the walk is: keys and indexes from the root, pushed on the way down and popped on the
   * way up, copied only into an issue (most values checked have none, so no path per value).
   */
  path: (string | number)[];
  issues: ValueIssue[];
  maxIssues: number;
}

/**
 * Every problem of `value` as a value of `shape` (empty when it is valid). `undefined` is an
 * absent value: fine for an optional shape, `required` otherwise.
 * @example validateValue(0, { type: 'primitive', value: { type: 'integer', minimum: 1 } }, {})
 * // [{ path: [], code: 'minimum', message: 'Must be 1 or more' }]
 */
export function validateValue(
  value: unknown,
  shape: TypeReference,
  types: Types,
  options: ValidateOptions = {},
): ValueIssue[] {
  const walk = start(types, options);
  check(value, shape, walk, 0);
  return walk.issues;
}

/**
 * Every problem of `value` as an inline object (a request body) that extends `parents` and
 * declares `own` properties.
 * @example validateObject({}, { extends: [], properties: [nameProperty] }, types) // [{ path: ['name'], code: 'required', … }]
 */
export function validateObject(
  value: unknown,
  body: { extends: TypeId[]; properties: ObjectProperty[] },
  types: Types,
  options: ValidateOptions = {},
): ValueIssue[] {
  const walk = start(types, options);
  if (value === undefined) add(walk, { code: 'required', message: 'Required' });
  else if (!isRecord(value)) add(walk, { code: 'type', message: 'Must be an object' });
  else checkProperties(value, inlineObjectProperties(body, types), walk, 0);
  return walk.issues;
}

function start(types: Types, options: ValidateOptions): Walk {
  return {
    types,
    direction: options.direction,
    properties: options.properties ?? ((id) => objectProperties(id, types)),
    issues: [],
    path: [],
    maxIssues: options.maxIssues ?? 100,
  };
}

/** A problem at `path` (from the root): where the walk is unless given. */
function add(walk: Walk, problem: ValueProblem, path?: (string | number)[]): void {
  if (walk.issues.length < walk.maxIssues) walk.issues.push({ path: path ?? walk.path.slice(), ...problem });
}

/** `value` checked as the member `key` of where the walk is. */
function checkMember(
  value: unknown,
  shape: TypeReference,
  key: string | number,
  walk: Walk,
  depth: number,
): void {
  walk.path.push(key);
  check(value, shape, walk, depth);
  walk.path.pop();
}

function full(walk: Walk): boolean {
  return walk.issues.length >= walk.maxIssues;
}

function check(value: unknown, shape: TypeReference, walk: Walk, depth: number): void {
  if (depth > MAX_DEPTH || full(walk)) return;
  const resolved = followAliases(shape, walk.types);
  if (value === undefined) {
    if (resolved.type !== 'optional') add(walk, { code: 'required', message: 'Required' });
    return;
  }
  const next = depth + 1;
  switch (resolved.type) {
    case 'optional':
      check(value, resolved.shape, walk, next);
      return;
    case 'nullable':
      if (value !== null) check(value, resolved.shape, walk, next);
      return;
    case 'primitive': {
      const problem = primitiveProblem(value, resolved.value);
      if (problem) add(walk, problem);
      return;
    }
    case 'literal':
      if (!literalEquals(value, resolved.value))
        add(walk, { code: 'const', message: `Must be ${literalLabel(resolved.value)}` });
      return;
    case 'unknown':
      return;
    case 'list':
    case 'set': {
      if (!Array.isArray(value)) {
        add(walk, { code: 'type', message: 'Must be a list' });
        return;
      }
      const size = listSizeProblem(value.length, resolved);
      if (size) add(walk, size);
      const prefix = resolved.prefixItems ?? [];
      value.forEach((item, index) => {
        checkMember(item === undefined ? null : item, prefix[index] ?? resolved.itemShape, index, walk, next);
      });
      if (resolved.contains) checkContains(value, resolved, walk, next);
      if (resolved.type === 'set' && !hasUniqueItems(value))
        add(walk, { code: 'uniqueItems', message: 'Items must all differ' });
      return;
    }
    case 'map': {
      if (!isRecord(value)) {
        add(walk, { code: 'type', message: 'Must be an object' });
        return;
      }
      for (const [key, item] of Object.entries(value)) {
        if (full(walk)) return;
        checkMember(item, resolved.valueShape, key, walk, next);
      }
      checkPropertyCount(value, resolved, walk);
      return;
    }
    case 'id':
      checkType(value, resolved.id, walk, next);
      return;
  }
}

function checkType(value: unknown, id: TypeId, walk: Walk, depth: number): void {
  const shape = walk.types[id]?.shape;
  if (!shape) return;
  switch (shape.type) {
    case 'alias':
      check(value, shape.value, walk, depth);
      return;
    case 'enum':
      if (!shape.values.some((entry) => entry.value === value))
        add(walk, {
          code: 'enum',
          message: `Must be one of: ${shape.values
            .slice(0, 12)
            .map((entry) => String(entry.value))
            .join(', ')}${shape.values.length > 12 ? ', …' : ''}`,
        });
      return;
    case 'object': {
      if (!isRecord(value)) {
        add(walk, { code: 'type', message: 'Must be an object' });
        return;
      }
      const properties = walk.properties(id);
      checkProperties(value, properties, walk, depth);
      checkObjectKeywords(value, shape, properties, walk, depth);
      return;
    }
    case 'discriminatedUnion': {
      if (!isRecord(value)) {
        add(walk, { code: 'type', message: 'Must be an object' });
        return;
      }
      const tag = value[shape.discriminant];
      const variant = shape.variants.find((entry) => entry.discriminantValue === tag);
      if (!variant) {
        add(
          walk,
          {
            code: 'enum',
            message: `Must be one of: ${shape.variants.map((entry) => entry.discriminantValue).join(', ')}`,
          },
          [...walk.path, shape.discriminant],
        );
        return;
      }
      const own = walk.properties(variant.typeId).filter((property) => property.key !== shape.discriminant);
      const redeclared = new Set(own.map((property) => property.key));
      const base = (shape.baseProperties ?? []).filter((property) => !redeclared.has(property.key));
      checkProperties(value, [...base, ...own], walk, depth);
      return;
    }
    case 'undiscriminatedUnion': {
      // Valid when one variant fits; else the issues of the closest variant: one of the value's
      // own kind (a number for a number), then the fewest issues.
      let best: { issues: ValueIssue[]; score: number } | undefined;
      for (const variant of shape.variants) {
        const trial: Walk = { ...walk, issues: [], maxIssues: walk.maxIssues };
        check(value, variant.shape, trial, depth);
        if (trial.issues.length === 0) return;
        const wrongKind = trial.issues.some(
          (issue) =>
            issue.path.length === walk.path.length && (issue.code === 'type' || issue.code === 'const'),
        );
        const score = trial.issues.length + (wrongKind ? 1_000_000 : 0);
        if (!best || score < best.score) best = { issues: trial.issues, score };
      }
      if (best) for (const issue of best.issues) add(walk, issue, issue.path);
      else add(walk, { code: 'union', message: 'Matches none of the allowed shapes' });
      return;
    }
  }
}

function checkProperties(
  value: Record<string, unknown>,
  properties: ObjectProperty[],
  walk: Walk,
  depth: number,
) {
  for (const property of properties) {
    if (full(walk)) return;
    if (!isPropertyVisible(property, walk.direction)) continue;
    const item = Object.hasOwn(value, property.key) ? value[property.key] : undefined;
    checkMember(item, property.valueShape, property.key, walk, depth + 1);
  }
}

/** `contains`: between `minContains` (default 1) and `maxContains` items have its shape. */
function checkContains(
  value: unknown[],
  list: Extract<TypeReference, { type: 'list' | 'set' }>,
  walk: Walk,
  depth: number,
): void {
  const contains = list.contains;
  if (!contains) return;
  let matching = 0;
  for (const item of value.slice(0, 10_000)) {
    const trial: Walk = { ...walk, issues: [], maxIssues: 1 };
    check(item, contains, trial, depth);
    if (trial.issues.length === 0) matching++;
  }
  const min = list.minContains ?? 1;
  const max = list.maxContains ?? Number.POSITIVE_INFINITY;
  if (matching < min)
    add(walk, {
      code: 'contains',
      message: `Must contain at least ${min} matching item${min === 1 ? '' : 's'}`,
    });
  else if (matching > max)
    add(walk, { code: 'contains', message: `Must contain at most ${max} matching items` });
}

function checkPropertyCount(value: Record<string, unknown>, counts: PropertyCounts, walk: Walk): void {
  // Most objects have no bound: then their keys are not listed.
  if (counts.minProperties === undefined && counts.maxProperties === undefined) return;
  const count = Object.keys(value).length;
  if (counts.minProperties !== undefined && count < counts.minProperties)
    add(walk, {
      code: 'minProperties',
      message: `Must have ${counts.minProperties} properties or more`,
    });
  if (counts.maxProperties !== undefined && count > counts.maxProperties)
    add(walk, {
      code: 'maxProperties',
      message: `Must have ${counts.maxProperties} properties or fewer`,
    });
}

/** What an object schema says beside its properties: closed, pattern keys, counts, dependencies, if/then/else. */
function checkObjectKeywords(
  value: Record<string, unknown>,
  shape: ObjectShape,
  properties: ObjectProperty[],
  walk: Walk,
  depth: number,
): void {
  const patterns = shape.patternProperties ?? [];
  // Most object schemas have neither: then nothing is made per key.
  if (patterns.length > 0 || shape.closed) {
    const declared = new Set(properties.map((property) => property.key));
    for (const [key, item] of Object.entries(value)) {
      if (full(walk)) return;
      const patterned = patterns.filter((entry) => matchesSpecPattern(entry.pattern, key, true));
      for (const entry of patterned) checkMember(item, entry.shape, key, walk, depth + 1);
      if (shape.closed && !declared.has(key) && patterned.length === 0)
        add(walk, { code: 'additionalProperties', message: 'Not a property of this object' }, [
          ...walk.path,
          key,
        ]);
    }
  }
  checkPropertyCount(value, shape, walk);
  for (const [key, dependents] of Object.entries(shape.dependentRequired ?? {})) {
    if (!Object.hasOwn(value, key)) continue;
    for (const dependent of dependents)
      if (!Object.hasOwn(value, dependent))
        add(walk, { code: 'dependentRequired', message: `Required when ${key} is given` }, [
          ...walk.path,
          dependent,
        ]);
  }
  if (shape.conditional) {
    const trial: Walk = { ...walk, issues: [], maxIssues: 1 };
    check(value, shape.conditional.condition, trial, depth + 1);
    const branch = trial.issues.length === 0 ? shape.conditional.whenTrue : shape.conditional.whenFalse;
    if (branch) check(value, branch, walk, depth + 1);
  }
}

/** Uniqueness by JSON text, capped so a huge list stays linear. */
function hasUniqueItems(items: unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items.slice(0, 10_000)) {
    let key: string;
    try {
      key = JSON.stringify(item) ?? 'undefined';
    } catch {
      return true; // too deep to compare: not the reader's mistake to report
    }
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
