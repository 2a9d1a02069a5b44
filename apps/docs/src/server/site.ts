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
import { withApiLinkBase } from './links/api-links.js';
import { LinkIndex, resolveLink } from './links/resolve-link.js';

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
  /** A preview site (the registry's generated preview URL): kept out of search engines. */
  preview?: boolean;
  /** When this version of the site was published or loaded (ISO 8601): the sitemap's `lastmod`. */
  updatedAt?: string;
}

/** What `createDocsSite` may be told besides the definitions. */
export interface DocsSiteOptions {
  fileUrl?: (projectPath: string) => string | undefined;
  preview?: boolean;
  updatedAt?: string;
}

const MAX_CACHE_ENTRIES = 500;

/** Indexes a docs definition for serving. */
export function createDocsSite(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
  version: string,
  options: DocsSiteOptions = {},
): DocsSite {
  const base = definition.config.apiLinkBase;
  const links = base ? new LinkIndex(definition, () => undefined) : undefined;
  return {
    definition,
    // Site-relative links of API descriptions lead to docs.yml's apiLinkBase, unless they name a page here.
    apis:
      base && links
        ? withApiLinkBase(apis, base, (path) => !resolveLink(links, { slug: '' }, path).problem)
        : apis,
    bySlug: indexNavigation(definition.navigation),
    cache: new Map(),
    version,
    ...(options.fileUrl ? { fileUrl: options.fileUrl } : {}),
    ...(options.preview ? { preview: true } : {}),
    updatedAt: options.updatedAt ?? new Date().toISOString(),
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
