/**
 * Versions of a docs site (docs.yml `versions`): the first is the default, served without a
 * prefix; every other version's pages live under its slug (`v1/…`). Each version is a view of the
 * definition: its own navigation, pages and home, so everything that reads a definition (the
 * sidebar, search, llms.txt, MCP, Ask AI) reads one version at a time.
 */
import type { DocsDefinition, DocsVersion, NavItem } from './docs-definition.js';
import { walkNavigation } from './navigation.js';

/**
 * The prefix of a version's slugs: '' for the default version, else `v1/`.
 * @example versionPrefix({ name: 'v1', slug: 'v1', homeSlug: 'v1' }) // 'v1/'
 */
export function versionPrefix(version: Pick<DocsVersion, 'slug' | 'default'>): string {
  return version.default ? '' : `${version.slug}/`;
}

/** The navigation of `version` of `definition` (the default version's is the definition's own). */
export function versionNavigation(definition: DocsDefinition, version: DocsVersion): NavItem[] {
  return version.default ? definition.navigation : (version.navigation ?? []);
}

/**
 * The version a slug belongs to: the non-default version whose prefix it starts with, else the
 * default. Undefined for a site without versions.
 * @example versionOfSlug(definition, 'v1/guides/intro')?.name // 'v1'
 */
export function versionOfSlug(definition: DocsDefinition, slug: string): DocsVersion | undefined {
  const versions = definition.versions;
  if (!versions?.length) return undefined;
  return (
    versions.find((v) => !v.default && (slug === v.slug || slug.startsWith(`${v.slug}/`))) ??
    versions.find((v) => v.default)
  );
}

/**
 * `definition` as one version sees it, as if the version were a site of its own under its
 * prefix: that version's navigation, home and pages, their slugs without the prefix
 * (`v1/guides/intro` → `guides/intro`); `versions` stays, so a view can point at the others.
 */
export function versionView(definition: DocsDefinition, version: DocsVersion): DocsDefinition {
  const prefix = versionPrefix(version);
  const strip = (slug: string) =>
    !prefix ? slug : slug === version.slug ? '' : slug.startsWith(prefix) ? slug.slice(prefix.length) : slug;
  const unprefixed = (items: NavItem[]): NavItem[] =>
    items.map((item) => {
      if (item.type === 'link') return item;
      const children = 'children' in item ? { children: unprefixed(item.children) } : {};
      return { ...item, slug: strip(item.slug), ...children } as NavItem;
    });
  const navigation = prefix ? unprefixed(versionNavigation(definition, version)) : definition.navigation;
  const pages: DocsDefinition['pages'] = {};
  walkNavigation(navigation, (item) => {
    if (item.type !== 'page') return;
    const page = definition.pages[item.pageId];
    if (page) pages[item.pageId] = prefix ? { ...page, slug: strip(page.slug) } : page;
  });
  return { ...definition, navigation, pages, homeSlug: strip(version.homeSlug) };
}

/**
 * Where a reader of `slug` lands in another version's view: the same slug when that version has
 * the page, else its home.
 * @example sameSlugIn((s) => v1.bySlug.has(s), 'guides/intro', v1Home) // 'guides/intro'
 */
export function sameSlugIn(has: (slug: string) => boolean, slug: string, home: string): string {
  return slug && has(slug) ? slug : home;
}
