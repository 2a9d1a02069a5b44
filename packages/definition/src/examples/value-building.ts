/**
 * What the list, map and object builders need of the `ExampleValueBuilder` that owns them: its
 * types, the recursion into any shape, the spec's candidate values, validation and warnings.
 */
import type { Direction } from '../ir/read-types.js';
import type { TypeDefinition, TypeId, TypeReference } from '../ir/types.js';
import type { ValueIssue } from './validate-value.js';

/** A branch that cannot be built: the caller takes an exit or tries another branch. */
export const FAIL: unique symbol = Symbol('fail');
export type Built = unknown | typeof FAIL;

export interface ValueBuilding {
  readonly types: Record<TypeId, TypeDefinition>;
  /** Set while a value that cannot be valid is built anyway, leaving out what cannot be generated. */
  readonly lenient: boolean;
  /** Tells why a value could not be built. */
  warn(message: string): void;
  /** A value for `shape`; `name` seeds the choice of strings and numbers. */
  value(shape: TypeReference, direction: Direction, name: string): Built;
  /** The first of `candidates` that is a valid value of `shape`, as written. */
  fitting(
    candidates: readonly unknown[] | undefined,
    shape: TypeReference,
    direction: Direction,
  ): { value: unknown } | undefined;
  /** What is wrong with `value` as a value of `shape`. */
  issues(value: unknown, shape: TypeReference, direction: Direction): ValueIssue[];
  /** True when the spec gives an example somewhere inside `shape`. */
  holdsExamples(shape: TypeReference): boolean;
}
