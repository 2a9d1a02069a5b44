/**
 * The docs host: a Fastify plugin serving docs sites at `/{slug}` (server-rendered HTML that
 * hydrates), `/{slug}.md` (the markdown variant), the client bundle, and per-site resources
 * (search index, stylesheet, project files) on the site-route table other parts add to.
 *
 * - local mode: one site, read from a docs project folder (`projectDir`; local-site.ts);
 *   `app.docsHost.reload()` re-reads it (`sextant dev` calls it, or pass `watch: true`).
 * - hosted mode: the site for the request's host and path, from `app.docsSiteSource`
 *   (hosted-sites.ts). A hosted docs host without a source does not start.
 *
 * This file wires the parts: site lookup (site-lookup.ts), site routes (site-routes.ts, with the
 * host's own resources from site-resources.ts), pages (site-pages.ts), responses (responses.ts).
 */
import { DocsProjectError, type LoadedDocsProject } from '@sextant/docs-project';
import {
  ASSET_BASE,
  configureHighlightCaches,
  grammarWaits,
  highlightCacheBytes,
  warmRenderer,
} from '@sextant/docs-site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../error-replies/index.js';
import { requirePart } from '../lifecycle/index.js';
import { type CacheBudgets, cacheBudgets } from '../memory-budget.js';
import type { RequestLogOptions } from '../request-log.js';
import type { CacheObserver } from './byte-cache.js';
import { type CachePolicy, cachePolicyFrom } from './cache-policy.js';
import { createClientAssets } from './client-assets.js';
import { FILE_CSP, SECURITY_HEADERS } from './csp.js';
import { installHostedPageAnswers } from './hosted-page-answers.js';
import { createHostedSites, type HostedSites } from './hosted-sites.js';
import { createLocalSite, watchLocalSite } from './local-site.js';
import { createPageResponseCache } from './page-responses.js';
import { installPrerender, type Prerenderer } from './prerender/index.js';
import type { SiteSource } from './registry-source/site-source.js';
import { createRenderCaches } from './render-caches.js';
import { sitePathLocation } from './request-path.js';
import { createResponder } from './responses.js';
import { createSiteFiles } from './site-files.js';
import { createSiteLookup } from './site-lookup.js';
import { createSitePages } from './site-pages.js';
import { siteResourceRoutes } from './site-resources.js';
import { createSiteRouteTable, SITE_ROUTE_BODY_LIMIT, type SiteRoute } from './site-routes.js';

export interface DocsHostOptions {
  mode: 'local' | 'hosted';
  /** Local mode: the docs project folder (holding docs.yml). */
  projectDir?: string;
  /** Local mode: reload when a file of the project changes. */
  watch?: boolean;
  /**
   * Local mode (`sextant dev`): the changelogs show what a publish would add, each API's working
   * spec diffed against git HEAD as an unreleased entry (`project/unreleased-changes.ts`).
   */
  unreleasedChanges?: boolean;
  /** Origin of the proxy the playground sends through; '' (default) is this server. */
  proxyBaseUrl?: string;
  /** Folder of the prebuilt client bundle (`npm run build`); defaults to the one shipped with the code. */
  clientDir?: string;
  /**
   * Hosted mode: how long shared caches keep pages (`s-maxage`, …); unset values come from
   * `SEXTANT_CACHE_S_MAXAGE` and its siblings, else `DEFAULT_CACHE_POLICY` (cache-policy.ts).
   */
  cache?: Partial<CachePolicy>;
  /** `--memory` (MiB): the caches' byte budgets come from it (memory-budget.ts); default from the machine. */
  memoryMiB?: number;
  /** Byte budgets of single caches, instead of their share of `memoryMiB`. */
  cacheBudgets?: Partial<CacheBudgets>;
  /** The server's request log settings: the page fast lane leaves the requests it logs to Fastify. */
  requestLog?: RequestLogOptions;
  /** Hosted mode (`--prerender`): render every page of a published site in the background (prerender/). */
  prerender?: boolean;
}

