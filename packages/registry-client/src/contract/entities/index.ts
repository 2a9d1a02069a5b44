/**
 * Zod schemas of the registry's entities and call bodies: the wire contract shared by the
 * server (validation, response serialisation, `/openapi.json`) and the typed client. The
 * server imports them from this package because packages must never import apps.
 */
export * from './ai.js';
export * from './analytics.js';
export * from './common.js';
export * from './definitions.js';
export * from './docs-registration.js';
export * from './docs-sites.js';
export * from './github.js';
export * from './releases.js';
export * from './snippets.js';
export * from './tenancy.js';
export * from './tokens.js';
