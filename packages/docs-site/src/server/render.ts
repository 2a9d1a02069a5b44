/**
 * The docs site's server API, used by the docs host: render a page (HTML), its `.md` variant,
 * the search index and the site stylesheet, with per-site caching.
 */

import type { PageView, SiteView } from '../shared/page-data.js';
import { safeHtml, withPageHtmlIds } from '../shared/safe-html.js';
import { changelogFeed, FEED_CONTENT_TYPES, type FeedContext, feedAt } from './changelog-feed.js';
import { type ClientAssets, type RenderedDocument, renderDocument } from './document.js';
import { loadHighlighter, withLanguages } from './highlight.js';
import { pageMarkdown } from './page-markdown.js';
import { buildPageView, EXAMPLE_PREFIX_LINES } from './page-view.js';
import { renderedBytes } from './render-cache.js';
import { buildSearchIndex } from './search-index.js';
import { canonicalUrl } from './seo/page-meta.js';
import { cached, type DocsSite } from './site.js';
import { siteCss } from './site-css.js';

export interface RenderContext {
  mode: 'local' | 'hosted';
  proxyBaseUrl: string;
  /** '' or '/docs' (hosted sites under a path). */
  basePath: string;
  assets: ClientAssets;
  /** URL of a project file. */
  fileUrl: (path: string) => string;
  /** URLs of the per-site resources (they carry the site version to bust caches). */
  searchIndexUrl: string;
  /** The site stylesheet (`docsSiteCss`), inlined into the page. */
  siteCss: string;
  /** `https://docs.example.com`: the request's origin, for absolute URLs (social cards). */
  origin?: string;
}

/** A page's HTML with its status and the CSP hashes of its inline styles. */
export type RenderedPage = RenderedDocument & { status: 200 | 404 };

/**
 * The view of a page: `full` highlights every example whole, else their first lines. Made for one
 * use and let go, never kept: a page's view is the largest object graph its render makes (issue
 * #30: kept views were most of what a cold walk over GitHub's pages promoted to V8's old
 * generation, and each was weighed by walking it), while what readers ask for again is kept in the
 * form it is sent in: the page (by its host), its full view's JSON and its markdown.
 */
async function view(
  site: DocsSite,
  slug: string,
  basePath: string,
  full = false,
): Promise<PageView | undefined> {
  const highlighter = await loadHighlighter();
  const options = full ? { basePath } : { exampleLines: EXAMPLE_PREFIX_LINES, basePath };
  const v = await withLanguages(highlighter, () =>
    withPageHtmlIds(() => buildPageView(site, highlighter, slug, options)),
  );
  return v ? { ...v, markdownUrl: `${basePath}${v.markdownUrl}` } : undefined;
}

function notFoundView(slug: string): PageView {
  return withPageHtmlIds(() => ({
    kind: 'overview',
    slug,
    title: 'Page not found',
    actions: [],
    markdownUrl: '',
    description: safeHtml(
      '<p>There is no page at this address. Search the docs or pick a page from the navigation.</p>',
    ),
    items: [],
  }));
}

/** The HTML of the page at `slug` (a 404 page when there is none). */
export function renderDocsPage(
  site: DocsSite,
  slug: string,
  ctx: RenderContext,
  theme?: 'light' | 'dark',
): Promise<RenderedPage> {
  return renderKeptPage(site, slug, ctx, AS_RENDERED, theme);
}

/**
 * What a host keeps of a rendered page in the site's render cache instead of the page itself:
 * a server sends a page's bytes, so keeping its parts' strings too would only hold on to their
 * heap (issue #30: ~80 KB a GitHub endpoint page, copied by every scavenge that finds them alive).
 */
export interface PageKeeping<T> {
  /** Names the kept form in its cache key: forms kept by other callers are other entries. */
  readonly name: string;
  /** The kept form of `page`, made once per render (a 404 page is rendered for each request). */
  keep(page: RenderedPage): T;
  /** The bytes `kept` holds, for the render cache's budget. */
  bytes(kept: T): number;
}

