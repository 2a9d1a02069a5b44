/**
 * Which site a request addresses: the local project (or its error page), or the hosted site for
 * its host and path (a 503 while the registry does not answer, a 404 without one); then the
 * version of a versioned site its path names. Also the context a site route is handed.
 */
import { versionedSite } from '@sextant/docs-site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CachePolicy, cacheControl, surrogateHeaders, surrogateKeys } from './cache-policy.js';
import { ERROR_PAGE_CSP } from './csp.js';
import type { HostedSites } from './hosted-sites.js';
import type { LocalSite } from './local-site.js';
import { requestHost } from './request-host.js';
import { requestOrigin } from './request-origin.js';
import { requestPath, sitePathLocation } from './request-path.js';
import type { ResolvedSite } from './resolved-site.js';
import { errorPage, type Send } from './responses.js';
import type { SiteFiles } from './site-files.js';
import type { SiteRequestContext } from './site-routes.js';

export interface SiteLookupOptions {
  mode: 'local' | 'hosted';
  cachePolicy: CachePolicy;
  /** Local mode's site. */
  local?: LocalSite;
  /** Hosted mode's sites. */
  hosted?: HostedSites;
  files: SiteFiles;
  send: Send;
}

/** A request's site and its path relative to the site's (or its version's) base path. */
export interface FoundSite {
  resolved: ResolvedSite;
  rel: string;
}

export function createSiteLookup(app: FastifyInstance, options: SiteLookupOptions) {
  const { mode, send } = options;

  const resolve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
  ): Promise<{ resolved: ResolvedSite | undefined } | undefined> => {
    if (options.local) {
      const state = await options.local.state();
      if (!state.error) return { resolved: state.resolved };
      await send(
        reply.header('content-security-policy', ERROR_PAGE_CSP),
        500,
        'text/html; charset=utf-8',
        errorPage(state.error),
        cacheControl('unavailable', mode),
      );
      return undefined;
    }
    try {
      return { resolved: await options.hosted?.resolve(request, path) };
    } catch (error) {
      // The registry (over HTTP, or its database) does not answer and nothing seen before can stand in.
      request.log.warn(
        { reason: (error as { name?: string }).name },
        'docs host: the registry did not answer',
      );
      reply.header('retry-after', '5');
      await send(
        reply,
        503,
        'text/plain; charset=utf-8',
        'The docs are unavailable for a moment: try again.',
        cacheControl('unavailable', mode),
      );
      return undefined;
    }
  };

  /**
   * The site a request addresses and its path relative to the site's base path; when there is
   * none, the answer has been sent (error page, 404, redirect) and the result is undefined.
   */
  const siteFor = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
  ): Promise<FoundSite | undefined> => {
    const outcome = await resolve(request, reply, path);
    if (!outcome) return undefined;
    const { resolved } = outcome;
    const host = requestHost(request.headers.host);
    if (mode === 'hosted')
      reply.headers(surrogateHeaders(surrogateKeys({ host, siteUrl: resolved?.hostedUrl })));
    const noSite = cacheControl('no-site', mode, options.cachePolicy);
    if (!resolved) {
      await send(reply, 404, 'text/plain; charset=utf-8', 'No docs are published at this address.', noSite);
      return undefined;
    }
    const { basePath } = resolved;
    if (basePath && path !== basePath && !path.startsWith(`${basePath}/`)) {
      await send(reply, 404, 'text/plain; charset=utf-8', 'Not found', noSite);
      return undefined;
    }
    // A version of a versioned site reads like a site of its own under its prefix (`/v1`).
    const versioned = versionedSite(resolved.site, path.slice(basePath.length) || '/');
    if (versioned.redirect !== undefined) {
      const search = requestPath(request.url)?.search ?? '';
      await reply
        .code(301)
        .header('location', sitePathLocation(basePath, versioned.redirect, search))
        .send();
      return undefined;
    }
    return {
      resolved: { ...resolved, site: versioned.site, basePath: `${basePath}${versioned.base}` },
      rel: versioned.rel,
    };
  };

  /** What a site route's handler is given for a request to `found`. */
  const contextFor = (
    request: FastifyRequest,
    found: FoundSite,
    query: URLSearchParams,
  ): SiteRequestContext => {
    const { resolved } = found;
    return {
      site: resolved.site,
      basePath: resolved.basePath,
      mode,
      origin: requestOrigin(request),
      rel: found.rel,
      query,
      file: (path) => options.files.byPath(resolved, path),
      fileAt: (address) => options.files.byAddress(resolved, address),
      owner: async () => {
        if (resolved.hostedOwner) return resolved.hostedOwner;
        if (mode !== 'local' || !app.hasDecorator('registry')) return undefined;
        const admin = await app.registry.localAdmin().catch(() => undefined);
        return admin && { orgId: admin.orgId, docsUrl: (request.headers.host ?? 'localhost').toLowerCase() };
      },
    };
  };

  /**
   * The request's path, decoded (request-path.ts), and its query; undefined (and a 404 sent) when
   * the path can name no page: broken encoding or UTF-8, control characters, a backslash, too long.
   */
  const decodedPath = (request: FastifyRequest, reply: FastifyReply) => {
    const found = requestPath(request.url);
    if (!found) {
      void send(reply, 404, 'text/plain; charset=utf-8', 'Not found');
      return undefined;
    }
    return { ...found, query: new URLSearchParams(found.search) };
  };

  return { siteFor, contextFor, decodedPath };
}
