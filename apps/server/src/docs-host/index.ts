export { contentSecurityPolicy } from './csp.js';
export { type DocsHostOptions, type DocsHostService, docsHost } from './plugin.js';
export type { SiteRequestContext, SiteRoute, SiteRouteMethod } from './site-routes.js';
