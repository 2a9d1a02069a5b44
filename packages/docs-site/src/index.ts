/**
 * @sextant/docs-site — the docs site: React pages rendered on the server and hydrated in the browser.
 * The docs host (apps/server/src/docs-host) serves it through this surface.
 */
export {
  ASSET_BASE,
  type ClientBuild,
  ClientBuildMissingError,
  defaultClientDir,
  loadClientBuild,
} from './build/client-build.js';
export * from './errors.js';
export { type ClientAssets, NONCE_PLACEHOLDER } from './server/document.js';
export { COMMON_LANGUAGES, grammarWaits, loadHighlighter } from './server/highlight.js';
export {
  configureHighlightCaches,
  DEFAULT_HIGHLIGHT_CACHE_BYTES,
  highlightCacheBytes,
} from './server/highlight-caches.js';
export {
  type ApiLinkProblem,
  docsApiLinkProblems,
  docsPageLinkProblems,
  docsRedirectProblems,
  type LinkProblem,
  linkProblemLine,
  type RedirectProblem,
} from './server/links/index.js';
export { renderMarkdown, warmRenderer } from './server/markdown.js';
export {
  findMarkdownFileReferences,
  localReferencePath,
  type MarkdownFileReference,
  resolveProjectPath,
} from './server/markdown-files.js';
export { pageFormat } from './server/mdx/parse-page.js';
export { leadingHeading } from './server/mdx/render-page-content.js';
export { type PagePart, pageHtml, type SharedPart, sharedPart } from './server/page-parts.js';
export { docsPageProblems, type PageProblem, pageProblemLine } from './server/page-problems.js';
export {
  docsChangelogFeed,
  docsFullPageJson,
  docsSearchIndex,
  docsSiteCss,
  type PageKeeping,
  type RenderContext,
  type RenderedPage,
  renderDocsPage,
  renderDocsPageMarkdown,
  renderKeptPage,
} from './server/render.js';
export { boundedRenderCache, DEFAULT_RENDER_CACHE_BYTES, renderedBytes } from './server/render-cache.js';
export { sanitize } from './server/sanitize.js';
export {
  SERVER_SEARCH_MIN_PAGES,
  type SiteSearch,
  searchDocuments,
  searchesOnServer,
  siteSearch,
} from './server/search-index.js';
export {
  createDocsSite,
  type DocsSite,
  dropRenders,
  type RenderCache,
  type RenderCacheFactory,
  type SiteVersion,
} from './server/site.js';
export {
  siteRootOf,
  type VersionedSite,
  versionBase,
  versionedSite,
  viewNoun,
} from './server/site-versions.js';
export type { PageData, PageView } from './shared/page-data.js';
export { FULL_PAGE_PATH } from './shared/page-data.js';
export { type SearchResult, searchResult } from './shared/search.js';
