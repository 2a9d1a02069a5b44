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

  /**
   * Orders the groups as `order` lists their tags (the spec's `tags` array; groups it omits keep
   * their first-seen order, after it), then nests them in `tagGroups` (Redoc's `x-tagGroups`):
   * each tag group becomes a group holding its tags' groups; tags in no tag group stay at the top
   * level, after the tag groups.
   */
  arrange(order: string[], tagGroups: { name: string; tags: string[] }[] = []): void {
    const rank = (tag: string) => {
      const i = order.indexOf(tag);
      return i === -1 ? order.length : i;
    };
    const top = [...this.rootPackage.subpackages].sort((a, b) => rank(a) - rank(b));
    const nested = new Set<string>();
    const parents: string[] = [];
    for (const tagGroup of tagGroups) {
      const members = tagGroup.tags.filter((tag) => this.subpackages[tag] && !nested.has(tag));
      if (members.length === 0) continue;
      const id = `x-tagGroup:${tagGroup.name}`;
      if (this.subpackages[id]) continue;
      for (const tag of members) nested.add(tag);
      this.subpackages[id] = {
        id,
        name: tagGroup.name,
        endpoints: [],
        websockets: [],
        webhooks: [],
        subpackages: members,
      };
      parents.push(id);
    }
    this.rootPackage.subpackages.splice(
      0,
      this.rootPackage.subpackages.length,
      ...parents,
      ...top.filter((tag) => !nested.has(tag)),
    );
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
