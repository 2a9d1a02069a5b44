export {
  type CacheObserver,
  createByteCache,
  HEAP_BYTES_PER_JSON_BYTE,
  jsonHeapBytes,
  loadedDocsHeapBytes,
  rememberJsonBytes,
} from './byte-cache.js';
export { purgeKeys } from './cache-policy.js';
export { contentSecurityPolicy } from './csp.js';
export { type DocsHostOptions, type DocsHostService, docsHost } from './plugin.js';
export { refuseMalformedHost } from './request-origin.js';
export { createSingleFlight, type SingleFlight } from './single-flight.js';
export type { SiteRequestContext, SiteRoute, SiteRouteMethod } from './site-routes.js';
