/**
 * The docs definition: what a docs site is, independent of where it is stored. A navigation tree
 * of sections, markdown pages, links and API reference sections (endpoint, channel, webhook and
 * type pages, subpackages as groups), the markdown pages themselves and the site config. Plain
 * JSON, so the registry stores it as is and the docs host renders from it.
 *
 * API definitions are referenced by `apiId` (the key the docs project gave them, or the registry
 * id in hosted mode); they travel beside the docs definition, never inside it.
 */
import type { ChannelId, EndpointId, HttpMethod, WebhookId } from '../ir/endpoint.js';
import type { TypeId } from '../ir/types.js';
import type { DocsConfig, PageLayout } from './config.js';

export const DOCS_DEFINITION_VERSION = 1 as const;

export type PageId = string;

export interface MarkdownPage {
  id: PageId;
  title: string;
  /** Without leading slash; '' is the home page. */
  slug: string;
  layout: PageLayout;
  /** The source markdown (front matter removed). Rendered and sanitised by the docs site. */
  markdown: string;
  description?: string;
  /** Where the page came from, for error messages (`pages/intro.md`); `.mdx` pages are strict MDX. */
  sourcePath?: string;
  /** Line of the source file where `markdown` starts (after front matter), for error messages. */
  sourceLine?: number;
}

interface NavBase {
  title: string;
  /** Without leading slash. */
  slug: string;
  /** Slug path of the section that holds it, used for breadcrumbs. */
  hidden?: boolean;
}

export type NavItem =
  | (NavBase & { type: 'section'; children: NavItem[]; collapsed?: boolean })
  | (NavBase & { type: 'page'; pageId: PageId })
  | { type: 'link'; title: string; href: string }
  | (NavBase & { type: 'apiReference'; apiId: string; children: NavItem[] })
  | (NavBase & { type: 'group'; apiId: string; subpackageId: string; children: NavItem[] })
  | (NavBase & { type: 'endpoint'; apiId: string; endpointId: EndpointId; method: HttpMethod })
  | (NavBase & { type: 'channel'; apiId: string; channelId: ChannelId })
  | (NavBase & { type: 'webhook'; apiId: string; webhookId: WebhookId; method: 'GET' | 'POST' })
  | (NavBase & { type: 'type'; apiId: string; typeId: TypeId });

/** Any navigation item that has its own page. */
export type RoutableNavItem = Exclude<NavItem, { type: 'link' }>;

export interface DocsDefinition {
  docsVersion: typeof DOCS_DEFINITION_VERSION;
  config: DocsConfig;
  navigation: NavItem[];
  pages: Record<PageId, MarkdownPage>;
  /** Slug of the page `/` shows: '' when a page has that slug, else the first routable item. */
  homeSlug: string;
}
