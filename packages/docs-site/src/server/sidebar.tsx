/**
 * The navigation chrome rendered on the server only (no hydration, no data shipped): header
 * tabs and the sidebar. Collapsed groups are links to their overview page, so the HTML of a page
 * carries the current group's items, not the whole API.
 */
import type { DocsDefinition, NavItem } from '@sextant/definition';
import { renderToStaticMarkup } from 'react-dom/server';
import { InlineTitle } from '../components/inline-title.js';
import { TabIcon } from './nav-icon.js';
import { type PagePart, pageHtml } from './page-parts.js';
import {
  type SidebarCache,
  type SidebarTemplate,
  sidebarTemplate,
  templateParts,
} from './sidebar-template.js';
import { NavbarLinks } from './site-chrome.js';
import { escapeHtml, inlineTitleHtml, sitePathAttr } from './static-html.js';

/**
 * True when `item` or an item under it is the page at `currentSlug`, or a path prefix of it
 * (`rest/repos` of `rest/repos/get`: `changelog/page/2` has no item of its own).
 */
export function isCurrentOrAncestor(item: NavItem, currentSlug: string): boolean {
  if (item.type === 'link') return false;
  if (!('children' in item)) return item.slug === currentSlug || currentSlug.startsWith(`${item.slug}/`);
  const slugs = subtreeSlugs(item);
  if (slugs.has(currentSlug)) return true;
  for (let at = currentSlug.indexOf('/'); at !== -1; at = currentSlug.indexOf('/', at + 1))
    if (slugs.has(currentSlug.slice(0, at))) return true;
  return false;
}

/** The slugs of a group and of every item under it (links have none), once per navigation. */
const subtreeSlugsOf = new WeakMap<NavItem, ReadonlySet<string>>();

function subtreeSlugs(item: Extract<NavItem, { children: NavItem[] }>): ReadonlySet<string> {
  const known = subtreeSlugsOf.get(item);
  if (known) return known;
  const slugs = new Set<string>([item.slug]);
  for (const child of item.children) {
    if ('children' in child) for (const slug of subtreeSlugs(child)) slugs.add(slug);
    else if (child.type !== 'link') slugs.add(child.slug);
  }
  subtreeSlugsOf.set(item, slugs);
  return slugs;
}

/** The short method label of a sidebar link, shown by CSS (`data-method`): no element per link. */
function methodLabel(item: NavItem): string | undefined {
  if (item.type === 'endpoint' || item.type === 'webhook')
    return item.method === 'DELETE' ? 'DEL' : item.method;
  return item.type === 'channel' ? 'WSS' : undefined;
}

/**
 * Links per list element in a long list. An API group can list hundreds of endpoints; each chunk
 * of this many is its own `<ul>` with `content-visibility: auto`, so the browser styles and lays
 * out only the chunks on screen (the first render of a 200-endpoint group costs a few chunks, not
 * the whole list). Shorter lists stay one element.
 */
export const NAV_CHUNK_SIZE = 25;

/** `items` split into runs of NAV_CHUNK_SIZE, or one run when the list is short. */
export function navChunks<T>(items: T[]): T[][] {
  if (items.length <= NAV_CHUNK_SIZE * 2) return [items];
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += NAV_CHUNK_SIZE) chunks.push(items.slice(i, i + NAV_CHUNK_SIZE));
  return chunks;
}

/**
 * Most links one list shows. A group of more (an untagged API of thousands of operations) shows
 * the NAV_WINDOW links around the current page and a link to the group's page listing them all,
 * so no page's HTML grows with the API (issue #17: every page under 150 KB).
 */
export const NAV_LIST_MAX = 200;
export const NAV_WINDOW = 100;

/** The part of a long list the sidebar shows: `items` whole, or a window around the current page. */
export function navWindow<T extends NavItem>(
  items: T[],
  currentSlug: string,
): { shown: T[]; hidden: number } {
  if (items.length <= NAV_LIST_MAX) return { shown: items, hidden: 0 };
  const current = items.findIndex((item) => isCurrentOrAncestor(item, currentSlug));
  const start = Math.max(0, Math.min(current - NAV_WINDOW / 2, items.length - NAV_WINDOW));
  return { shown: items.slice(start, start + NAV_WINDOW), hidden: items.length - NAV_WINDOW };
}

