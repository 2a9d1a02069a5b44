/**
 * Caches a module keeps for the whole process (type names, compiled patterns, highlighted code,
 * style elements), bounded by bytes: each belongs to a named group, takes a share of the group's
 * budget and drops its least recently used entries first. The host (the server) sets each group's
 * budget from `--memory` and hears its evictions (`configureModuleCaches`); until then a group
 * holds `DEFAULT_MODULE_CACHE_BYTES`. This package knows nothing of metrics.
 */
import { LRUCache } from 'lru-cache';
import { flatString } from './flat-string.js';

/**
 * The group of what is derived from spec and site text: type names (naming.ts), compiled
 * patterns (spec-pattern.ts), the docs site's inline style elements and their hashes.
 */
export const COMPILED_CACHES = 'compiled';

/** A group's budget when its host sets none. */
export const DEFAULT_MODULE_CACHE_BYTES = 16 * 1024 * 1024;

export interface ModuleCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

interface Member {
  share: number;
  size: (value: never, key: string) => number;
  cache?: LRUCache<string, {}>;
}

interface Group {
  budgetBytes: number;
  onEvicted: (() => void) | undefined;
  members: Member[];
}

const groups = new Map<string, Group>();

function groupOf(name: string): Group {
  let group = groups.get(name);
  if (!group) {
    group = { budgetBytes: DEFAULT_MODULE_CACHE_BYTES, onEvicted: undefined, members: [] };
    groups.set(name, group);
  }
  return group;
}

function cacheOf(group: Group, member: Member): LRUCache<string, {}> {
  member.cache ??= new LRUCache<string, {}>({
    maxSize: Math.max(1, Math.floor(group.budgetBytes * member.share)),
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(member.size(value as never, key))),
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') group.onEvicted?.();
    },
  });
  return member.cache;
}

/**
 * A cache of `group` taking `share` of its budget, each entry weighing `size(value, key)` bytes
 * (made on first use, so a module may declare it at load time).
 * @example const names = moduleCache<string>('compiled', 0.5, (name, key) => 2 * (key.length + name.length) + 64);
 */
export function moduleCache<V extends {}>(
  group: string,
  share: number,
  size: (value: V, key: string) => number,
): ModuleCache<V> {
  const owner = groupOf(group);
  const member: Member = { share, size: size as Member['size'] };
  owner.members.push(member);
  return {
    // Keys are often built by joining (a language and code): flat, they hash and compare fast.
    get: (key) => cacheOf(owner, member).get(flatString(key)) as V | undefined,
    set: (key, value) => {
      cacheOf(owner, member).set(flatString(key), value);
    },
  };
}

/**
 * Sets a group's budget (the entries its caches hold so far are dropped) and who hears its evictions.
 * @example configureModuleCaches('compiled', { maxBytes: budgets.compiled, onEvicted: () => metrics.cacheEvicted('compiled') })
 */
export function configureModuleCaches(
  group: string,
  options: { maxBytes: number; onEvicted?: () => void },
): void {
  const owner = groupOf(group);
  owner.budgetBytes = options.maxBytes;
  owner.onEvicted = options.onEvicted;
  for (const member of owner.members) member.cache = undefined;
}

/** Bytes a group's caches hold now. */
export function moduleCacheBytes(group: string): number {
  return (groups.get(group)?.members ?? []).reduce(
    (sum, member) => sum + (member.cache?.calculatedSize ?? 0),
    0,
  );
}
