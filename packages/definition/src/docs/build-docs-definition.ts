/**
 * `buildDocsDefinition(project)`: turns a parsed docs project (config, navigation with markdown
 * page sources, imported API definitions) into a `DocsDefinition`, giving every page a unique
 * slug and expanding each API reference section into endpoint, channel, webhook and type pages,
 * with the API's subpackages as groups.
 */

import type { ApiDefinition, Subpackage } from '../ir/definition.js';
import { SextantError } from '../sextant-error.js';
import { compareEntries } from './changelog.js';
import type { DocsConfig, PageLayout } from './config.js';
import {
  DOCS_DEFINITION_VERSION,
  type DocsDefinition,
  type DocsVersion,
  type MarkdownPage,
  type NavItem,
} from './docs-definition.js';
import { navLabel, plainTitle } from './nav-label.js';
import { joinSlug, SlugAllocator, slugify } from './slug.js';

/** An API with more types than this lists them in groups (by first letter), not in one list. */
export const TYPE_LIST_MAX = 60;
/** Most types one group holds: a letter with more is split into numbered groups. */
export const TYPE_GROUP_MAX = 100;

/** A navigation entry of a docs project, as the loader read it from `docs.yml`. */
export type ProjectNavItem =
  | { type: 'section'; title: string; slug?: string; collapsed?: boolean; contents: ProjectNavItem[] }
  | {
      type: 'tab';
      title: string;
      slug?: string;
      icon?: string;
      hidden?: boolean;
      contents: ProjectNavItem[];
    }
  | {
      type: 'page';
      /** The page's title (front matter `title`, else its leading `# heading`, else the label). */
      title: string;
      /** The sidebar's label (docs.yml `page:`); the title when absent. */
      label?: string;
      /** What the default slug is made from (front matter `title`, else the label): a heading does not move a page. */
      slugName?: string;
      slug?: string;
      markdown: string;
      layout?: PageLayout;
      description?: string;
      sourcePath?: string;
      /** Line of the source file where `markdown` starts. */
      sourceLine?: number;
      hidden?: boolean;
    }
  | { type: 'link'; title: string; href: string }
  | { type: 'api'; title: string; slug?: string; apiId: string; showTypes?: boolean }
  | { type: 'changelog'; title: string; slug?: string; hidden?: boolean; entries: ProjectChangelogEntry[] };

/** A dated entry of a changelog folder. */
export interface ProjectChangelogEntry {
  /** Its file name without extension (`2026-11-20`): its slug inside the changelog. */
  name: string;
  /** Front matter `title`, else its leading `# heading`, else the date for readers. */
  title: string;
  /** `YYYY-MM-DD`: front matter `date`, else the start of its file name. */
  date: string;
  tags?: string[];
  markdown: string;
  description?: string;
  sourcePath?: string;
  sourceLine?: number;
  lastUpdated?: string;
}

/** A docs project after parsing: the input of {@link buildDocsDefinition}. */
export interface DocsProject {
  config: DocsConfig;
  /** The navigation (of the default version, the first of `versions`, when there are versions). */
  navigation: ProjectNavItem[];
  /** Imported API definitions by the id the navigation refers to. */
  apis: Record<string, ApiDefinition>;
  /** docs.yml `versions` (or `products`): the first is the default, and its navigation is `navigation`. */
  versions?: ProjectVersion[];
  /** `product` when `versions` are docs.yml `products` (independent doc sets), not versions. */
  versionKind?: 'product';
}

/** One version of a project (docs.yml `versions`). */
export interface ProjectVersion {
  name: string;
  /** URL prefix of the version's pages (not used for the default version's). */
  slug: string;
  deprecated?: boolean;
  hidden?: boolean;
  /** A product's icon in the switcher (a bundled icon name). */
  icon?: string;
  navigation: ProjectNavItem[];
}

/** A navigation entry points at an API the project does not hold. */
export class DocsDefinitionError extends SextantError<'DocsDefinitionError'> {
  constructor(message: string) {
    super('DocsDefinitionError', message);
  }
}

/**
 * Builds the docs definition of a project.
 * @example
 * const docs = buildDocsDefinition({ config: defaultDocsConfig('Acme'), apis: { acme: def },
 *   navigation: [{ type: 'api', title: 'API', apiId: 'acme' }] });
 * docs.navigation[0].slug // 'api'
 */