const AS_RENDERED: PageKeeping<RenderedPage> = { name: 'html', keep: (page) => page, bytes: renderedBytes };

/**
 * The page at `slug` (a 404 page when there is none) in the form `keeping` keeps, rendered on a
 * miss of the site's render cache.
 * @example const page = await renderKeptPage(site, slug, ctx, { name: 'bytes', keep: (p) => Buffer.from(pageHtml(p)), bytes: (b) => b.length });
 */
export async function renderKeptPage<T>(
  site: DocsSite,
  slug: string,
  ctx: RenderContext,
  keeping: PageKeeping<T>,
  theme?: 'light' | 'dark',
): Promise<T> {
  const found = await view(site, slug, ctx.basePath);
  const siteView: SiteView = {
    title: site.definition.config.title,
    mode: ctx.mode,
    proxyBaseUrl: ctx.proxyBaseUrl,
    searchIndexUrl: ctx.searchIndexUrl,
    basePath: ctx.basePath,
    analytics: site.definition.config.analytics?.playground !== false,
  };
  const render = (page: PageView, canonical?: string) =>
    renderDocument({
      site,
      data: { site: siteView, page },
      assets: ctx.assets,
      fileUrl: ctx.fileUrl,
      siteCss: ctx.siteCss,
      origin: ctx.origin,
      theme,
      ...(canonical ? { canonicalUrl: canonical } : {}),
    });
  if (!found) return keeping.keep({ status: 404, ...render(notFoundView(slug)) });
  const canonical =
    ctx.origin && canonicalUrl(ctx.origin, ctx.basePath, found.slug, site.definition.homeSlug);
  return cached(
    site,
    `${keeping.name}:${ctx.origin ?? ''}${ctx.basePath}:${slug}:${theme ?? ''}:${ctx.assets.entry}`,
    () => keeping.keep({ status: 200, ...render(found, canonical) }),
    keeping.bytes,
  );
}

/**
 * The full view of the page at `slug` as JSON (server HTML included), or undefined: what the
 * client fetches to expand nested types, show whole examples, copy them and open the playground.
 */
export async function docsFullPageJson(
  site: DocsSite,
  slug: string,
  basePath: string,
): Promise<string | undefined> {
  return cached(site, `full-json:${basePath}:${slug}`, async () => {
    const found = await view(site, slug, basePath, true);
    return found && JSON.stringify(found);
  });
}

/** The markdown of the page at `slug` (its links site paths under `basePath`), or undefined. */
export async function renderDocsPageMarkdown(
  site: DocsSite,
  slug: string,
  basePath = '',
): Promise<string | undefined> {
  return cached(site, `md:${basePath}:${slug}`, async () => {
    const found = await view(site, slug, basePath);
    if (!found) return undefined;
    const highlighter = await loadHighlighter();
    return withLanguages(highlighter, () => pageMarkdown(site, found, highlighter, basePath));
  });
}

/**
 * The RSS or Atom feed a site-relative path names (`/changelog/rss.xml`), with its content type;
 * undefined when the path names none. Entries link under `origin` and `basePath`.
 */
export async function docsChangelogFeed(
  site: DocsSite,
  rel: string,
  context: FeedContext,
): Promise<{ body: string; contentType: string } | undefined> {
  const at = feedAt(site, rel);
  if (!at) return undefined;
  const highlighter = await loadHighlighter();
  const body = await cached(site, `feed:${context.origin}${context.basePath}${rel}`, () =>
    withLanguages(highlighter, () =>
      withPageHtmlIds(() => changelogFeed(site, highlighter, at.item, at.format, context)),
    ),
  );
  return { body, contentType: FEED_CONTENT_TYPES[at.format] };
}

/** The serialised search index of the site. */
export function docsSearchIndex(site: DocsSite): Promise<string> {
  return cached(site, 'search', () => buildSearchIndex(site));
}

/** The per-site stylesheet. */
export async function docsSiteCss(site: DocsSite, fileUrl: (path: string) => string): Promise<string> {
  await loadHighlighter();
  return cached(site, 'css', () => siteCss(site.definition.config, fileUrl));
}
