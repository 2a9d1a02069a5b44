/**
 * What a page says about itself to search engines and link previews: its description (front
 * matter `description`, else the endpoint's, channel's, webhook's, type's or API's own, as plain
 * text of at most 160 characters; else the site's), whether it may be indexed (not a hidden page,
 * not a preview site, not a page that does not exist) and its canonical URL.
 */
import {
  type ApiDefinition,
  type DocsDefinition,
  indexNavigation,
  isHiddenNavItem,
  type NavItem,
  type RoutableNavItem,
} from '@sextant/definition';
import { markdownText } from '@sextant/search';
import { siteNavigation } from '../links/resolve-link.js';
import type { DocsSite } from '../site.js';

type SlugIndex = Map<string, { item: RoutableNavItem; ancestors: NavItem[] }>;
const versionIndexes = new WeakMap<DocsDefinition, SlugIndex>();

/** The item at `slug` in any version of the site (the default version's first). */
function entryAt(site: DocsSite, slug: string) {
  const found = site.bySlug.get(slug);
  if (found || !site.definition.versions?.length) return found;
  let index = versionIndexes.get(site.definition);
  if (!index) {
    index = indexNavigation(siteNavigation(site.definition));
    versionIndexes.set(site.definition, index);
  }
  return index.get(slug);
}

/** Longest meta description; search engines show about this much. */
export const DESCRIPTION_MAX = 160;

/**
 * `text` cut at a word boundary to at most `max` characters, with an ellipsis when cut.
 * @example clipText('The quick brown fox', 12) // 'The quick…'
 */
export function clipText(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** The markdown description an item of an API carries, if any. */
function itemDescription(item: RoutableNavItem, apis: Record<string, ApiDefinition>): string | undefined {
  const api = 'apiId' in item ? apis[item.apiId] : undefined;
  switch (item.type) {
    case 'endpoint':
      return api?.endpoints[item.endpointId]?.description;
    case 'channel':
      return api?.websockets[item.channelId]?.description;
    case 'webhook':
      return api?.webhooks[item.webhookId]?.description;
    case 'type':
      return api?.types[item.typeId]?.description;
    case 'apiReference':
      return api?.description;
    case 'group':
      return api?.subpackages[item.subpackageId]?.description;
    default:
      return undefined;
  }
}

/** How a page presents itself in the document head. */
export interface PageMeta {
  /** Plain text, at most 160 characters; '' when neither the page nor the site has one. */
  description: string;
  /** Hidden pages, preview sites and missing pages: `<meta name="robots" content="noindex">`. */
  noindex: boolean;
  /** The home page is the site (`website`); every other page an `article`. */
  ogType: 'website' | 'article';
}

/**
 * The head's facts about the page at `slug` of `site`.
 * @example pageMeta(site, 'api/charges/create').description // 'Creates a charge…'
 */
export function pageMeta(site: DocsSite, slug: string): PageMeta {
  const { config } = site.definition;
  const entry = entryAt(site, slug);
  const own = (() => {
    if (!entry) return undefined;
    const { item } = entry;
    if (item.type === 'page') return site.definition.pages[item.pageId]?.description;
    const markdown = itemDescription(item, site.apis);
    return markdown ? markdownText(markdown) : undefined;
  })();
  const description = clipText(own?.trim() || config.metadata?.description || '');
  const hidden = entry ? isHiddenNavItem(entry.item, entry.ancestors) : true;
  return {
    description,
    noindex: hidden || site.preview === true,
    ogType: slug === site.definition.homeSlug ? 'website' : 'article',
  };
}

/**
 * The canonical URL of the page at `slug`: the site's root for the home page.
 * @example canonicalUrl('https://docs.acme.com', '/v2', 'guides/auth', '') // 'https://docs.acme.com/v2/guides/auth'
 */
export function canonicalUrl(origin: string, basePath: string, slug: string, homeSlug: string): string {
  return `${origin}${basePath}/${slug === homeSlug ? '' : slug}`;
}
