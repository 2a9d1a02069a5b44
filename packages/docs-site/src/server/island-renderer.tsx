/**
 * The server's side of islands (`components/island.tsx`): each island rendered as a root of its
 * own with a `useId` prefix unique on the page, and static subtrees many pages of a site version
 * show (a shared schema's property rows) rendered once and kept as HTML (issue #30).
 *
 * A kept subtree is a template: its islands rendered with marker id prefixes and the page's full
 * view URL as a marker, so the HTML is the same whichever page renders it first. A page puts its
 * own prefixes (counted on in the page's order) and URL in place of the markers. The URL is only
 * put in when it reads the same escaped for an attribute and for JSON in one (no `"&'<>\` nor
 * control characters); otherwise the page renders the subtree itself. The subtrees a page asks
 * for at once (a list's rows) that are not kept yet are rendered together, as one React root.
 * Islands many pages show alike are kept on their own the same way (`kept-islands.ts`), on a page
 * and in a kept subtree.
 */
import { randomBytes } from 'node:crypto';
import { Fragment, type ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { type IslandRenderer, IslandRendererProvider, type SharedSubtree } from '../components/island.js';
import { keptIslandHtml } from './kept-islands.js';
import { filledHtml, type MarkedHtml, markedHtml } from './marked-html.js';
import { renderedBytes } from './render-cache.js';
import type { RenderCache } from './site.js';
import { escapeHtml } from './static-html.js';

/** Per process, so no text a spec can hold stands for a marker. */
const MARK = `sxkept${randomBytes(8).toString('hex')}`;
const URL_MARK = `${MARK}url`;
/** The id prefix of the subtree's island N (slot N), or the page's URL (the slot after the islands'). */
const MARKER = new RegExp(`${MARK}(?:i(\\d+)_|url)`, 'g');

/**
 * A kept subtree: its HTML (split at its markers when it holds any: most rows hold none) and how
 * many islands it holds.
 */
interface Template {
  html: string | MarkedHtml;
  islands: number;
}

const islandHtml = (element: ReactElement, idPrefix: string) =>
  renderToString(element, { identifierPrefix: idPrefix });

/** The island `element` rendered with `idPrefix`: kept in `kept` when many pages show it alike. */
const renderedIsland = (element: ReactElement, idPrefix: string, kept: RenderCache | undefined) =>
  (kept && keptIslandHtml(element, idPrefix, kept, islandHtml)) ?? islandHtml(element, idPrefix);

/** Ends each subtree rendered with others: a text no spec can hold. */
const SUBTREE_END = `${MARK}end`;

/**
 * The templates of `builds`, rendered together as one React root (a root costs its render state:
 * the rows a page shows first were a root each). Their islands are numbered on across the
 * subtrees; each template numbers its own from 0.
 */
function templates(builds: readonly SharedSubtree['build'][], kept: RenderCache): Template[] {
  let islands = 0;
  const markers: IslandRenderer = {
    render(element) {
      const idPrefix = `${MARK}i${islands}_`;
      islands += 1;
      return { html: renderedIsland(element, idPrefix, kept), idPrefix };
    },
  };
  const html = renderToStaticMarkup(
    <IslandRendererProvider value={markers}>
      {builds.map((build, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the subtrees' order is all there is to them
        <Fragment key={i}>
          {build(URL_MARK)}
          {SUBTREE_END}
        </Fragment>
      ))}
    </IslandRendererProvider>,
  );
  return html.split(SUBTREE_END).slice(0, builds.length).map(template);
}

/**
 * The template of a subtree's HTML: its islands' markers (numbered on from the subtrees rendered
 * before it, each island's at least once: its container's id) numbered from 0, then its URL's.
 */
function template(html: string): Template {
  const marked = markedHtml(html, MARKER, (match) => (match[1] === undefined ? -1 : Number(match[1])));
  if (marked.slots.length === 0) return { html, islands: 0 };
  const numbers = marked.slots.filter((slot) => slot >= 0);
  const first = numbers.length > 0 ? Math.min(...numbers) : 0;
  const islands = numbers.length > 0 ? Math.max(...numbers) - first + 1 : 0;
  const slots = marked.slots.map((slot) => (slot < 0 ? islands : slot - first));
  return { html: { texts: marked.texts, slots }, islands };
}

function keepTemplate(kept: RenderCache, key: string, made: Template): void {
  const text = typeof made.html === 'string' ? made.html : made.html.texts.join('');
  kept.set(key, { value: made }, renderedBytes(text) + 2 * key.length);
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
    return { html: renderedIsland(element, idPrefix, kept), idPrefix };
  };
  if (!kept) return { render };
  // A page asks for all its rows with one URL: checked once.
  let checkedUrl: string | undefined;
  return {
    render,
    sharedHtml(subtrees, fullPageUrl) {
      if (fullPageUrl !== checkedUrl) {
        if (!writtenAsIs(fullPageUrl)) return undefined;
        checkedUrl = fullPageUrl;
      }
      const found = subtrees.map(({ key }) => kept.get(key)?.value as Template | undefined);
      const missing = subtrees.filter((_, i) => found[i] === undefined);
      const made =
        missing.length === 0
          ? []
          : templates(
              missing.map(({ build }) => build),
              kept,
            );
      for (const [i, { key }] of missing.entries()) keepTemplate(kept, key, made[i] as Template);
      let next = 0;
      return found.map((known) => {
        const { html, islands } = known ?? (made[next++] as Template);
        if (typeof html === 'string') return html;
        // This page's next prefixes, in order, then its URL.
        const values = Array.from({ length: islands }, nextIdPrefix);
        values.push(fullPageUrl);
        return filledHtml(html, values);
      });
    },
  };
}
