/**
 * The addresses of every page of a hosted site, as readers ask for them: its home at the base
 * path, then each routable navigation item of every version (stored slugs of a version other than
 * the default already start with its prefix, `v1/…`). What the pre-render walks, in this order.
 */
import { type DocsDefinition, indexNavigation } from '@sextant/definition';

/**
 * @example sitePagePaths(definition, '/docs') // ['/docs', '/docs/intro', '/docs/api/pets/list-pets', …]
 */
export function sitePagePaths(definition: Pick<DocsDefinition, 'navigation' | 'versions'>, basePath: string) {
  const base = basePath.replace(/\/+$/, '');
  const paths = new Set<string>([base || '/']);
  const navigations = [definition.navigation, ...(definition.versions ?? []).map((v) => v.navigation ?? [])];
  for (const navigation of navigations)
    for (const slug of indexNavigation(navigation).keys()) if (slug) paths.add(`${base}/${slug}`);
  return [...paths];
}
