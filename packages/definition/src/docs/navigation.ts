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

/**
 * True when an item is hidden (`hidden: true`) or sits under a hidden one: its page stays
 * reachable by URL but belongs in no index (sidebar, search, llms.txt, MCP, Ask AI).
 * @example isHiddenNavItem(page, [hiddenSection]) // true
 */
export function isHiddenNavItem(item: NavItem, ancestors: readonly NavItem[]): boolean {
  return [item, ...ancestors].some((entry) => entry.type !== 'link' && entry.hidden === true);
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
