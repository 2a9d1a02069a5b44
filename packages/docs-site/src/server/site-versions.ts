/**
 * Routing a request of a versioned site to its version: a version is read as if it were a site
 * of its own under its prefix (`/v1`), with its own slugs, search index, llms.txt, MCP and Ask AI;
 * any other path is the default version's. `/v2/…` of the default version `v2` redirects to the
 * path without its prefix.
 */
import { sameSlugIn } from '@sextant/definition';
import type { DocsSite, SiteVersion } from './site.js';

export interface VersionedSite {
  /** The view that answers: the version's, or the site itself when it has no versions. */
  site: DocsSite;
  /** What the base path grows by: `/v1`, or ''. */
  base: string;
  /** The path inside the version (`/guides/intro`). */
  rel: string;
  /** A path of the default version written with its prefix: where it lives (301). */
  redirect?: string;
}

/**
 * The view of `site` answering the site-relative path `rel` (`/v1/guides/intro`).
 * @example versionedSite(site, '/v1/llms.txt') // { site: <v1's view>, base: '/v1', rel: '/llms.txt' }
 */
export function versionedSite(site: DocsSite, rel: string): VersionedSite {
  const versions = site.versions;
  if (!versions?.length) return { site, base: '', rel };
  const first = rel.split('/')[1] ?? '';
  const version = versions.find((v) => v.slug === first);
  const fallback = versions.find((v) => v.default)?.site ?? site;
  if (!version) return { site: fallback, base: '', rel };
  const rest = rel.slice(first.length + 1) || '/';
  if (version.default) return { site: fallback, base: '', rel: rest, redirect: rest };
  return { site: version.site, base: `/${version.slug}`, rel: rest };
}

/** The path a version's pages live under, relative to the site's base path: '' or `/v1`. */
export function versionBase(version: SiteVersion | undefined): string {
  return version && !version.default ? `/${version.slug}` : '';
}

/**
 * The address of the whole versioned site, from `url` (a base path or absolute URL of this
 * view, which ends with its version's base): `https://docs.acme.com/v1` → `https://docs.acme.com`.
 */
export function siteRootOf(site: DocsSite, url: string): string {
  const own = versionBase(site.currentVersion);
  return own && url.endsWith(own) ? url.slice(0, -own.length) : url;
}

/** What a site's views are: docs.yml `products` or `versions`. */
export function viewNoun(site: DocsSite): 'product' | 'version' {
  return site.definition.versionKind === 'product' ? 'product' : 'version';
}

/** A link of the version selector: the version, and where its reader of `slug` lands there. */
export interface VersionLink {
  name: string;
  href: string;
  current: boolean;
  default: boolean;
  deprecated: boolean;
  /** A product's icon. */
  icon?: string;
}

/**
 * The selector's entries for a reader of `slug` on a version's view served at `basePath` (which
 * ends with the version's base): every version not hidden (and the current one even when hidden),
 * each leading to the same page when that version has it, else its home. Products are doc sets
 * of their own: each leads to its home.
 */
export function versionLinks(site: DocsSite, slug: string, basePath: string): VersionLink[] {
  const current = site.currentVersion;
  if (!current || !site.versions) return [];
  const root = siteRootOf(site, basePath);
  const products = viewNoun(site) === 'product';
  return site.versions
    .filter((v) => !v.hidden || v === current)
    .map((v) => {
      const home = v.site.definition.homeSlug;
      const target = products ? home : sameSlugIn((s) => v.site.bySlug.has(s), slug, home);
      const base = `${root}${versionBase(v)}`;
      return {
        name: v.name,
        href: target ? `${base}/${target}` : base || '/',
        current: v === current,
        default: v.default === true,
        deprecated: v.deprecated === true,
        ...(v.icon ? { icon: v.icon } : {}),
      };
    });
}

/** The default version of a versioned site (the one a banner on the others points to). */
export function defaultVersion(site: DocsSite): SiteVersion | undefined {
  return site.versions?.find((v) => v.default);
}