/**
 * The lists of `all`, as HTML: one `<ul>`, or a run of chunks, or a window of a long list and a
 * link to the group's page. Written as strings (`static-html.ts`), not React elements: a
 * sidebar holds hundreds of links and none of them is interactive.
 */
function navListHtml(
  all: NavItem[],
  currentSlug: string,
  basePath: string,
  /** The group holding the list: where "All N" links to when the list is cut. */
  parent?: { slug: string; count: number },
  /** A window of a longer list: its runs start anywhere, so their HTML is not kept. */
  windowed = false,
): string {
  const { shown: items, hidden } = navWindow(all, currentSlug);
  if (hidden > 0 && parent)
    return `${navListHtml(items, currentSlug, basePath, undefined, true)}<p class="sx-nav-more"><a class="sx-nav-link" href="${sitePathAttr(basePath, parent.slug)}">All ${parent.count} in this group</a></p>`;
  const chunks = navChunks(items);
  // The last chunk may be short: it renders always, so no size has to be guessed for it.
  return chunks
    .map((chunk, i) => navListChunkHtml(chunk, currentSlug, basePath, !windowed, i < chunks.length - 1))
    .join('');
}

/**
 * The HTML of the items that are neither the current page nor one of its ancestors, by item (an
 * object of the site version's navigation, so a new version starts empty and an old one is
 * collected with it), then base path. Such an item renders the same on every page, so a page
 * renders only its own link and the groups on its way down (issue #30: the sidebar of an API of
 * 1,000 endpoints is rendered once per site version, not per page).
 */
const settledItems = new WeakMap<NavItem, Map<string, string>>();

function navListChunkHtml(
  items: NavItem[],
  currentSlug: string,
  basePath: string,
  /** Whether the run's HTML is kept for other pages ({@link chunkHtml}). */
  keep: boolean,
  deferred: boolean,
): string {
  const html = keep
    ? chunkHtml(items, currentSlug, basePath)
    : items.map((item) => navItemHtml(item, currentSlug, basePath)).join('');
  return `<ul class="${deferred ? 'sx-nav-list sx-nav-chunk' : 'sx-nav-list'}">${html}</ul>`;
}

/**
 * A run of items with none of them the current page or one of its ancestors renders the same on
 * every page (issue #30: joining a 200-link group's items was ~5 % of an endpoint page's render):
 * its HTML is kept by its first item (an object of the site version's navigation) with
 * the items it was made of (compared on use: the same first item may open a shorter run elsewhere),
 * the slugs under them, and the HTML by base path.
 */
interface SettledChunk {
  items: readonly NavItem[];
  slugs: ReadonlySet<string>;
  html: Map<string, string>;
}
const settledChunks = new WeakMap<NavItem, SettledChunk[]>();

/** True when `slugs` holds `currentSlug` or a path prefix of it (as {@link isCurrentOrAncestor}). */
function holdsCurrent(slugs: ReadonlySet<string>, currentSlug: string): boolean {
  if (slugs.has(currentSlug)) return true;
  for (let at = currentSlug.indexOf('/'); at !== -1; at = currentSlug.indexOf('/', at + 1))
    if (slugs.has(currentSlug.slice(0, at))) return true;
  return false;
}

function chunkHtml(items: NavItem[], currentSlug: string, basePath: string): string {
  const first = items[0];
  if (first === undefined) return '';
  let known = settledChunks.get(first);
  if (known === undefined) {
    known = [];
    settledChunks.set(first, known);
  }
  let chunk = known.find(
    (candidate) =>
      candidate.items.length === items.length && candidate.items.every((item, i) => item === items[i]),
  );
  if (!chunk) {
    const slugs = new Set<string>();
    for (const item of items) {
      if ('children' in item) for (const slug of subtreeSlugs(item)) slugs.add(slug);
      else if (item.type !== 'link') slugs.add(item.slug);
    }
    chunk = { items: [...items], slugs, html: new Map() };
    known.push(chunk);
  }
  if (holdsCurrent(chunk.slugs, currentSlug))
    return items.map((item) => navItemHtml(item, currentSlug, basePath)).join('');
  let html = chunk.html.get(basePath);
  if (html === undefined) {
    html = items.map((item) => navItemHtml(item, currentSlug, basePath)).join('');
    chunk.html.set(basePath, html);
  }
  return html;
}

