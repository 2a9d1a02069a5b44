/**
 * `buildDocsDefinition(project)`: turns a parsed docs project (config, navigation with markdown
 * page sources, imported API definitions) into a `DocsDefinition`, giving every page a unique
 * slug and expanding each API reference section into endpoint, channel, webhook and type pages,
 * with the API's subpackages as groups.
 */
import type { ApiDefinition, Subpackage } from '../ir/definition.js';
import type { DocsConfig, PageLayout } from './config.js';
import {
  DOCS_DEFINITION_VERSION,
  type DocsDefinition,
  type MarkdownPage,
  type NavItem,
} from './docs-definition.js';
import { joinSlug, SlugAllocator, slugify } from './slug.js';

/** A navigation entry of a docs project, as the loader read it from `docs.yml`. */
export type ProjectNavItem =
  | { type: 'section'; title: string; slug?: string; collapsed?: boolean; contents: ProjectNavItem[] }
  | {
      type: 'page';
      title: string;
      slug?: string;
      markdown: string;
      layout?: PageLayout;
      description?: string;
      sourcePath?: string;
      hidden?: boolean;
    }
  | { type: 'link'; title: string; href: string }
  | { type: 'api'; title: string; slug?: string; apiId: string; showTypes?: boolean };

/** A docs project after parsing: the input of {@link buildDocsDefinition}. */
export interface DocsProject {
  config: DocsConfig;
  navigation: ProjectNavItem[];
  /** Imported API definitions by the id the navigation refers to. */
  apis: Record<string, ApiDefinition>;
}

/** A navigation entry points at an API the project does not hold. */
export class DocsDefinitionError extends Error {
  readonly code = 'DOCS_DEFINITION_ERROR';
  constructor(message: string) {
    super(message);
    this.name = 'DocsDefinitionError';
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

  const build = (items: ProjectNavItem[], parentSlug: string): NavItem[] =>
    items.map((item): NavItem => {
      switch (item.type) {
        case 'link':
          return { type: 'link', title: item.title, href: item.href };
        case 'section': {
          const slug = slugs.take(item.slug ?? joinSlug(parentSlug, slugify(item.title)));
          return {
            type: 'section',
            title: item.title,
            slug,
            collapsed: item.collapsed,
            children: build(item.contents, slug),
          };
        }
        case 'page': {
          const slug = slugs.take(item.slug ?? joinSlug(parentSlug, slugify(item.title)));
          const id = `page:${slug}`;
          pages[id] = {
            id,
            title: item.title,
            slug,
            layout: item.layout ?? project.config.defaultPageLayout,
            markdown: item.markdown,
            description: item.description,
            sourcePath: item.sourcePath,
          };
          return { type: 'page', title: item.title, slug, pageId: id, hidden: item.hidden };
        }
        default: {
          const api = project.apis[item.apiId];
          if (!api)
            throw new DocsDefinitionError(
              `navigation refers to API "${item.apiId}", which the project does not define`,
            );
          const slug = slugs.take(item.slug ?? joinSlug(parentSlug, slugify(item.title)));
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
  return {
    docsVersion: DOCS_DEFINITION_VERSION,
    config: project.config,
    navigation,
    pages,
    homeSlug: slugs.has('') ? '' : (firstRoutableSlug(navigation) ?? ''),
  };
}

/** Endpoint, channel and webhook pages of one package (root or subpackage), then its groups. */
function apiChildren(
  api: ApiDefinition,
  apiId: string,
  baseSlug: string,
  slugs: SlugAllocator,
  showTypes: boolean,
): NavItem[] {
  const packageChildren = (
    pkg: Pick<Subpackage, 'endpoints' | 'websockets' | 'webhooks' | 'subpackages'>,
    slug: string,
    seen: Set<string>,
  ): NavItem[] => {
    const out: NavItem[] = [];
    for (const endpointId of pkg.endpoints) {
      const endpoint = api.endpoints[endpointId];
      if (!endpoint || endpoint.synthetic) continue;
      out.push({
        type: 'endpoint',
        title: endpoint.title,
        slug: slugs.take(joinSlug(slug, slugify(endpoint.title))),
        apiId,
        endpointId,
        method: endpoint.method,
      });
    }
    for (const channelId of pkg.websockets) {
      const channel = api.websockets[channelId];
      if (!channel) continue;
      out.push({
        type: 'channel',
        title: channel.title,
        slug: slugs.take(joinSlug(slug, slugify(channel.title))),
        apiId,
        channelId,
      });
    }
    for (const webhookId of pkg.webhooks) {
      const webhook = api.webhooks[webhookId];
      if (!webhook) continue;
      out.push({
        type: 'webhook',
        title: webhook.title,
        slug: slugs.take(joinSlug(slug, slugify(webhook.title))),
        apiId,
        webhookId,
        method: webhook.method,
      });
    }
    for (const subpackageId of pkg.subpackages) {
      const sub = api.subpackages[subpackageId];
      // A malformed definition could nest a group in itself; never loop.
      if (!sub || seen.has(subpackageId)) continue;
      const groupSlug = slugs.take(joinSlug(slug, slugify(sub.name)));
      out.push({
        type: 'group',
        title: sub.name,
        slug: groupSlug,
        apiId,
        subpackageId,
        children: packageChildren(sub, groupSlug, new Set([...seen, subpackageId])),
      });
    }
    return out;
  };

  const children = packageChildren(api.rootPackage, baseSlug, new Set());
  const typeIds = Object.keys(api.types);
  if (showTypes && typeIds.length > 0) {
    const typesSlug = slugs.take(joinSlug(baseSlug, 'types'));
    children.push({
      type: 'section',
      title: 'Types',
      slug: typesSlug,
      collapsed: true,
      children: typeIds.map((typeId) => {
        const type = api.types[typeId];
        const title = type?.name ?? typeId;
        return { type: 'type', title, slug: slugs.take(joinSlug(typesSlug, slugify(title))), apiId, typeId };
      }),
    });
  }
  return children;
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
