/**
 * The state of one diff run: both definitions, the changes found so far, and the bookkeeping
 * that makes shared types reported once (under the type, not under every operation that uses
 * it) and recursive types terminate.
 *
 * Whether a change breaks depends on which way the data flows. A client *sends* request data
 * (parameters, request bodies, client WebSocket messages) and *reads* response data (responses,
 * errors, server messages, webhook payloads). Accepting more input is safe and accepting less is
 * not; producing less output is safe and producing more (a new enum value, a null) may not be.
 * Each detected change therefore says whether it breaks in each direction, and the site decides.
 */
import type { ApiDefinition } from '../ir/index.js';
import { jsonPointer } from '../ir/read-types.js';
import type { ChangeCategory, ChangeKind, ChangeLocation, DefinitionChange } from './types.js';

/** Which way data flows at a site. `unused` is for types no operation reaches: never breaking. */
export type Direction = 'request' | 'response' | 'unused';

/** Whether a change breaks clients when it appears in data they send (request) or read (response). */
export interface Breaks {
  request: boolean;
  response: boolean;
}

export const ALWAYS: Breaks = { request: true, response: true };
export const NEVER: Breaks = { request: false, response: false };
/** The API accepts or produces less than before (a value removed, a bound tightened). */
export const NARROWING: Breaks = { request: true, response: false };
/** The API accepts or produces more than before (a value added, a bound loosened). */
export const WIDENING: Breaks = { request: false, response: true };

/** Where a comparison is looking: the item, the pointer inside it, and the data direction. */
export interface Site {
  location: Omit<ChangeLocation, 'pointer'>;
  pointer: string;
  direction: Direction;
}

/** Appends one pointer token, escaped like a JSON pointer (`/` → `~1`, `~` → `~0`). */
export function child(site: Site, token: string | number): Site {
  return { ...site, pointer: `${site.pointer}${jsonPointer(token)}` };
}

const DIRECTION_LABEL: Record<Direction, string> = {
  request: 'requests',
  response: 'responses',
  unused: 'no operation',
};

interface TypeChange {
  change: DefinitionChange;
  directions: Set<Direction>;
}

export class DiffContext {
  readonly changes: DefinitionChange[] = [];
  /** Changes inside shared types, merged across the directions that reach them. */
  private readonly typeChanges = new Map<string, TypeChange>();
  private readonly compared = new Set<string>();

  constructor(
    readonly previous: ApiDefinition,
    readonly current: ApiDefinition,
  ) {}

  /** Records a change at `site`; `breaks` is resolved against the site's direction. */
  emit(site: Site, kind: ChangeKind, category: ChangeCategory, breaks: Breaks, message: string): void {
    const breaking = site.direction === 'unused' ? false : breaks[site.direction];
    const change: DefinitionChange = {
      kind,
      category,
      breaking,
      location: { ...site.location, pointer: site.pointer },
      message,
    };
    if (site.location.area !== 'type') {
      this.changes.push(change);
      return;
    }
    const key = `${site.location.id}\u0000${site.pointer}\u0000${kind}\u0000${message}`;
    const existing = this.typeChanges.get(key);
    if (existing) {
      existing.directions.add(site.direction);
      existing.change.breaking ||= breaking;
    } else {
      this.typeChanges.set(key, { change, directions: new Set([site.direction]) });
    }
  }

  /**
   * True the first time a pair of types is compared in a direction; false afterwards. This both
   * reports a shared type once per direction and stops recursion through self-referencing types.
   */
  firstComparison(previousId: string, currentId: string, direction: Direction): boolean {
    const key = `${previousId}\u0000${currentId}\u0000${direction}`;
    if (this.compared.has(key)) return false;
    this.compared.add(key);
    return true;
  }

  /** All changes: item changes first, then type changes annotated with where the type is used. */
  allChanges(): DefinitionChange[] {
    const typeChanges = [...this.typeChanges.values()].map(({ change, directions }) => {
      const used = [...directions].filter((direction) => direction !== 'unused');
      if (change.category === 'docs' || used.length === 0) return change;
      const where = used.map((direction) => DIRECTION_LABEL[direction]).join(' and ');
      return { ...change, message: `${change.message} (used in ${where})` };
    });
    return [...this.changes, ...typeChanges];
  }
}