function navItemHtml(item: NavItem, currentSlug: string, basePath: string): string {
  if (isCurrentOrAncestor(item, currentSlug)) return navItemViewHtml(item, currentSlug, basePath);
  let byBase = settledItems.get(item);
  if (byBase === undefined) {
    byBase = new Map();
    settledItems.set(item, byBase);
  }
  let html = byBase.get(basePath);
  if (html === undefined) {
    html = navItemViewHtml(item, currentSlug, basePath);
    byBase.set(basePath, html);
  }
  return html;
}

/** A link the site's config lists: React writes it, blocking a `javascript:` URL. */
function NavLinkView({ item }: { item: Extract<NavItem, { type: 'link' }> }) {
  return (
    <li>
      <a
        className="sx-nav-link"
        href={item.href}
        rel={/^https?:/.test(item.href) ? 'noopener noreferrer' : undefined}
      >
        {item.title} {/^https?:/.test(item.href) ? <span aria-hidden="true">↗</span> : null}
      </a>
    </li>
  );
}

/** The `<li>` of a sidebar item: a group (its list when open) or a page's link. */
function navItemViewHtml(item: NavItem, currentSlug: string, basePath: string): string {
  if (item.type === 'link') return renderToStaticMarkup(<NavLinkView item={item} />);
  if (item.hidden) return '';
  const href = sitePathAttr(basePath, item.slug);
  const current = item.slug === currentSlug ? ' aria-current="page"' : '';
  const title = inlineTitleHtml(item.title);
  // A changelog is one link: its entries are listed on its page, not in the sidebar.
  if ('children' in item && item.type !== 'changelog') {
    const expanded =
      item.type === 'section' && !item.collapsed ? true : isCurrentOrAncestor(item, currentSlug);
    const list = expanded
      ? navListHtml(item.children, currentSlug, basePath, { slug: item.slug, count: item.children.length })
      : '';
    return `<li class="sx-nav-group" data-expanded="${expanded}"><a class="sx-nav-link sx-nav-group-link" href="${href}"${current}><span class="sx-nav-chevron" aria-hidden="true"></span>${title}</a>${list}</li>`;
  }
  // A group can list hundreds of endpoints: one element per link keeps the page light.
  const method = methodLabel(item);
  const methodAttr = method === undefined ? '' : ` data-method="${escapeHtml(method)}"`;
  return `<li><a class="sx-nav-link" href="${href}"${current}${methodAttr}>${title}</a></li>`;
}

/**
 * A search button outside the header island (searchbar placement HEADER_TABS or SIDEBAR):
 * server-only markup; the header island opens the search dialog on its click.
 */
export function SearchTrigger({ className }: { className: string }) {
  return (
    <button
      type="button"
      className={`sx-search-button ${className}`}
      data-sx-search=""
      aria-haspopup="dialog"
    >
      <span>Search</span>
      <kbd className="sx-kbd">/</kbd>
    </button>
  );
}

/**
 * The site's tabs: its `tab` entries when it has any; else its top-level sections and API
 * references when there are two or more of them. Top-level pages and links outside the tabs stay
 * in the sidebar of every tab.
 */
export function navigationTabs(definition: DocsDefinition): TabItem[] | undefined {
  const explicit = definition.navigation.filter((item): item is TabItem => item.type === 'tab');
  if (explicit.length > 0) return explicit;
  const implicit = definition.navigation.filter(
    (item): item is TabItem => item.type === 'section' || item.type === 'apiReference',
  );
  return implicit.length >= 2 ? implicit : undefined;
}

type TabItem = Extract<NavItem, { type: 'tab' | 'section' | 'apiReference' }>;

export function Tabs({
  tabs,
  currentSlug,
  basePath,
  landmark = true,
}: {
  tabs: TabItem[];
  currentSlug: string;
  basePath: string;
  landmark?: boolean;
}) {
  const Wrapper = landmark ? 'nav' : 'div';
  return (
    <Wrapper className="sx-tabs-nav" aria-label={landmark ? 'Sections' : undefined}>
      <ul>
        {tabs.map((tab) =>
          tab.hidden ? null : (
            <li key={tab.slug}>
              <a
                href={`${basePath}/${tab.slug}`}
                className="sx-tab-link"
                aria-current={isCurrentOrAncestor(tab, currentSlug) ? 'true' : undefined}
              >
                <TabIcon name={tab.type === 'tab' ? tab.icon : undefined} />
                <InlineTitle text={tab.title} />
              </a>
            </li>
          ),
        )}
      </ul>
    </Wrapper>
  );
}

