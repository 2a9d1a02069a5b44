/**
 * @sextant/search — the one index and ranking of a docs site (pages by section, endpoints,
 * channels, webhooks, types), isomorphic: the docs host for large sites, MCP and Ask AI on the
 * server; the search box in the browser for small sites.
 */
export {
  MAX_DOCUMENT_TEXT,
  type SearchDocument,
  type SearchKind,
  type SiteSearchOptions,
  type StoredDocument,
  siteSearchDocuments,
} from './documents.js';
export * from './errors.js';
export {
  headingText,
  type MarkdownSection,
  markdownText,
  splitMarkdownSections,
} from './markdown-sections.js';
export { matchPathTemplate, type PathQuery, parsePathQuery } from './path-match.js';
export {
  createSearchIndex,
  loadSearchIndex,
  type SearchHit,
  SearchIndex,
  type SearchOptions,
  type SerializedSearchIndex,
} from './search-index.js';
export { queryTerms, stem } from './text.js';
