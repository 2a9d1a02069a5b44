/**
 * Docs sites: init a registration (v1 by domain, v2 by URL with base path and custom domains,
 * preview at a generated URL), register a docs definition with the API definitions it uses,
 * then load by domain or URL, and manage the URL records (metadata, archive, ownership, delete).
 * Every write is one transaction and invalidates the affected sites on every replica. A host name
 * (every port) and every path under it belong to one organization (host-ownership.ts).
 */
import { docsHostHandlers } from './docs-host-calls.js';
import { docsLoadingHandlers } from './docs-loading.js';
import { docsRegistrationHandlers } from './docs-registration.js';
import { docsUrlHandlers } from './docs-urls.js';

/** The docs calls, by part: registration, loading, URL records, calls by host name. */
export const docsHandlers = {
  ...docsRegistrationHandlers,
  ...docsLoadingHandlers,
  ...docsUrlHandlers,
  ...docsHostHandlers,
};
