/**
 * Navigation groups for importers whose operations carry tags (OpenRPC method tags, AsyncAPI
 * channel and operation tags): the first tag of an item names its group; untagged items sit
 * at the root. Groups keep the order in which they are first seen.
 */
import type { ApiDefinition, Subpackage } from '../ir/definition.js';

export type NavigationKind = 'endpoints' | 'websockets' | 'webhooks';

/** Builds `rootPackage` and `subpackages` from tagged items. */
export class NavigationGroups {
  readonly rootPackage: ApiDefinition['rootPackage'] = {
    endpoints: [],
    websockets: [],
    webhooks: [],
    subpackages: [],
  };
  readonly subpackages: Record<string, Subpackage> = {};

  constructor(private readonly descriptions: Map<string, string> = new Map()) {}

  /** Puts item `id` in the group of `tag` (the root when undefined). */
  add(tag: string | undefined, kind: NavigationKind, id: string): void {
    if (tag === undefined) {
      this.rootPackage[kind].push(id);
      return;
    }
    let group = this.subpackages[tag];
    if (!group) {
      group = { id: tag, name: tag, endpoints: [], websockets: [], webhooks: [], subpackages: [] };
      const description = this.descriptions.get(tag);
      if (description) group.description = description;
      this.subpackages[tag] = group;
      this.rootPackage.subpackages.push(tag);
    }
    group[kind].push(id);
  }
}

/** The `name` of the first tag in a tags array (tag objects `{ name }` or plain strings). */
export function firstTagName(
  tags: unknown,
  deref: (value: unknown) => unknown = (v) => v,
): string | undefined {
  if (!Array.isArray(tags)) return undefined;
  for (const raw of tags) {
    const tag = deref(raw);
    if (typeof tag === 'string' && tag !== '') return tag;
    if (tag !== null && typeof tag === 'object' && typeof (tag as { name?: unknown }).name === 'string') {
      return (tag as { name: string }).name;
    }
  }
  return undefined;
}
