/**
 * Site routes: endpoints that belong to one docs site (Ask AI, llms.txt, the MCP endpoint,
 * playground analytics) and so live under the site's base path on the site's host. Other
 * plugins add them through `app.docsHost.addSiteRoute`; the docs host resolves the site for
 * the request (local project, or the registry's site for the host and path) and calls the
 * route's handler with it. A route is matched by method and by its path relative to the base
 * path, so the same route serves `docs.acme.com/llms.txt` and `acme.com/docs/llms.txt`.
 *
 * The docs host's own resources (search, the site's stylesheet, its files, the favicon:
 * site-resources.ts) are rows of the same table; a path ending in `/*` matches every path under
 * it (`/_sextant/files/*`), an exact path wins over such a prefix. Pages and their `.md`
 * variants are what no row matches.
 *
 * POST and DELETE bodies reach handlers as raw bytes (`request.body` is a Buffer, at most
 * `SITE_ROUTE_BODY_LIMIT`): signature checks (Slack, Discord) need the exact bytes, and each
 * handler parses what it accepts with its own schema.
 */

import type { DocsSite } from '@sextant/docs-site';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SiteRouteError } from '../errors.js';
import type { SiteFile } from './site-files.js';

export const SITE_ROUTE_BODY_LIMIT = 1024 * 1024;

export type SiteRouteMethod = 'GET' | 'POST' | 'DELETE';

/** The site a site route's request resolved to. */
export interface SiteRequestContext {
  site: DocsSite;
  /** '' or the site's base path ('/docs'), without a trailing slash. */
  basePath: string;
  mode: 'local' | 'hosted';
  /** The request's origin as the reader sees it (`https://docs.acme.com`); undefined when its Host is malformed. */
  origin: string | undefined;
  /**
   * Who owns the site and the docs URL the registry serves it under: hosted mode always; local
   * mode when the server has a registry (its local organization). Undefined when nothing owns it.
   */
  owner(): Promise<{ orgId: string; docsUrl: string } | undefined>;
  /** The request's path relative to the base path (`/_sextant/files/a.png`). */
  rel: string;
  /** The request's query. */
  query: URLSearchParams;
  /** A file of the site by project path (local: from disk; hosted: linked files only). */
  file(path: string): Promise<SiteFile | undefined>;
  /** The file a `/_sextant/files/{address}` URL names. */
  fileAt(address: string): Promise<SiteFile | undefined>;
}

export interface SiteRoute {
  method: SiteRouteMethod;
  /**
   * Path relative to the site's base path, starting with `/` (`/llms.txt`, `/_sextant/ai/chat`);
   * ending in `/*`, every path under it.
   */
  path: string;
  handler(request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext): unknown;
}

/** Site routes by method and path; a duplicate is a programming error, said at once. */
export function createSiteRouteTable() {
  const routes = new Map<string, SiteRoute>();
  /** Prefix routes (`/_sextant/files/*`) by their prefix (`/_sextant/files/`). */
  const prefixes: { prefix: string; route: SiteRoute }[] = [];
  const key = (method: string, path: string) => `${method} ${path}`;
  const prefixOf = (route: SiteRoute) => (route.path.endsWith('/*') ? route.path.slice(0, -1) : undefined);
  const underPrefix = (path: string, method?: string) =>
    prefixes.find(
      ({ prefix, route }) => (method === undefined || route.method === method) && path.startsWith(prefix),
    )?.route;
  return {
    add(route: SiteRoute): void {
      if (!route.path.startsWith('/'))
        throw new SiteRouteError(`site route path must start with "/": ${route.path}`);
      const id = key(route.method, route.path);
      if (routes.has(id)) throw new SiteRouteError(`site route ${id} is already registered`);
      routes.set(id, route);
      const prefix = prefixOf(route);
      if (prefix) prefixes.push({ prefix, route });
    },
    find(method: string, path: string): SiteRoute | undefined {
      return routes.get(key(method, path)) ?? underPrefix(path, method);
    },
    /** Whether any route serves this path (another method answers 405). */
    hasPath(path: string): boolean {
      for (const route of routes.values()) if (route.path === path) return true;
      return underPrefix(path) !== undefined;
    },
  };
}

export type SiteRouteTable = ReturnType<typeof createSiteRouteTable>;
