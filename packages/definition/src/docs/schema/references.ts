/**
 * The invariants of a docs definition that its fields cannot check alone: each page's id is its
 * key, and every navigation page item (of the site and of each version) names a page the
 * definition holds. Walked without recursion (the depth was bounded by the schema already).
 */
import type { DocsDefinition, NavItem } from '../docs-definition.js';
import { MAX_NAVIGATION_DEPTH } from './navigation.js';

/** Most reference issues reported for one definition: the first ones name the fault. */
export const MAX_DOCS_REFERENCE_ISSUES = 20;

export interface DocsReferenceIssue {
  path: PropertyKey[];
  message: string;
}

function navigationIssues(
  definition: DocsDefinition,
  root: PropertyKey[],
  navigation: NavItem[],
  issues: DocsReferenceIssue[],
): void {
  const stack: { path: PropertyKey[]; items: NavItem[] }[] = [{ path: root, items: navigation }];
  for (let next = stack.pop(); next && issues.length < MAX_DOCS_REFERENCE_ISSUES; next = stack.pop())
    for (const [index, item] of next.items.entries()) {
      if (item.type === 'page' && !Object.hasOwn(definition.pages, item.pageId))
        issues.push({
          path: [...next.path, index, 'pageId'],
          message: `no page has id ${JSON.stringify(item.pageId)}`,
        });
      if ('children' in item && next.path.length - root.length < 2 * MAX_NAVIGATION_DEPTH)
        stack.push({ path: [...next.path, index, 'children'], items: item.children });
    }
}

/**
 * The broken references of `definition`, at most 20.
 * @example docsReferenceIssues({ ...definition, navigation: [{ type: 'page', title: 'A', slug: 'a', pageId: 'gone' }] })
 * // [{ path: ['navigation', 0, 'pageId'], message: 'no page has id "gone"' }]
 */
export function docsReferenceIssues(definition: DocsDefinition): DocsReferenceIssue[] {
  const issues: DocsReferenceIssue[] = [];
  for (const [key, page] of Object.entries(definition.pages))
    if (page.id !== key)
      issues.push({ path: ['pages', key, 'id'], message: `page key ${key} holds id ${page.id}` });
  navigationIssues(definition, ['navigation'], definition.navigation, issues);
  for (const [index, version] of (definition.versions ?? []).entries())
    if (version.navigation)
      navigationIssues(definition, ['versions', index, 'navigation'], version.navigation, issues);
  return issues.slice(0, MAX_DOCS_REFERENCE_ISSUES);
}
