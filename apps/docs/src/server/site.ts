/**
 * A docs site ready to serve: the docs definition, its API definitions, the slug index, and
 * per-site caches of rendered pages and the search index. One per local project or per hosted
 * docs registration; hosted sites never share a cache entry (isolation by construction).
 */
import {
  type ApiDefinition,
  type DocsDefinition,
  indexNavigation,
  type NavItem,
  type RoutableNavItem,
} from '@sextant/definition';

export interface DocsSite {
  definition: DocsDefinition;
  apis: Record<string, ApiDefinition>;
  bySlug: Map<string, { item: RoutableNavItem; ancestors: NavItem[] }>;
  /** Rendered things by key (`html:<slug>`, `md:<slug>`, `search`), bounded. */
  cache: Map<string, unknown>;
  /** Changes whenever the site is reloaded; part of cache-busting URLs. */
  version: string;
  /** URL of a project file the site serves (by project path), or undefined when it serves none at that path. */
  fileUrl?: (projectPath: string) => string | undefined;
}

const MAX_CACHE_ENTRIES = 500;

/** Indexes a docs definition for serving. */
export function createDocsSite(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
  version: string,
  options: { fileUrl?: (projectPath: string) => string | undefined } = {},
): DocsSite {
  return {
    definition,
    apis,
    bySlug: indexNavigation(definition.navigation),
    cache: new Map(),
    version,
    ...(options.fileUrl ? { fileUrl: options.fileUrl } : {}),
  };
}

/** Returns the cached value of `key`, computing it on a miss (least recently used entries go first). */
export async function cached<T>(site: DocsSite, key: string, compute: () => Promise<T> | T): Promise<T> {
  if (site.cache.has(key)) {
    const value = site.cache.get(key) as T;
    site.cache.delete(key);
    site.cache.set(key, value);
    return value;
  }
  const value = await compute();
  site.cache.set(key, value);
  if (site.cache.size > MAX_CACHE_ENTRIES) site.cache.delete(site.cache.keys().next().value as string);
  return value;
}
