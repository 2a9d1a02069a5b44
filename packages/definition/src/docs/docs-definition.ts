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
  /**
   * When the page's file last changed (ISO 8601): its last commit when the project is a git
   * repository, else the file's modification time, read when the project was loaded or published.
   */
  lastUpdated?: string;
  /** A changelog entry's date (`YYYY-MM-DD`), from its file name or front matter. */
  date?: string;
  /** A changelog entry's tags (front matter `tags`). */
  tags?: string[];
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
  /** A top-level tab (docs.yml `- tab:`): the header (or sidebar) lists tabs, the sidebar the current one's tree. */
  | (NavBase & { type: 'tab'; children: NavItem[]; icon?: string })
  /**
   * A changelog (docs.yml `- changelog:`): its page lists the entries, newest first, a page of
   * them at a time; each entry (a markdown page with a `date`) has a page of its own.
   */
  | (NavBase & { type: 'changelog'; children: NavItem[] })
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
  /**
   * docs.yml `versions`: the first is the default, whose navigation is `navigation` above and
   * whose pages have no prefix; every other version's slugs start with its own (`v1/…`).
   */
  versions?: DocsVersion[];
  /**
   * `product` when `versions` are docs.yml `products`: independent doc sets read like versions
   * (own URLs, navigation, search, llms.txt, MCP), chosen with a product switcher, no banner.
   */
  versionKind?: 'product';
}

/** One version of a versioned site (docs.yml `versions`), or one product (docs.yml `products`). */
export interface DocsVersion {
  /** What the selector shows (`v2`, `2024-06`). */
  name: string;
  /** Its URL prefix (`v2`); a page of the version `v1` lives at `/v1/…`. */
  slug: string;
  /** The first version: its pages have no prefix (`/v2/…` redirects to them). */
  default?: boolean;
  /** Readers of this version see a banner pointing at the default one. */
  deprecated?: boolean;
  /** Left out of the selector (still served at its URLs). */
  hidden?: boolean;
  /** A product's icon in the switcher (a bundled icon name). */
  icon?: string;
  /** The version's navigation; absent for the default version (it is `DocsDefinition.navigation`). */
  navigation?: NavItem[];
  /** Slug of the version's home page. */
  homeSlug: string;
}
