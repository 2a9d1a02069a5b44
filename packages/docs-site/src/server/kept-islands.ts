/**
 * Islands kept per site version (issue #30): an island many pages show alike is rendered once and
 * kept as HTML, by the props its HTML shows, in the site version's render cache. It is rendered
 * with a marker id prefix, and markers for its server HTML (highlighted code: `SafeHtml`) and site
 * paths, so a page puts its own in their place; what only the browser's handlers read (the
 * code Copy copies, the slug feedback is sent for) is made the same for every page first.
 * Decided on the server, so the browser's bundle is unchanged.
 */
import { randomBytes } from 'node:crypto';
import type { ComponentType, ReactElement } from 'react';
import { CodeTabsIsland } from '../components/code-tabs.js';
import { Expander } from '../components/expander.js';
import { TryIt } from '../components/explorer.js';
import { HeaderTools } from '../components/header-tools.js';
import { type Island, islandContent, islandElement } from '../components/island.js';
import { PageActionsIsland } from '../components/page-actions.js';
import { PageFeedback } from '../components/page-feedback.js';
import { ResponseTabs } from '../components/response-tabs.js';
import type { SafeHtml } from '../shared/page-data.js';
import { filledHtml, type MarkedHtml, markedHtml } from './marked-html.js';
import { renderedBytes } from './render-cache.js';
import type { RenderCache } from './site.js';
import { escapeHtml } from './static-html.js';

/** Per process, so no text a spec can hold stands for a marker. */
const MARK = `sxisland${randomBytes(8).toString('hex')}`;
/** The id prefix of a kept island. */
const KEPT_PREFIX_MARK = `${MARK}prefix_`;
/** The id prefix (slot 0) or what the page puts in for the marker numbered N (slot N + 1). */
const MARKER = new RegExp(`${MARK}(?:prefix|(\\d+))_`, 'g');
const slotOf = (match: RegExpExecArray) => (match[1] === undefined ? 0 : Number(match[1]) + 1);

/** Stand-ins for what each page puts in a kept island's HTML itself. */
interface Markers {
  /** Server HTML (highlighted code): put in as it is, its id as an attribute value. */
  html(html: SafeHtml): SafeHtml;
  /**
   * A site path (`/docs/pets.md`) written as an attribute or as text: put in escaped. Any other
   * URL React may rewrite (a `javascript:` one), so the page renders the island itself.
   */
  sitePath(url: string): string;
}

/** The markers of one page's island (a class: no closures made per island and page). */
class PageMarkers implements Markers {
  /** What the page puts in, by slot: its id prefix, then the text of each marker by its number. */
  readonly values: string[];
  /** False once a URL the page must render itself was met. */
  keepable = true;

  constructor(idPrefix: string) {
    this.values = [idPrefix];
  }

  private marker(text: string): string {
    return `${MARK}${this.values.push(text) - 2}_`;
  }

  html(html: SafeHtml): SafeHtml {
    return { __html: this.marker(html.__html), id: this.marker(escapeHtml(html.id)) };
  }

  sitePath(url: string): string {
    this.keepable &&= url.startsWith('/');
    return this.marker(escapeHtml(url));
  }
}

/** A kept island: its name and its props as its HTML shows them, with markers. */
interface KeptIsland {
  name: string;
  shownProps: (props: object, markers: Markers) => object | null;
}

function kept<P extends object>(
  island: Island<P>,
  shownProps: (props: P, markers: Markers) => object | null,
) {
  return [island.Component, { name: island.islandName, shownProps }] as [unknown, KeptIsland];
}

/** Code tabs as they show: Copy reads the code on a click only; the page puts in its HTML. */
const shownTabs = <T extends { code?: unknown; html: SafeHtml }>(tabs: readonly T[], markers: Markers) =>
  tabs.map((tab) => ({
    ...tab,
    code: tab.code === undefined ? undefined : '',
    html: markers.html(tab.html),
  }));

/**
 * The islands kept and what their HTML shows: the header tools all of their props (the same on
 * every page); "Try it" and the feedback buttons none (their props tell the browser which
 * operation to open and which page an answer is about); the page actions their actions (the
 * page's markdown URL is put in by the page); the request and response cards their tabs but the
 * code (their highlighted HTML is put in by the page) and, for the response card, not the full
 * view's URL (fetched on a click); a type expander its label (closed, it is its button alone:
 * what it opens to, and where from, is the browser's).
 */
const KEPT_ISLANDS = new Map<unknown, KeptIsland>([
  kept(HeaderTools, (props) => props),
  kept(TryIt, () => null),
  kept(PageFeedback, () => null),
  kept(PageActionsIsland, ({ actions, markdownUrl }, markers) => ({
    actions,
    markdownUrl: markers.sitePath(markdownUrl),
  })),
  kept(CodeTabsIsland, ({ tabs, title }, markers) => ({ title, tabs: shownTabs(tabs, markers) })),
  kept(ResponseTabs, ({ tabs }, markers) => ({ tabs: shownTabs(tabs, markers), fullPageUrl: '' })),
  kept(Expander, ({ label }) => ({ label, shape: { type: 'unknown' }, seen: [], fullPageUrl: '' })),
]);

/**
 * The HTML of the island `element` rendered with `idPrefix`, kept in `cache`, or undefined when
 * it is not an island kept per site version.
 */
export function keptIslandHtml(
  element: ReactElement,
  idPrefix: string,
  cache: RenderCache,
  render: (element: ReactElement, idPrefix: string) => string,
): string | undefined {
  const content = islandContent(element);
  const island = KEPT_ISLANDS.get(content.type);
  if (island === undefined) return undefined;
  const markers = new PageMarkers(idPrefix);
  const shown = island.shownProps(content.props as object, markers);
  if (!markers.keepable) return undefined;
  const cacheKey = `kept-island:${island.name}\0${JSON.stringify(shown)}`;
  let marked = cache.get(cacheKey)?.value as MarkedHtml | undefined;
  if (marked === undefined) {
    const html = render(
      islandElement(content.type as ComponentType<object>, shown as object),
      KEPT_PREFIX_MARK,
    );
    marked = markedHtml(html, MARKER, slotOf);
    cache.set(cacheKey, { value: marked }, renderedBytes(html) + 2 * cacheKey.length);
  }
  return filledHtml(marked, markers.values);
}
