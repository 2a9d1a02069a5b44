/**
 * Which site a request addresses: the local project (or its error page), or the hosted site for
 * its host and path (a 503 while the registry does not answer, a 404 without one); then the
 * version of a versioned site its path names. Also the context a site route is handed.
 * A page's address (GET, HEAD) is refused as pages are, in text or HTML; a site route's call
 * (POST, DELETE: the site's API) in the one error shape (error-replies/), as its routes refuse.
 */
import { versionedSite } from '@sextant/docs-site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../error-replies/index.js';
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

/** A refusal before any site route runs: its status, its code and message for an API call, its page text. */
interface Refusal {
  status: number;
  code: string;
  message: string;
  /** The body a page address gets; the message when absent. */
  page?: string;
}

const wantsPage = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

export function createSiteLookup(app: FastifyInstance, options: SiteLookupOptions) {
  const { mode, send } = options;

  const refuse = (request: FastifyRequest, reply: FastifyReply, refusal: Refusal, cache?: string) =>
    wantsPage(request)
      ? send(reply, refusal.status, 'text/plain; charset=utf-8', refusal.page ?? refusal.message, cache)
      : sendError(reply, refusal.status, refusal.code, refusal.message);

  const resolve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
  ): Promise<{ resolved: ResolvedSite | undefined } | undefined> => {
    if (options.local) {
      const state = await options.local.state();
      if (!state.error) return { resolved: state.resolved };
      if (!wantsPage(request)) {
        const message = `The docs project cannot be loaded: ${state.error.message}`;
        await sendError(reply, 500, 'DocsProjectError', message);
        return undefined;
      }
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
      const message = 'The docs are unavailable for a moment: try again.';
      await refuse(
        request,
        reply,
        { status: 503, code: 'UnavailableError', message },
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
      const message = 'No docs are published at this address.';
      await refuse(request, reply, { status: 404, code: 'DocsNotFoundError', message }, noSite);
      return undefined;
    }
    const { basePath } = resolved;
    if (basePath && path !== basePath && !path.startsWith(`${basePath}/`)) {
      const message = `No route answers ${request.method} ${path.slice(0, 200)}: the docs here are under ${basePath}/`;
      await refuse(
        request,
        reply,
        { status: 404, code: 'RouteNotFoundError', message, page: 'Not found' },
        noSite,
      );
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
      const message =
        'The path names no route (broken encoding, a control character, a backslash, or too long)';
      void refuse(request, reply, { status: 404, code: 'RouteNotFoundError', message, page: 'Not found' });
      return undefined;
    }
    return { ...found, query: new URLSearchParams(found.search) };
  };

  return { siteFor, contextFor, decodedPath };
}
