/**
 * A docs site ready to serve: the docs definition, its API definitions, the slug index, and
 * per-site caches of rendered pages and the search index. One per local project or per hosted
 * docs registration; hosted sites never share a cache entry (isolation by construction).
 */
import {
  type ApiChangelogEntry,
  type ApiDefinition,
  type DocsDefinition,
  type DocsVersion,
  indexNavigation,
  type NavItem,
  type RoutableNavItem,
  versionPrefix,
  versionView,
  walkNavigation,
  withApiChangelog,
} from '@sextant/definition';
import { withApiLinkBase } from './links/api-links.js';
import { LinkIndex, resolveLink } from './links/resolve-link.js';
import { defaultRenderCache, renderedBytes } from './render-cache.js';
import { forgetSearch } from './search-index.js';

export interface DocsSite {
  definition: DocsDefinition;
  apis: Record<string, ApiDefinition>;
  bySlug: Map<string, { item: RoutableNavItem; ancestors: NavItem[] }>;
  /** Rendered things by key (`html:<slug>` or a host's kept form of the page, `full-json:<slug>`, `md:<slug>`, `search`), bounded by bytes. */
  cache: RenderCache;
  /** Changes whenever the site is reloaded; part of cache-busting URLs. */
  version: string;
  /** URL of a project file the site serves (by project path), or undefined when it serves none at that path. */
  fileUrl?: (projectPath: string) => string | undefined;
  /** A preview site (the registry's generated preview URL): kept out of search engines. */
  preview?: boolean;
  /** When this version of the site was published or loaded (ISO 8601): the sitemap's `lastmod`. */
  updatedAt?: string;
  /**
   * A site with docs.yml `versions`: every version, each with the view of the site it reads
   * (its navigation, pages and home; its APIs first), shared by all the views.
   */
  versions?: SiteVersion[];
  /** The version this view of the site shows (sites with versions). */
  currentVersion?: SiteVersion;
}

/** One version of a versioned site and its view. */
export interface SiteVersion extends Omit<DocsVersion, 'navigation'> {
  /** '' for the default version, else `v1/`: the start of its slugs. */
  prefix: string;
  site: DocsSite;
}

/**
 * A site's rendered things by key, bounded by bytes by whoever supplies it (the server shares one
 * budget from `--memory` between its sites and counts evictions; `render-cache.ts` has the default).
 */
export interface RenderCache {
  get(key: string): { value: unknown } | undefined;
  /** Keeps `entry` (its value may be undefined: a page that is not there) as `bytes` bytes. */
  set(key: string, entry: { value: unknown }, bytes: number): void;
  /** Drops every entry, and keeps none set later: the site was replaced or dropped ({@link dropRenders}). */
  clear(): void;
}

/** Makes the render cache of each new site (each version's view has its own). */
export type RenderCacheFactory = () => RenderCache;

/** What `createDocsSite` may be told besides the definitions. */
export interface DocsSiteOptions {
  /** The registry's changelog of each API (by the docs' key): merged into the site's changelogs. */
  apiChangelog?: Record<string, readonly ApiChangelogEntry[]>;
  fileUrl?: (projectPath: string) => string | undefined;
  preview?: boolean;
  updatedAt?: string;
  /** The sites' render caches; default one of `DEFAULT_RENDER_CACHE_BYTES` per site. */
  renderCache?: RenderCacheFactory;
}

/**
 * Indexes a docs definition for serving. A definition with versions gives the default version's
 * view, whose `versions` lead to the others' (see `versionedSite`).
 */
export function createDocsSite(
  given: DocsDefinition,
  apis: Record<string, ApiDefinition>,
  version: string,
  options: DocsSiteOptions = {},
): DocsSite {
  return versionedSites(withApiChangelog(given, options.apiChangelog), apis, version, options);
}

function versionedSites(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
  version: string,
  options: DocsSiteOptions,
): DocsSite {
  if (!definition.versions?.length) return singleSite(definition, apis, version, options);
  const versions: SiteVersion[] = [];
  for (const docsVersion of definition.versions) {
    const { navigation: _, ...entry } = docsVersion;
    const view = versionView(definition, docsVersion);
    const site = singleSite(view, ownApisFirst(view, apis), version, options);
    const siteVersion: SiteVersion = { ...entry, prefix: versionPrefix(entry), site };
    site.versions = versions;
    site.currentVersion = siteVersion;
    versions.push(siteVersion);
  }
  return (versions.find((v) => v.default) ?? (versions[0] as SiteVersion)).site;
}

/**
 * The APIs a version's pages name come first: a markdown page's `<EndpointRequestSnippet>` finds
 * its own version's endpoint. The others stay (Try-it analytics of any page resolve on any view).
 */
function ownApisFirst(
  view: DocsDefinition,
  apis: Record<string, ApiDefinition>,
): Record<string, ApiDefinition> {
  const own = new Set<string>();
  walkNavigation(view.navigation, (item) => {
    if ('apiId' in item) own.add(item.apiId);
  });
  const entries = Object.entries(apis);
  return Object.fromEntries([
    ...entries.filter(([id]) => own.has(id)),
    ...entries.filter(([id]) => !own.has(id)),
  ]);
}

function singleSite(
  definition: DocsDefinition,
  apis: Record<string, ApiDefinition>,
  version: string,
  options: DocsSiteOptions,
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
    cache: (options.renderCache ?? defaultRenderCache)(),
    version,
    ...(options.fileUrl ? { fileUrl: options.fileUrl } : {}),
    ...(options.preview ? { preview: true } : {}),
    updatedAt: options.updatedAt ?? new Date().toISOString(),
  };
}

/**
 * Drops everything rendered for `site` and each of its versions' views: a publish replaced the
 * site (or its host dropped it), and its renders would never be read again, only take room until
 * they aged out. Renders of it still under way are not kept either.
 * @example dropRenders(replaced)
 */
export function dropRenders(site: DocsSite): void {
  for (const view of [site, ...(site.versions ?? []).map((version) => version.site)]) {
    view.cache.clear();
    forgetSearch(view);
  }
}

/**
 * Returns the cached value of `key`, computing it on a miss, weighed by `bytes` (default
 * `renderedBytes`).
 */
export async function cached<T>(
  site: DocsSite,
  key: string,
  compute: () => Promise<T> | T,
  bytes: (value: T) => number = renderedBytes,
): Promise<T> {
  const hit = site.cache.get(key);
  if (hit) return hit.value as T;
  const value = await compute();
  site.cache.set(key, { value }, bytes(value));
  return value;
}
