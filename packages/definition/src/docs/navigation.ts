/** Reading a docs definition's navigation tree: find by slug, walk, list routable items. */
import type { NavItem, RoutableNavItem } from './docs-definition.js';

/** Calls `visit` for every item, depth first, with the chain of its ancestors. */
export function walkNavigation(
  items: NavItem[],
  visit: (item: NavItem, ancestors: NavItem[]) => void,
  ancestors: NavItem[] = [],
): void {
  for (const item of items) {
    visit(item, ancestors);
    if ('children' in item) walkNavigation(item.children, visit, [...ancestors, item]);
  }
}

/** Index of every item with a page, by slug, with its ancestors (for breadcrumbs and the sidebar). */
export function indexNavigation(
  items: NavItem[],
): Map<string, { item: RoutableNavItem; ancestors: NavItem[] }> {
  const bySlug = new Map<string, { item: RoutableNavItem; ancestors: NavItem[] }>();
  walkNavigation(items, (item, ancestors) => {
    if (item.type !== 'link' && !bySlug.has(item.slug)) bySlug.set(item.slug, { item, ancestors });
  });
  return bySlug;
}