/** What `app.docsHost` offers the rest of the server (the CLI's `dev`). */
export interface DocsHostService {
  /** Local mode: re-reads the project folder; resolves when the new site serves (or the error page does). */
  reload(): Promise<void>;
  /** Local mode: the loaded project, or the error that stopped it. */
  current(): Promise<{ project?: LoadedDocsProject; error?: Error }>;
  /** Adds an endpoint of every site (under its base path): see `site-routes.ts`. */
  addSiteRoute(route: SiteRoute): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    docsHost: DocsHostService;
  }
}

async function docsHostPlugin(app: FastifyInstance, options: DocsHostOptions): Promise<void> {
  const { mode } = options;
  const cachePolicy = cachePolicyFrom(options.cache);
  const budgets = { ...cacheBudgets(options.memoryMiB), ...options.cacheBudgets };
  const metrics = app.hasDecorator('metrics') ? app.metrics : undefined;
  /** Hosted mode with `prerender`: the background renderer, told of the caches' evictions. */
  let prerender: Prerenderer | undefined;
  const observer: CacheObserver = {
    evicted: (name) => {
      metrics?.cacheEvicted(name);
      prerender?.evicted(name);
    },
  };
  const withObserver = { observer };

  /** Hosted pages' whole answers, served before routing's handler runs (page-responses.ts). */
  const pageResponses = createPageResponseCache({ maxBytes: budgets.pages, ...withObserver });
  metrics?.watchCache('pages', () => pageResponses.cache.calculatedSize);
  const { send, gzipped } = createResponder({ maxBytes: budgets.responses, ...withObserver });
  const client = createClientAssets(options.clientDir, send);
  // Read the client's manifest early; a missing build is said once at start, and each page asking says it again.
  app.addHook('onReady', async () => {
    void client
      .build()
      .catch((error: unknown) => app.log.error(error instanceof Error ? error.message : error));
  });

  /** Every site's render cache, one budget (render-caches.ts). */
  const renders = createRenderCaches({ maxBytes: budgets.renders, ...withObserver });
  metrics?.watchCache('renders', () => renders.bytes());
  // Highlighted code, shared by every site in the process (the docs site's module caches).
  configureHighlightCaches({ maxBytes: budgets.highlights, onEvicted: () => observer.evicted('highlights') });
  metrics?.watchCache('highlights', highlightCacheBytes);
  // Shiki, the endpoint pages' grammars and the markdown pipeline load and compile once the listener answers (its start
  // does not wait for their CPU): /readyz stays 503 until they are in, so a balancer's first
  // reader never pays for them. A server that never listens (inject) warms on its first /readyz.
  let rendererWarm: Promise<void> | undefined;
  const warmRendering = () => {
    if (!rendererWarm) {
      rendererWarm = warmRenderer();
      rendererWarm.catch((error: unknown) => app.log.error(error instanceof Error ? error.message : error));
    }
    return rendererWarm;
  };
  app.addHook('onListen', async () => {
    void warmRendering();
  });
  if (app.hasDecorator('lifecycle')) app.lifecycle.addCheck('highlighter', warmRendering);
  metrics?.watchGrammarWaits(grammarWaits);
  const local = createLocalSite(app, { ...options, renderCache: renders.forSite });
  const siteRoutes = createSiteRouteTable();
  for (const route of siteResourceRoutes(send)) siteRoutes.add(route);
  app.decorate('docsHost', {
    reload: local.reload,
    addSiteRoute: (route) => siteRoutes.add(route),
    async current() {
      const { project, error } = await local.state();
      return { project, error };
    },
  } satisfies DocsHostService);
  if (mode === 'local' && options.watch && options.projectDir) watchLocalSite(app, options.projectDir, local);

  // Hosted sites come from the registry, in this process or over HTTP; without one there is
  // nothing to serve, and the server must not start looking healthy.
  const siteSource: SiteSource | undefined =
    mode === 'hosted'
      ? requirePart(
          app,
          'docsSiteSource',
          'The docs host serves hosted sites from the registry: mount the registry in this server, or pass --registry-url (the registry replica it reads over HTTP)',
        )
      : undefined;
  const hosted: HostedSites | undefined =
    siteSource &&
    createHostedSites(app, {
      source: siteSource,
      maxBytes: budgets.sites,
      renderCache: renders.forSite,
      ...withObserver,
      onInvalidated: (urls) => pageResponses.forget(urls),
    });
  metrics?.watchCache('sites', () => hosted?.calculatedSize() ?? 0);
  if (siteSource && options.prerender)
    prerender = installPrerender(app, { source: siteSource, budgetBytes: budgets.pages });
  metrics?.watchCache('responses', () => gzipped.calculatedSize);

  const files = createSiteFiles(() => siteSource);
  const lookup = createSiteLookup(app, {
    mode,
    cachePolicy,
    ...(mode === 'local' ? { local } : {}),
    ...(hosted ? { hosted } : {}),
    files,
    send,
  });
  const servePage = createSitePages({
    mode,
    cachePolicy,
    proxyBaseUrl: options.proxyBaseUrl ?? '',
    client,
    send,
    pageResponses,
    ...(metrics ? { onRendered: () => metrics.docsPageRendered() } : {}),
  });

  /** POST and DELETE: site routes only. */
  const siteRouteHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(SECURITY_HEADERS).header('content-security-policy', FILE_CSP);
    const decoded = lookup.decodedPath(request, reply);
    if (!decoded) return reply;
    const found = await lookup.siteFor(request, reply, decoded.path);
    if (!found) return reply;
    const route = siteRoutes.find(request.method, found.rel);
    // Site routes are the site's API: their refusals answer in the one error shape (error-replies/).
    if (!route)
      return siteRoutes.hasPath(found.rel)
        ? sendError(reply, 405, 'MethodNotAllowedError', `${found.rel} does not answer ${request.method}`)
        : sendError(
            reply,
            404,
            'RouteNotFoundError',
            `No route of this site answers ${request.method} ${found.rel}`,
          );
    return route.handler(request, reply, lookup.contextFor(request, found, decoded.query));
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Taken before the site is looked up: a page rendered from a site a publish has since replaced is not kept.
    const since = pageResponses.generation();
    // Every response carries a CSP (files, favicon, redirects, errors); pages replace it with theirs.
    reply.headers(SECURITY_HEADERS).header('content-security-policy', FILE_CSP);
    const decoded = lookup.decodedPath(request, reply);
    if (!decoded) return reply;
    const { path, search, query } = decoded;
    // `//x` or `/%2Fx` is not a page's address: its relative links would read `//…` as a host.
    if (decoded.collapsed)
      return reply
        .code(301)
        .header('location', sitePathLocation('', path, search))
        .send();
    if (path.startsWith(ASSET_BASE)) return client.serve(reply, path.slice(ASSET_BASE.length));

    const found = await lookup.siteFor(request, reply, path);
    if (!found) return reply;
    const siteRoute = siteRoutes.find('GET', found.rel);
    if (siteRoute) return siteRoute.handler(request, reply, lookup.contextFor(request, found, query));
    return servePage(request, reply, { ...found, search, since });
  };

  if (mode === 'hosted') installHostedPageAnswers(app, pageResponses, options.requestLog);
  app.get('/', handler);
  app.get('/*', handler);
  // Site routes' bodies are raw bytes (signatures are over them); a child context keeps this
  // parser away from the registry's JSON routes.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: SITE_ROUTE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    for (const method of ['POST', 'DELETE'] as const) {
      scope.route({ method, url: '/', handler: siteRouteHandler });
      scope.route({ method, url: '/*', handler: siteRouteHandler });
    }
  });
}

/** The docs host plugin (shares `app.docsHost` with the root instance). */
export const docsHost = fp(docsHostPlugin, { name: 'sextant-docs-host', fastify: '5.x' });

export { DocsProjectError };
