/**
 * Every publish documents itself: the registry's API changelog entries (one per publish that
 * changed an API, from its diff with the version before) become entries of the site's changelogs,
 * merged by date with the hand-written ones. A changelog gets the entries of the APIs its own
 * navigation (its version's) shows. An unreleased entry (`sextant dev`'s diff of the working spec)
 * is named "(unreleased)" and tagged Unreleased.
 */
import { type ApiChangelogEntry, apiChangelogMarkdown } from '../diff/api-changelog.js';
import { compareEntries } from './changelog.js';
import type { DocsDefinition, MarkdownPage, NavItem } from './docs-definition.js';
import { walkNavigation } from './navigation.js';
import { joinSlug, slugify } from './slug.js';

/**
 * `definition` with the API changelog entries (by the docs' API key) added to its changelogs;
 * the same definition when there are none or it has no changelog.
 * @example withApiChangelog(definition, { 'api-1': [entry] })
 */
export function withApiChangelog(
  definition: DocsDefinition,
  byKey: Record<string, readonly ApiChangelogEntry[]> | undefined,
): DocsDefinition {
  if (!byKey || Object.values(byKey).every((list) => list.length === 0)) return definition;
  const pages: Record<string, MarkdownPage> = { ...definition.pages };
  const taken = new Set(Object.values(pages).map((page) => page.slug));
  const take = (wanted: string) => {
    let slug = wanted;
    for (let n = 2; taken.has(slug); n++) slug = `${wanted}-${n}`;
    taken.add(slug);
    return slug;
  };
  const merge = (navigation: NavItem[]): NavItem[] => {
    const apis: { key: string; title: string }[] = [];
    walkNavigation(navigation, (item) => {
      if (item.type === 'apiReference' && !apis.some((a) => a.key === item.apiId))
        apis.push({ key: item.apiId, title: item.title });
    });
    const mapped = (items: NavItem[]): NavItem[] =>
      items.map((item) => {
        if (item.type === 'changelog') return withEntries(item);
        return 'children' in item ? ({ ...item, children: mapped(item.children) } as NavItem) : item;
      });
    const withEntries = (item: Extract<NavItem, { type: 'changelog' }>): NavItem => {
      const generated: NavItem[] = [];
      for (const { key, title } of apis)
        for (const entry of byKey[key] ?? []) {
          const date = entry.publishedAt.slice(0, 10);
          const name = entry.unreleased ? 'unreleased' : (entry.version ?? date);
          const slug = take(joinSlug(item.slug, slugify(`${title} ${name}`)));
          const id = `page:${slug}`;
          const heading = `${title}${entry.unreleased ? ' (unreleased)' : entry.version ? ` ${entry.version}` : ''}`;
          pages[id] = {
            id,
            title: heading,
            slug,
            layout: definition.config.defaultPageLayout,
            markdown: apiChangelogMarkdown(entry, title),
            date,
            tags: ['API', entry.bump, ...(entry.unreleased ? ['Unreleased'] : [])],
            description: `${entry.unreleased ? 'Unreleased ' : ''}${entry.bump} release of ${heading}: ${entry.summary.breaking} breaking of ${entry.summary.total} changes.`,
          };
          generated.push({ type: 'page', title: heading, slug, pageId: id });
        }
      if (generated.length === 0) return item;
      const dated = (child: NavItem) => ({
        date: child.type === 'page' ? (pages[child.pageId]?.date ?? '') : '',
        slug: 'slug' in child ? child.slug : '',
      });
      const children = [...item.children, ...generated].sort((a, b) => compareEntries(dated(a), dated(b)));
      return { ...item, children };
    };
    return mapped(navigation);
  };
  return {
    ...definition,
    navigation: merge(definition.navigation),
    pages,
    ...(definition.versions
      ? {
          versions: definition.versions.map((version) =>
            version.navigation ? { ...version, navigation: merge(version.navigation) } : version,
          ),
        }
      : {}),
  };
}