export function buildDocsDefinition(project: DocsProject): DocsDefinition {
  const slugs = new SlugAllocator();
  const pages: Record<string, MarkdownPage> = {};

  /** `slug` written in docs.yml, inside the version's prefix. */
  let prefix = '';
  const own = (slug: string) => joinSlug(prefix, slug);
  /** An entry's slug: its own (docs.yml `slug`), else its slug name or title under its parent's. */
  const slugOf = (item: { slug?: string; slugName?: string; title: string }, parentSlug: string) =>
    slugs.take(
      item.slug !== undefined ? own(item.slug) : joinSlug(parentSlug, slugify(item.slugName ?? item.title)),
    );
  const build = (items: ProjectNavItem[], parentSlug: string): NavItem[] =>
    items.map((item): NavItem => {
      switch (item.type) {
        case 'link':
          return { type: 'link', title: item.title, href: item.href };
        case 'section': {
          const slug = slugOf(item, parentSlug);
          return {
            type: 'section',
            title: item.title,
            slug,
            collapsed: item.collapsed,
            children: build(item.contents, slug),
          };
        }
        case 'tab': {
          const slug = slugOf(item, parentSlug);
          return {
            type: 'tab',
            title: item.title,
            slug,
            ...(item.icon ? { icon: item.icon } : {}),
            ...(item.hidden ? { hidden: true } : {}),
            children: build(item.contents, slug),
          };
        }
        case 'changelog': {
          const slug = slugOf(item, parentSlug);
          const entries = [...item.entries].sort((a, b) =>
            compareEntries({ date: a.date, slug: a.name }, { date: b.date, slug: b.name }),
          );
          return {
            type: 'changelog',
            title: item.title,
            slug,
            ...(item.hidden ? { hidden: true } : {}),
            children: entries.map((entry): NavItem => {
              const entrySlug = slugs.take(joinSlug(slug, slugify(entry.name)));
              const id = `page:${entrySlug}`;
              pages[id] = {
                id,
                title: entry.title,
                slug: entrySlug,
                layout: project.config.defaultPageLayout,
                markdown: entry.markdown,
                date: entry.date,
                ...(entry.tags?.length ? { tags: entry.tags } : {}),
                ...(entry.description ? { description: entry.description } : {}),
                ...(entry.sourcePath ? { sourcePath: entry.sourcePath } : {}),
                ...(entry.sourceLine === undefined ? {} : { sourceLine: entry.sourceLine }),
                ...(entry.lastUpdated ? { lastUpdated: entry.lastUpdated } : {}),
              };
              return { type: 'page', title: entry.title, slug: entrySlug, pageId: id };
            }),
          };
        }
        case 'page': {
          const slug = slugOf(item, parentSlug);
          const id = `page:${slug}`;
          pages[id] = {
            id,
            title: item.title,
            slug,
            layout: item.layout ?? project.config.defaultPageLayout,
            markdown: item.markdown,
            description: item.description,
            sourcePath: item.sourcePath,
            ...(item.sourceLine === undefined ? {} : { sourceLine: item.sourceLine }),
          };
          return { type: 'page', title: item.label ?? item.title, slug, pageId: id, hidden: item.hidden };
        }
        default: {
          const api = project.apis[item.apiId];
          if (!api)
            throw new DocsDefinitionError(
              `navigation refers to API "${item.apiId}", which the project does not define`,
            );
          const slug = slugOf(item, parentSlug);
          return {
            type: 'apiReference',
            title: item.title,
            slug,
            apiId: item.apiId,
            children: apiChildren(api, item.apiId, slug, slugs, item.showTypes ?? true),
          };
        }
      }
    });

  const navigation = build(project.navigation, '');
  const homeSlug = slugs.has('') ? '' : (firstRoutableSlug(navigation) ?? '');
  const versions = project.versions?.map((version, index): DocsVersion => {
    const flags = {
      ...(version.deprecated ? { deprecated: true } : {}),
      ...(version.hidden ? { hidden: true } : {}),
      ...(version.icon ? { icon: version.icon } : {}),
    };
    if (index === 0) return { name: version.name, slug: version.slug, default: true, ...flags, homeSlug };
    prefix = version.slug;
    const tree = build(version.navigation, version.slug);
    return {
      name: version.name,
      slug: version.slug,
      ...flags,
      navigation: tree,
      homeSlug: slugs.has(version.slug) ? version.slug : (firstRoutableSlug(tree) ?? version.slug),
    };
  });
  return {
    docsVersion: DOCS_DEFINITION_VERSION,
    config: project.config,
    navigation,
    pages,
    homeSlug,
    ...(versions?.length ? { versions } : {}),
    ...(versions?.length && project.versionKind ? { versionKind: project.versionKind } : {}),
  };
}

/**
 * Endpoint, channel and webhook pages of one package (root or subpackage), then its groups. In
 * the root package of an API with groups, untagged items come last, in a group of their own.
 * Labels are short names (`navLabel`); slugs come from them.
 */