/**
 * What the sidebar lists: without tabs the whole navigation; with tabs, in navigation order, the
 * entries outside every tab and, in place of the current tab, its tree.
 */
export function sidebarItems(definition: DocsDefinition, currentSlug: string): NavItem[] {
  const tabs = navigationTabs(definition);
  if (!tabs) return definition.navigation;
  const current = tabs.find((tab) => isCurrentOrAncestor(tab, currentSlug));
  return definition.navigation.flatMap((item) =>
    !tabs.includes(item as TabItem) ? [item] : item === current && 'children' in item ? item.children : [],
  );
}

/** What the sidebar shows above its lists: the search button, the tabs, the navbar's links. */
function SidebarTop({
  definition,
  currentSlug,
  basePath,
}: {
  definition: DocsDefinition;
  currentSlug: string;
  basePath: string;
}) {
  const search = definition.config.layout.searchbarPlacement === 'SIDEBAR';
  const tabs = navigationTabs(definition);
  return (
    <>
      {search ? <SearchTrigger className="sx-search-sidebar" /> : null}
      {/* With header tabs this copy only shows on small screens, where the header has no room. */}
      {tabs ? <Tabs tabs={tabs} currentSlug={currentSlug} basePath={basePath} landmark={false} /> : null}
      {/* The navbar's links, on small screens where the header has no room for them. */}
      <NavbarLinks config={definition.config} className="sx-navbar sx-navbar-drawer" />
    </>
  );
}

type Group = Extract<NavItem, { children: NavItem[] }>;

/** Each slug's item and the group listing it, by navigation; null for a slug listed twice. */
const placesOf = new WeakMap<DocsDefinition, Map<string, { item: NavItem; group: Group } | null>>();

function placeOf(definition: DocsDefinition, slug: string): { item: NavItem; group: Group } | undefined {
  let places = placesOf.get(definition);
  if (!places) {
    const found = new Map<string, { item: NavItem; group: Group } | null>();
    const visit = (group: Group) => {
      for (const item of group.children) {
        if (item.type !== 'link') found.set(item.slug, found.has(item.slug) ? null : { item, group });
        if ('children' in item) visit(item);
      }
    };
    for (const item of definition.navigation) {
      if (item.type !== 'link') found.set(item.slug, null);
      if ('children' in item) visit(item);
    }
    places = found;
    placesOf.set(definition, places);
  }
  return places.get(slug) ?? undefined;
}

/**
 * The slug no page has that every page directly under `group` (`group/x`) shares its ancestors
 * with: the sidebar for it is the group's pages' sidebar with none of them current.
 */
const groupTemplateSlug = (group: Group) => `${group.slug}/\u0000`;

/** Where `part` is in `html` when it is there exactly once (a non-empty part), else -1. */
function onlyOffset(html: string, part: string): number {
  const at = part === '' ? -1 : html.indexOf(part);
  return at === -1 || html.indexOf(part, at + 1) !== -1 ? -1 : at;
}

/** How every link item of the sidebar's HTML starts (a page's, or a config link React writes). */
const LINK_ITEM_START = '<li><a class="sx-nav-link" href="';

/**
 * Where the link item of each href is in a kept sidebar, -1 for an href linked twice, by
 * template: a page's link is found by its href instead of searching the whole sidebar for it
 * twice (once, and once more to know it is there only once) on every page.
 */
const linkOffsetsOf = new WeakMap<SidebarTemplate, ReadonlyMap<string, number>>();

function linkOffsets(template: SidebarTemplate): ReadonlyMap<string, number> {
  let offsets = linkOffsetsOf.get(template);
  if (offsets === undefined) {
    const found = new Map<string, number>();
    const { html } = template;
    for (let at = html.indexOf(LINK_ITEM_START); at !== -1; at = html.indexOf(LINK_ITEM_START, at + 1)) {
      const hrefStart = at + LINK_ITEM_START.length;
      const href = html.slice(hrefStart, html.indexOf('"', hrefStart));
      found.set(href, found.has(href) ? -1 : at);
    }
    offsets = found;
    linkOffsetsOf.set(template, offsets);
  }
  return offsets;
}

