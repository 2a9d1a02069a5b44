/**
 * Scalar comparisons: primitives by type, format and constraints (bounds, pattern, multipleOf,
 * default), and enums by value.
 */
import type { EnumValue, PrimitiveType } from '../ir/index.js';
import { ALWAYS, type DiffContext, NARROWING, NEVER, type Site, WIDENING } from './context.js';
import { what } from './describe.js';
import { compareDescription } from './doc-fields.js';

export function comparePrimitives(
  ctx: DiffContext,
  before: PrimitiveType,
  after: PrimitiveType,
  site: Site,
): void {
  if (before.type !== after.type) {
    let breaks = ALWAYS;
    if (before.type === 'integer' && after.type === 'number') breaks = WIDENING;
    if (before.type === 'number' && after.type === 'integer') breaks = NARROWING;
    ctx.emit(
      site,
      'type-changed',
      'changed',
      breaks,
      `${what(site)} changed type from ${before.type} to ${after.type}`,
    );
    return;
  }
  const formatBefore = formatOf(before);
  const formatAfter = formatOf(after);
  if (formatBefore !== formatAfter) {
    const breaks = formatAfter === undefined ? WIDENING : formatBefore === undefined ? NARROWING : ALWAYS;
    ctx.emit(
      site,
      'constraint-changed',
      'changed',
      breaks,
      `${what(site)} format changed from ${formatBefore ?? 'none'} to ${formatAfter ?? 'none'}`,
    );
  }
  if (before.type === 'string' && after.type === 'string') {
    if (before.pattern !== after.pattern) {
      const breaks =
        after.pattern === undefined ? WIDENING : before.pattern === undefined ? NARROWING : ALWAYS;
      ctx.emit(site, 'constraint-changed', 'changed', breaks, `${what(site)} pattern changed`);
    }
    compareBound(ctx, site, 'minLength', before.minLength, after.minLength, 'min');
    compareBound(ctx, site, 'maxLength', before.maxLength, after.maxLength, 'max');
  }
  if (
    before.type !== 'boolean' &&
    before.type !== 'string' &&
    after.type !== 'boolean' &&
    after.type !== 'string'
  ) {
    compareBound(ctx, site, 'minimum', before.minimum, after.minimum, 'min');
    compareBound(ctx, site, 'maximum', before.maximum, after.maximum, 'max');
    compareBound(ctx, site, 'exclusiveMinimum', before.exclusiveMinimum, after.exclusiveMinimum, 'min');
    compareBound(ctx, site, 'exclusiveMaximum', before.exclusiveMaximum, after.exclusiveMaximum, 'max');
    if (before.multipleOf !== after.multipleOf) {
      const breaks =
        after.multipleOf === undefined ? WIDENING : before.multipleOf === undefined ? NARROWING : ALWAYS;
      ctx.emit(site, 'constraint-changed', 'changed', breaks, `${what(site)} multipleOf changed`);
    }
  }
  if (JSON.stringify(before.default) !== JSON.stringify(after.default)) {
    ctx.emit(
      site,
      'default-changed',
      'changed',
      NEVER,
      `${what(site)} default changed from ${JSON.stringify(before.default) ?? 'none'} to ${JSON.stringify(after.default) ?? 'none'}`,
    );
  }
}

/** A lower (`min`) or upper (`max`) bound: tightening narrows, loosening widens. */
export function compareBound(
  ctx: DiffContext,
  site: Site,
  name: string,
  before: number | undefined,
  after: number | undefined,
  side: 'min' | 'max',
): void {
  if (before === after) return;
  let tighter: boolean;
  if (before === undefined) tighter = true;
  else if (after === undefined) tighter = false;
  else tighter = side === 'min' ? after > before : after < before;
  ctx.emit(
    site,
    'constraint-changed',
    'changed',
    tighter ? NARROWING : WIDENING,
    `${what(site)} ${name} changed from ${before ?? 'none'} to ${after ?? 'none'}`,
  );
}

export function compareEnums(
  ctx: DiffContext,
  previous: EnumValue[],
  current: EnumValue[],
  site: Site,
): void {
  const key = (value: EnumValue) => JSON.stringify(value.value);
  const before = new Map(previous.map((value) => [key(value), value]));
  const after = new Map(current.map((value) => [key(value), value]));
  for (const [value, entry] of before) {
    const next = after.get(value);
    if (!next) {
      ctx.emit(
        site,
        'enum-value-removed',
        'removed',
        NARROWING,
        `${what(site)} no longer allows value ${value}`,
      );
    } else {
      compareDescription(ctx, entry, next, site, `enum value ${value}`);
    }
  }
  for (const value of after.keys()) {
    if (!before.has(value)) {
      // Breaking in responses: clients with exhaustive enums (generated SDKs) reject unknown values.
      ctx.emit(site, 'enum-value-added', 'added', WIDENING, `${what(site)} allows new value ${value}`);
    }
  }
}

function formatOf(primitive: PrimitiveType): string | undefined {
  return 'format' in primitive ? primitive.format : undefined;
}