function apiChildren(
  api: ApiDefinition,
  apiId: string,
  baseSlug: string,
  slugs: SlugAllocator,
  showTypes: boolean,
): NavItem[] {
  const leafSlug = (slug: string, title: string) => slugs.take(joinSlug(slug, slugify(plainTitle(title))));
  const leaves = (
    pkg: Pick<Subpackage, 'endpoints' | 'websockets' | 'webhooks'>,
    slug: string,
  ): NavItem[] => {
    const out: NavItem[] = [];
    for (const endpointId of pkg.endpoints) {
      const endpoint = api.endpoints[endpointId];
      if (!endpoint || endpoint.synthetic) continue;
      const title = navLabel(endpoint);
      out.push({
        type: 'endpoint',
        title,
        slug: leafSlug(slug, title),
        apiId,
        endpointId,
        method: endpoint.method,
      });
    }
    for (const channelId of pkg.websockets) {
      const channel = api.websockets[channelId];
      if (!channel) continue;
      const title = navLabel(channel);
      out.push({ type: 'channel', title, slug: leafSlug(slug, title), apiId, channelId });
    }
    for (const webhookId of pkg.webhooks) {
      const webhook = api.webhooks[webhookId];
      if (!webhook) continue;
      const title = navLabel(webhook);
      // Two webhooks titled alike are told apart by their event key, not by position (`-2`).
      const wanted = joinSlug(slug, slugify(plainTitle(title)));
      const byEvent = joinSlug(slug, slugify(`${webhook.name}${webhook.method === 'GET' ? ' get' : ''}`));
      out.push({
        type: 'webhook',
        title,
        slug: slugs.take(slugs.has(wanted) ? byEvent : wanted),
        apiId,
        webhookId,
        method: webhook.method,
      });
    }
    return out;
  };
  const groups = (pkg: Pick<Subpackage, 'subpackages'>, slug: string, seen: Set<string>): NavItem[] => {
    const out: NavItem[] = [];
    for (const subpackageId of pkg.subpackages) {
      const sub = api.subpackages[subpackageId];
      // A malformed definition could nest a group in itself; never loop.
      if (!sub || seen.has(subpackageId)) continue;
      const groupSlug = slugs.take(joinSlug(slug, slugify(plainTitle(sub.name))));
      const inner = new Set([...seen, subpackageId]);
      out.push({
        type: 'group',
        title: sub.name,
        slug: groupSlug,
        apiId,
        subpackageId,
        children: [...leaves(sub, groupSlug), ...groups(sub, groupSlug, inner)],
      });
    }
    return out;
  };

  const root = api.rootPackage;
  // Untagged items take their slugs first, at the API's own level, as before groups existed.
  const untagged = leaves(root, baseSlug);
  const tagged = groups(root, baseSlug, new Set());
  const children: NavItem[] =
    tagged.length === 0
      ? untagged
      : untagged.length === 0
        ? tagged
        : [
            ...tagged,
            {
              type: 'section',
              title: 'Other',
              slug: slugs.take(joinSlug(baseSlug, 'other')),
              collapsed: true,
              children: untagged,
            },
          ];
  const typeIds = Object.keys(api.types);
  if (showTypes && typeIds.length > 0) {
    const typesSlug = slugs.take(joinSlug(baseSlug, 'types'));
    const typeItem = (typeId: string): NavItem => {
      const title = api.types[typeId]?.name ?? typeId;
      return { type: 'type', title, slug: slugs.take(joinSlug(typesSlug, slugify(title))), apiId, typeId };
    };
    children.push({
      type: 'section',
      title: 'Types',
      slug: typesSlug,
      collapsed: true,
      children:
        typeIds.length <= TYPE_LIST_MAX
          ? typeIds.map((typeId) => typeItem(typeId))
          : typeGroups(api, typeIds).map(({ title, ids }) => {
              const slug = slugs.take(joinSlug(typesSlug, 'group', slugify(title)));
              return {
                type: 'section',
                title,
                slug,
                collapsed: true,
                children: ids.map((typeId) => typeItem(typeId)),
              };
            }),
    });
  }
  return children;
}

/**
 * The types of a large API in groups by first letter (`#` for others), sorted by name; a letter
 * with more than TYPE_GROUP_MAX types is split into `S (1 of 3)`, ... so no group (and no type
 * page's sidebar, which lists its own group) grows with the API.
 */
export function typeGroups(api: ApiDefinition, typeIds: string[]): { title: string; ids: string[] }[] {
  const name = (id: string) => api.types[id]?.name ?? id;
  const sorted = [...typeIds].sort((a, b) => {
    const x = name(a).toLowerCase();
    const y = name(b).toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const byLetter = new Map<string, string[]>();
  for (const id of sorted) {
    const first = name(id).charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : '#';
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), id]);
  }
  const letters = [...byLetter.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a < b ? -1 : 1));
  return letters.flatMap((letter) => {
    const ids = byLetter.get(letter) ?? [];
    const parts = Math.ceil(ids.length / TYPE_GROUP_MAX);
    if (parts <= 1) return [{ title: letter, ids }];
    const size = Math.ceil(ids.length / parts);
    return Array.from({ length: parts }, (_, p) => ({
      title: `${letter} (${p + 1} of ${parts})`,
      ids: ids.slice(p * size, (p + 1) * size),
    }));
  });
}

function firstRoutableSlug(items: NavItem[]): string | undefined {
  for (const item of items) {
    if (item.type === 'link') continue;
    if (
      item.type === 'page' ||
      item.type === 'endpoint' ||
      item.type === 'channel' ||
      item.type === 'webhook'
    )
      return item.slug;
    if ('children' in item) {
      const inner = firstRoutableSlug(item.children);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}
