/**
 * Links of a site's markdown pages, resolved the way its renderer draws them: one `LinkIndex`
 * per docs definition, and each markdown page's anchors taken from its own render (the headings
 * and ids the reader's page has, components' headings included), computed once per page.
 */
import type { DocsDefinition, MarkdownPage } from '@sextant/definition';
import type { HighlighterCore } from 'shiki/core';
import { withPageHtmlIds } from '../../shared/safe-html.js';
import { pageFormat } from '../mdx/parse-page.js';
import { renderPageContent } from '../mdx/render-page-content.js';
import { authorIds, headingAnchors } from './heading-anchors.js';
import { LinkIndex, type LinkOrigin, resolveLink } from './resolve-link.js';

const anchorCache = new WeakMap<MarkdownPage, ReadonlyMap<string, string>>();
const indexCache = new WeakMap<object, LinkIndex>();

/**
 * The anchors of a markdown page (see `headingAnchors`), from its render.
 * @example pageAnchors(highlighter, page).get('token-refresh') // 'h-token-refresh'
 */
export function pageAnchors(highlighter: HighlighterCore, page: MarkdownPage): ReadonlyMap<string, string> {
  let anchors = anchorCache.get(page);
  if (!anchors) {
    const { toc } = withPageHtmlIds(() =>
      renderPageContent(highlighter, page.markdown, {
        format: pageFormat(page.sourcePath),
        ...(page.sourcePath ? { file: page.sourcePath } : {}),
        ...(page.sourceLine ? { bodyLine: page.sourceLine } : {}),
        headerTitle: page.layout !== 'custom',
      }),
    );
    anchors = headingAnchors(toc, authorIds(page.markdown));
    anchorCache.set(page, anchors);
  }
  return anchors;
}

/** The link index of `definition` (one per definition object). */
export function linkIndexOf(
  definition: Pick<DocsDefinition, 'navigation' | 'pages' | 'homeSlug' | 'config' | 'versions'>,
  highlighter: HighlighterCore,
): LinkIndex {
  let index = indexCache.get(definition);
  if (!index) {
    index = new LinkIndex(definition, (page) => pageAnchors(highlighter, page));
    indexCache.set(definition, index);
  }
  return index;
}

/**
 * What the renderer writes for each link of the page `from` (undefined: as written).
 * @example renderPageContent(h, md, { rewriteLink: pageLinkRewriter(definition, page, '/docs', h) })
 */
export function pageLinkRewriter(
  definition: Pick<DocsDefinition, 'navigation' | 'pages' | 'homeSlug' | 'config' | 'versions'>,
  from: LinkOrigin,
  basePath: string,
  highlighter: HighlighterCore,
): (href: string) => string | undefined {
  const index = linkIndexOf(definition, highlighter);
  return (href) => resolveLink(index, from, href, basePath).href;
}
