/** Description and availability of anything documented: a docs change and a lifecycle change. */
import type { Availability } from '../ir/index.js';
import { type DiffContext, NEVER, type Site } from './context.js';

/** Emits `description-changed` (a docs change, never breaking) when the description of `label` changed. */
export function compareDescription(
  ctx: DiffContext,
  before: { description?: string },
  after: { description?: string },
  site: Site,
  label: string,
): void {
  if ((before.description ?? '') !== (after.description ?? '')) {
    ctx.emit(site, 'description-changed', 'docs', NEVER, `description of ${label} changed`);
  }
}

/** Emits `description-changed` (docs) and `availability-changed` (never breaking) for `label`. */
export function compareDocFields(
  ctx: DiffContext,
  before: { description?: string; availability?: Availability | string },
  after: { description?: string; availability?: Availability | string },
  site: Site,
  label: string,
): void {
  compareDescription(ctx, before, after, site, label);
  if ((before.availability ?? 'stable') !== (after.availability ?? 'stable')) {
    ctx.emit(
      site,
      'availability-changed',
      'changed',
      NEVER,
      `${label} is now ${after.availability ?? 'stable'}`,
    );
  }
}
