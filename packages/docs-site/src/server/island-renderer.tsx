/**
 * The server's side of islands (`components/island.tsx`): each island rendered as a root of its
 * own with a `useId` prefix unique on the page, and static subtrees many pages of a site version
 * show (a shared schema's property rows) rendered once and kept as HTML (issue #30).
 *
 * A kept subtree is a template: its islands rendered with marker id prefixes and the page's full
 * view URL as a marker, so the HTML is the same whichever page renders it first. A page puts its
 * own prefixes (counted on in the page's order) and URL in place of the markers. The URL is only
 * put in when it reads the same escaped for an attribute and for JSON in one (no `"&'<>\` nor
 * control characters); otherwise the page renders the subtree itself. Islands many pages show
 * alike are kept on their own the same way (`kept-islands.ts`).
 */
import { randomBytes } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { type IslandRenderer, IslandRendererProvider } from '../components/island.js';
import { keptIslandHtml } from './kept-islands.js';
import { renderedBytes } from './render-cache.js';
import type { RenderCache } from './site.js';
import { escapeHtml } from './static-html.js';

/** Per process, so no text a spec can hold stands for a marker. */
const MARK = `sxkept${randomBytes(8).toString('hex')}`;
const URL_MARK = `${MARK}url`;
const ISLAND_MARK = new RegExp(`${MARK}i(\\d+)_`, 'g');

/** A kept subtree: its HTML with markers, how many islands it holds and whether it holds the URL. */
interface Template {
  html: string;
  islands: number;
  holdsUrl: boolean;
}

const islandHtml = (element: ReactElement, idPrefix: string) =>
  renderToString(element, { identifierPrefix: idPrefix });

function template(build: (fullPageUrl: string) => ReactElement): Template {
  let islands = 0;
  const markers: IslandRenderer = {
    render(element) {
      const idPrefix = `${MARK}i${islands}_`;
      islands += 1;
      return { html: islandHtml(element, idPrefix), idPrefix };
    },
  };
  const html = renderToStaticMarkup(
    <IslandRendererProvider value={markers}>{build(URL_MARK)}</IslandRendererProvider>,
  );
  return { html, islands, holdsUrl: html.includes(URL_MARK) };
}

/** Whether `url` is written the same as text, as an attribute and inside JSON in an attribute. */
const writtenAsIs = (url: string) => escapeHtml(url) === url && JSON.stringify(url) === `"${url}"`;

/**
 * Renders a page's islands, each with the next `useId` prefix of the page (`sx1-`, `sx2-`…);
 * with `kept`, the site version's render cache, it also keeps shared subtrees there.
 */
export function islandRenderer(kept?: RenderCache): IslandRenderer {
  let count = 0;
  const nextIdPrefix = () => {
    count += 1;
    return `sx${count.toString(36)}-`;
  };
  const render: IslandRenderer['render'] = (element) => {
    const idPrefix = nextIdPrefix();
    const html = kept && keptIslandHtml(element, idPrefix, kept, islandHtml);
    return { html: html ?? islandHtml(element, idPrefix), idPrefix };
  };
  if (!kept) return { render };
  return {
    render,
    sharedHtml(key, build, fullPageUrl) {
      if (!writtenAsIs(fullPageUrl)) return undefined;
      const cacheKey = `kept-html:${key}`;
      let found = kept.get(cacheKey)?.value as Template | undefined;
      if (!found) {
        found = template(build);
        kept.set(cacheKey, { value: found }, renderedBytes(found.html) + 2 * cacheKey.length);
      }
      let html = found.html;
      if (found.islands > 0) {
        const prefixes = Array.from({ length: found.islands }, nextIdPrefix);
        html = html.replace(ISLAND_MARK, (_marker, index: string) => prefixes[Number(index)] as string);
      }
      return found.holdsUrl ? html.replaceAll(URL_MARK, fullPageUrl) : html;
    },
  };
}