/**
 * Where a group cut to a window is in its kept sidebar (its `<li>` with no page current: the
 * window at its start), by template: found once, not per page of the group.
 */
const windowedGroupSpans = new WeakMap<SidebarTemplate, { at: number; length: number } | null>();

function windowedGroupSpan(
  template: SidebarTemplate,
  group: Group,
  templateSlug: string,
  basePath: string,
): { at: number; length: number } | null {
  let span = windowedGroupSpans.get(template);
  if (span === undefined) {
    const settled = navItemHtml(group, templateSlug, basePath);
    const at = onlyOffset(template.html, settled);
    span = at === -1 ? null : { at, length: settled.length };
    windowedGroupSpans.set(template, span);
  }
  return span;
}

/**
 * The sidebar's inner HTML as parts: for a page listed directly under its group (slug `group/x`,
 * the slug listed once), the group's sidebar with no page current, kept in `cache` as shared
 * chunks, with the page's link swapped for its current form in the chunk holding it (issue #30:
 * the sidebar was ~5 % of an endpoint page's render, and ~40 % of its bytes). Such a page's
 * ancestors, open groups, windows and chunks are those of {@link groupTemplateSlug}'s (every test
 * on the current page is by slug equality or by `/`-prefixes, which the two share), so only its
 * own link differs; in a group cut to a window (more than NAV_LIST_MAX pages) the window moves
 * with the page too, so the page's whole group item is swapped instead (issue #30: such pages
 * rendered the whole sidebar, ~0.4 ms each). Anything else renders whole, as the page's own text.
 */
export function sidebarParts(
  definition: DocsDefinition,
  currentSlug: string,
  basePath: string,
  cache: SidebarCache | undefined,
): PagePart[] {
  // With tabs, the sidebar lists the current tab's tree and what is outside every tab.
  const whole = (slug: string) =>
    renderToStaticMarkup(<SidebarTop definition={definition} currentSlug={slug} basePath={basePath} />) +
    navListHtml(sidebarItems(definition, slug), slug, basePath);
  const place = cache ? placeOf(definition, currentSlug) : undefined;
  if (!cache || !place) return [whole(currentSlug)];
  const { item, group } = place;
  const own = currentSlug.slice(group.slug.length + 1);
  if (
    'children' in item ||
    item.type === 'link' ||
    item.hidden ||
    !group.slug ||
    !currentSlug.startsWith(`${group.slug}/`) ||
    own === '' ||
    own.includes('/')
  )
    return [whole(currentSlug)];
  const templateSlug = groupTemplateSlug(group);
  const key = `sidebar:${basePath}:${group.slug}`;
  let template = cache.get(key);
  if (template === undefined) {
    template = sidebarTemplate(whole(templateSlug));
    cache.set(key, template);
  }
  if (group.children.length > NAV_LIST_MAX) {
    const span = windowedGroupSpan(template, group, templateSlug, basePath);
    if (span === null) return [whole(currentSlug)];
    return templateParts(template, span.at, span.at + span.length, navItemHtml(group, currentSlug, basePath));
  }
  const settled = navItemHtml(item, templateSlug, basePath);
  const at = linkOffsets(template).get(sitePathAttr(basePath, item.slug)) ?? -1;
  if (at === -1 || !template.html.startsWith(settled, at)) return [whole(currentSlug)];
  return templateParts(template, at, at + settled.length, navItemHtml(item, currentSlug, basePath));
}

/** The sidebar element around `html`, its inner HTML (see {@link sidebarParts}). */
export function SidebarNav({ html }: { html: string }) {
  return (
    <nav
      id="sx-sidebar"
      className="sx-sidebar"
      aria-label="Documentation"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own render of the sidebar's elements
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function Sidebar({
  definition,
  currentSlug,
  basePath,
  cache,
}: {
  definition: DocsDefinition;
  currentSlug: string;
  basePath: string;
  /** Where the HTML shared by the pages of a group is kept (none: every sidebar renders whole). */
  cache?: SidebarCache;
}) {
  return <SidebarNav html={pageHtml({ parts: sidebarParts(definition, currentSlug, basePath, cache) })} />;
}
