/**
 * Keyed members compared one by one: object properties, parameters, headers and form fields all
 * have a key, a value shape whose `optional` wrapper says whether it is required, a description
 * and an availability. Adding a required member narrows what is accepted; removing one breaks
 * both ways; required ↔ optional narrows or widens.
 */
import type { Availability, TypeReference } from '../ir/index.js';
import { isRequired } from '../ir/read-types.js';
import { ALWAYS, child, type DiffContext, NARROWING, NEVER, type Site, WIDENING } from './context.js';
import { compareDocFields } from './doc-fields.js';
import type { ChangeKind } from './types.js';

/** A property, parameter or form field: what the member comparison needs. */
export interface Member {
  key: string;
  valueShape: TypeReference;
  description?: string;
  availability?: Availability;
}

export interface MemberKinds {
  /** How messages name one member: `field`, `query parameter`, `header`. */
  noun: string;
  added: ChangeKind;
  removed: ChangeKind;
  required: ChangeKind;
  optional: ChangeKind;
  /** Header names compare case-insensitively. */
  caseInsensitive?: boolean;
  compareShapes: (ctx: DiffContext, previous: TypeReference, current: TypeReference, site: Site) => void;
}

/** Compares two lists of members by key, emitting additions, removals and per-member changes. */
export function compareMembers(
  ctx: DiffContext,
  previous: Member[],
  current: Member[],
  site: Site,
  kinds: MemberKinds,
): void {
  const keyOf = (member: Member) => (kinds.caseInsensitive ? member.key.toLowerCase() : member.key);
  const after = new Map(current.map((member) => [keyOf(member), member]));
  const before = new Map(previous.map((member) => [keyOf(member), member]));
  const label = (member: Member) => `${kinds.noun} \`${member.key}\``;
  for (const [key, old] of before) {
    const next = after.get(key);
    const at = child(site, old.key);
    if (!next) {
      // Removing a request member is breaking too: clients that set it lose what it did, and
      // servers that reject unknown input would refuse it.
      ctx.emit(at, kinds.removed, 'removed', ALWAYS, `${label(old)} was removed`);
      continue;
    }
    const wasRequired = isRequired(old.valueShape);
    const nowRequired = isRequired(next.valueShape);
    if (wasRequired && !nowRequired) {
      ctx.emit(at, kinds.optional, 'changed', WIDENING, `${label(next)} is now optional`);
    } else if (!wasRequired && nowRequired) {
      ctx.emit(at, kinds.required, 'changed', NARROWING, `${label(next)} is now required`);
    }
    compareDocFields(ctx, old, next, at, label(next));
    kinds.compareShapes(ctx, old.valueShape, next.valueShape, at);
  }
  for (const [key, added] of after) {
    if (before.has(key)) continue;
    const required = isRequired(added.valueShape);
    ctx.emit(
      child(site, added.key),
      kinds.added,
      'added',
      required ? NARROWING : NEVER,
      `${required ? 'required' : 'optional'} ${label(added)} was added`,
    );
  }
}
