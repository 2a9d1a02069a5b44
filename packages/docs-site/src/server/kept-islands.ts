/**
 * Islands kept per site version (issue #30): an island many pages show alike is rendered once and
 * kept as HTML, by the props its HTML shows, in the site version's render cache. It is rendered
 * with a marker id prefix and its server HTML (highlighted code: `SafeHtml`) as markers, so a
 * page puts its own prefix and HTML in their place; what only the browser's handlers read (the
 * code Copy copies, the slug feedback is sent for) is made the same for every page first.
 * Decided on the server, so the browser's bundle is unchanged.
 */
import { randomBytes } from 'node:crypto';
import type { ComponentType, ReactElement } from 'react';
import { CodeTabsIsland } from '../components/code-tabs.js';
import { TryIt } from '../components/explorer.js';
import { HeaderTools } from '../components/header-tools.js';
import { type Island, islandContent, islandElement } from '../components/island.js';
import { PageFeedback } from '../components/page-feedback.js';
import { ResponseTabs } from '../components/response-tabs.js';
import type { SafeHtml } from '../shared/page-data.js';
import { renderedBytes } from './render-cache.js';
import type { RenderCache } from './site.js';
import { escapeHtml } from './static-html.js';

/** Per process, so no text a spec can hold stands for a marker. */
const MARK = `sxisland${randomBytes(8).toString('hex')}`;
/** The id prefix of a kept island. */
const KEPT_PREFIX_MARK = `${MARK}prefix_`;
const SERVER_HTML_MARK = new RegExp(`${MARK}(html|id)(\\d+)_`, 'g');

/** Stands for a piece of server HTML in a kept island: the page puts its own in its place. */
type MarkServerHtml = (html: SafeHtml) => SafeHtml;

/** A kept island: its name and its props as its HTML shows them, its server HTML marked. */
interface KeptIsland {
  name: string;
  shownProps: (props: object, mark: MarkServerHtml) => object | null;
}

function kept<P extends object>(
  island: Island<P>,
  shownProps: (props: P, mark: MarkServerHtml) => object | null,
) {
  return [island.Component, { name: island.islandName, shownProps }] as [unknown, KeptIsland];
}

/** Code tabs as they show: Copy reads the code on a click only; the page puts in its HTML. */
const shownTabs = <T extends { code?: unknown; html: SafeHtml }>(tabs: readonly T[], mark: MarkServerHtml) =>
  tabs.map((tab) => ({ ...tab, code: tab.code === undefined ? undefined : '', html: mark(tab.html) }));

/**
 * The islands kept and what their HTML shows: the header tools all of their props (the same on
 * every page); "Try it" and the feedback buttons none (their props tell the browser which
 * operation to open and which page an answer is about); the request and response cards their
 * tabs but the code (their highlighted HTML is put in by the page) and, for the response card,
 * not the full view's URL (fetched on a click).
 */
const KEPT_ISLANDS = new Map<unknown, KeptIsland>([
  kept(HeaderTools, (props) => props),
  kept(TryIt, () => null),
  kept(PageFeedback, () => null),
  kept(CodeTabsIsland, ({ tabs, title }, mark) => ({ title, tabs: shownTabs(tabs, mark) })),
  kept(ResponseTabs, ({ tabs }, mark) => ({ tabs: shownTabs(tabs, mark), fullPageUrl: '' })),
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
  const pieces: SafeHtml[] = [];
  const shown = island.shownProps(content.props as object, (html) => {
    const index = pieces.push(html) - 1;
    return { __html: `${MARK}html${index}_`, id: `${MARK}id${index}_` };
  });
  const cacheKey = `kept-island:${island.name}\0${JSON.stringify(shown)}`;
  let html = cache.get(cacheKey)?.value as string | undefined;
  if (html === undefined) {
    html = render(islandElement(content.type as ComponentType<object>, shown as object), KEPT_PREFIX_MARK);
    cache.set(cacheKey, { value: html }, renderedBytes(html) + 2 * cacheKey.length);
  }
  html = html.replaceAll(KEPT_PREFIX_MARK, idPrefix);
  if (pieces.length === 0) return html;
  return html.replace(SERVER_HTML_MARK, (_marker, kind: string, index: string) => {
    const piece = pieces[Number(index)] as SafeHtml;
    // Server HTML goes in as it is (`dangerouslySetInnerHTML`), its id as an attribute value.
    return kind === 'html' ? piece.__html : escapeHtml(piece.id);
  });
}
