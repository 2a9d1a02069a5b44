/**
 * The docs host: a Fastify plugin serving docs sites at `/{slug}` (server-rendered HTML that
 * hydrates), `/{slug}.md` (the markdown variant), the client bundle, and per-site resources
 * (search index, stylesheet, project files).
 *
 * - local mode: one site, read from a docs project folder (`projectDir`); `app.docsHost.reload()`
 *   re-reads it (`sextant dev` calls it, or pass `watch: true`).
 * - hosted mode: the site for the request's host and path, from `app.docsSiteSource` (the
 *   registry in this process, or over HTTP: registry-source/), cached per docs URL and dropped
 *   when the source reports an invalidation. A hosted docs host without a source does not start.
 */

import { createHash } from 'node:crypto';
import { watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, normalize, posix, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  type ApiChangelogEntry,
  type ApiDefinition,
  type DocsDefinition,
  isSafeAssetUrl,
} from '@sextant/definition';
import { asError, UnexpectedStatusError } from '@sextant/definition/errors';
import {
  collectProjectFiles,
  contentTypeOf,
  DocsProjectError,
  type HeadDefinitions,
  type LoadedDocsProject,
  loadDocsProject,
  unreleasedApiChangelog,
} from '@sextant/docs-project';
import {
  ASSET_BASE,
  type ClientBuild,
  createDocsSite,
  type DocsSite,
  docsChangelogFeed,
  docsFullPageJson,
  docsSearchIndex,
  docsSiteCss,
  FULL_PAGE_PATH,
  loadClientBuild,
  NONCE_PLACEHOLDER,
  type RenderContext,
  type RenderedPage,
  renderDocsPage,
  renderDocsPageMarkdown,
  versionedSite,
} from '@sextant/docs-site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LocalProjectMissingError } from '../errors.js';
import { requirePart } from '../lifecycle/part-dependency.js';
import { type CacheBudgets, cacheBudgets } from '../memory-budget.js';
import { REQUEST_ID_HEADER } from '../request-id.js';
import { drawsCacheableLine, type RequestLogOptions } from '../request-log.js';
import { type CacheObserver, createByteCache, jsonHeapBytes } from './byte-cache.js';
import {
  type CachePolicy,
  cacheControl,
  cachePolicyFrom,
  etagMatches,
  surrogateHeaders,
  surrogateKeys,
} from './cache-policy.js';
import { type CachedPage, prepareCachedPage } from './cached-page.js';
import { contentSecurityPolicy, ERROR_PAGE_CSP, FILE_CSP, SECURITY_HEADERS } from './csp.js';
import { createNegativeCache } from './negative-cache.js';
import { installPageFastLane } from './page-fast-lane.js';
import { createPageResponseCache, type PageVariant, sendPageResponse } from './page-responses.js';
import { matchRedirect } from './redirects.js';
import type { SiteSource } from './registry-source/site-source.js';
import { requestHost } from './request-host.js';
import { requestOrigin } from './request-origin.js';
import { requestPath, sitePathLocation } from './request-path.js';
import { createSingleFlight } from './single-flight.js';
import {
  createSiteRouteTable,
  SITE_ROUTE_BODY_LIMIT,
  type SiteRequestContext,
  type SiteRoute,
} from './site-routes.js';
import { SEARCH_INDEX_PATH, SEARCH_PATH, searchAnswer, searchUrl } from './site-search.js';

/** Rendered pages with their nonce, ETag and gzip body, while the render cache holds them. */
const cachedPages = new WeakMap<RenderedPage, CachedPage>();
function cachedPage(page: RenderedPage, version: string): CachedPage {
  let prepared = cachedPages.get(page);
  if (!prepared) {
    prepared = prepareCachedPage(page.html, NONCE_PLACEHOLDER, version);
    cachedPages.set(page, prepared);
  }
  return prepared;
}

/** Smaller text bodies are sent as they are. */
const GZIP_MIN_BYTES = 1024;

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

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

interface RegistryLocalAdmin {
  localAdmin(): Promise<{ orgId: string } | undefined>;
}

interface ResolvedSite {
  site: DocsSite;
  basePath: string;
  /** Local mode: the project files served from disk (project paths). */
  files: string[];
  projectDir?: string;
  /** Hosted mode: the files linked to the docs version, by project path. */
  hostedFiles?: Record<string, HostedFile>;
  /** Hosted mode: the stored docs URL (`host/base`) the files are read under. */
  hostedUrl?: string;
  /** Hosted mode: the owner and the docs URL the registry serves the site under. */
  hostedOwner?: { orgId: string; docsUrl: string };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file linked to a hosted docs version (the registry's `files` entry). */
interface HostedFile {
  fileId: string;
  sha256: string;
  contentType: string;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** Local mode: files by project path, read from disk. */
function localFileUrl(basePath: string, path: string): string {
  return `${basePath}/_sextant/files/${encodePath(path)}`;
}

/** Hosted mode: files by content hash (immutable), named for the reader; undefined when not linked. */
function hostedFileUrl(basePath: string, path: string, file: HostedFile | undefined): string | undefined {
  return file && `${basePath}/_sextant/files/${file.sha256}/${encodeURIComponent(posix.basename(path))}`;
}

/** Reads `file` only when it lies inside `dir`. */
async function readInside(dir: string, file: string): Promise<Buffer | undefined> {
  const full = normalize(join(dir, file));
  const inside = relative(dir, full);
  if (inside.startsWith('..') || inside.split(sep).includes('..')) return undefined;
  return readFile(full).catch(() => undefined);
}

function errorPage(error: Error): string {
  const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs project error</title></head><body><main><h1>The docs project cannot be loaded</h1><pre>${escapeHtml(error.message)}</pre><p>Fix the file and save: the page reloads the project.</p></main></body></html>`;
}

/** The headers a cached page shares across its 200s and 304s (not the request's id, not the representation's). */
function sharedHeaders(reply: FastifyReply): Record<string, string> {
  const shared: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined && !/^(x-request-id|etag|content-(encoding|length|type))$/.test(name))
      shared[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return shared;
}

async function docsHostPlugin(app: FastifyInstance, options: DocsHostOptions): Promise<void> {
  const cachePolicy = cachePolicyFrom(options.cache);
  const budgets = { ...cacheBudgets(options.memoryMiB), ...options.cacheBudgets };
  const metrics = app.hasDecorator('metrics') ? app.metrics : undefined;
  const observer: CacheObserver | undefined = metrics && { evicted: (name) => metrics.cacheEvicted(name) };
  /** Hosted pages' whole answers, served before routing's handler runs (page-responses.ts). */
  const pageResponses = createPageResponseCache({
    maxBytes: budgets.pages,
    ...(observer ? { observer } : {}),
  });
  metrics?.watchCache('pages', () => pageResponses.cache.calculatedSize);
  /** One render per page at a time: concurrent misses of a page await the same render. */
  const renderOnce = createSingleFlight<RenderedPage>();
  let clientBuild: Promise<ClientBuild> | undefined;
  const client = () => {
    clientBuild ??= loadClientBuild(options.clientDir);
    clientBuild.catch(() => {
      clientBuild = undefined;
    });
    return clientBuild;
  };
  // Read the client's manifest early; a missing build is said once at start, and each page asking says it again.
  app.addHook('onReady', async () => {
    void client().catch((error: unknown) => app.log.error(error instanceof Error ? error.message : error));
  });

  // ---- local mode: one project folder ----
  let local: Promise<{ resolved?: ResolvedSite; project?: LoadedDocsProject; error?: Error }> | undefined;
  let generation = 0;
  const headDefinitions: HeadDefinitions = new Map();
  const fetchText = async (url: string): Promise<string> => {
    if (url.startsWith('/')) {
      const response = await app.inject({ method: 'GET', url });
      if (response.statusCode !== 200)
        throw new UnexpectedStatusError(
          `GET ${url}`,
          response.statusCode,
          `GET ${url} answered ${response.statusCode}`,
        );
      return response.body;
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok)
      throw new UnexpectedStatusError(
        `GET ${url}`,
        response.status,
        `GET ${url} answered ${response.status}`,
      );
    return response.text();
  };
  const loadLocal = () => {
    const dir = options.projectDir;
    if (!dir)
      return Promise.resolve({
        error: new LocalProjectMissingError(),
      });
    const version = `${Date.now().toString(36)}-${++generation}`;
    return loadDocsProject(dir, { fetchText, tolerateApiErrors: true }).then(
      async (project) => {
        for (const apiError of project.apiErrors) app.log.error(apiError.message);
        // A missing markdown image does not stop the preview: it shows broken, the terminal says why.
        const { files, errors } = await collectProjectFiles(project);
        for (const error of errors) app.log.warn(error.message);
        const served = new Set(files.map((file) => file.path));
        const unreleased = options.unreleasedChanges
          ? await unreleasedApiChangelog({
              dir,
              apis: project.project.apis,
              specFiles: project.apiSpecFiles,
              heads: headDefinitions,
            })
          : {};
        const site = createDocsSite(project.definition, project.project.apis, version, {
          fileUrl: (path) => (served.has(path) ? localFileUrl('', path) : undefined),
          apiChangelog: unreleased,
        });
        return { project, resolved: { site, basePath: '', files: [...served], projectDir: dir } };
      },
      (error: unknown) => {
        const err = asError(error);
        app.log.error(err.message);
        return { error: err };
      },
    );
  };
  const reload = async () => {
    local = loadLocal();
    await local;
  };
  const siteRoutes = createSiteRouteTable();
  app.decorate('docsHost', {
    reload,
    addSiteRoute: (route) => siteRoutes.add(route),
    async current() {
      local ??= loadLocal();
      const { project, error } = await local;
      return { project, error };
    },
  } satisfies DocsHostService);

  if (options.mode === 'local' && options.watch && options.projectDir) {
    let timer: NodeJS.Timeout | undefined;
    const watcher = watch(options.projectDir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), 100);
    });
    app.addHook('onClose', async () => {
      clearTimeout(timer);
      watcher.close();
    });
  }

  // ---- hosted mode: sites from the registry, by host and path ----
  const hostedSites = createByteCache<string, { site: DocsSite; bytes: number }>({
    name: 'sites',
    maxBytes: budgets.sites,
    size: (entry) => entry.bytes,
    ...(observer ? { observer } : {}),
  });
  metrics?.watchCache('sites', () => hostedSites.calculatedSize);
  // Addresses without a site, for 5 s (scanners): forgotten when their host's sites change.
  const misses = createNegativeCache();
  // Hosted sites come from the registry, in this process or over HTTP; without one there is
  // nothing to serve, and the server must not start looking healthy.
  const siteSource: SiteSource | undefined =
    options.mode === 'hosted'
      ? requirePart(
          app,
          'docsSiteSource',
          'The docs host serves hosted sites from the registry: mount the registry in this server, or pass --registry-url (the registry replica it reads over HTTP)',
        )
      : undefined;
  const registry = (): SiteSource | undefined => siteSource;
  if (options.mode === 'hosted') {
    app.addHook('onReady', async () => {
      const unsubscribe = registry()?.onDocsInvalidated((urls) => {
        misses.forget(urls);
        pageResponses.forget(urls);
        if (urls === 'all') hostedSites.clear();
        else for (const url of urls) hostedSites.delete(url);
      });
      app.addHook('onClose', async () => unsubscribe?.());
    });
  }
  const resolveHosted = async (request: FastifyRequest, path: string): Promise<ResolvedSite | undefined> => {
    const source = registry();
    if (!source) return undefined;
    const host = requestHost(request.headers.host);
    if (!host) return undefined;
    // No organization's docs on the console host (any port): its origin holds the console's session.
    if (app.hasDecorator('consoleHost') && app.consoleHost.isConsoleHostHeader(host)) return undefined;
    const address = `${host}${sitePathLocation('', path)}`;
    if (misses.has(address)) return undefined;
    const generation = misses.generation();
    const loaded = await source.loadDocsForUrl(address);
    if (!loaded) {
      misses.add(address, generation);
      return undefined;
    }
    const definition = loaded.definition as Partial<DocsDefinition>;
    if (definition.docsVersion !== 1 || !Array.isArray(definition.navigation)) return undefined;
    const version = `${loaded.docsConfigId}-${new Date(loaded.updatedAt).getTime()}`;
    const basePath = loaded.baseUrl.basePath.replace(/\/+$/, '');
    const hostedFiles = loaded.files ?? {};
    let site = hostedSites.get(loaded.url)?.site;
    if (!site || site.version !== version) {
      site = createDocsSite(
        definition as DocsDefinition,
        loaded.apis as Record<string, ApiDefinition>,
        version,
        {
          fileUrl: (path) =>
            hostedFileUrl(basePath, path, Object.hasOwn(hostedFiles, path) ? hostedFiles[path] : undefined),
          // A preview stays out of search engines (robots.txt, noindex); the sitemap's lastmod.
          preview: loaded.isPreview,
          updatedAt: loaded.updatedAt,
          // What each publish of the site's APIs changed, merged into its changelogs.
          ...(loaded.apiChangelog
            ? { apiChangelog: loaded.apiChangelog as Record<string, ApiChangelogEntry[]> }
            : {}),
        },
      );
      hostedSites.set(loaded.url, { site, bytes: jsonHeapBytes(loaded.definition, loaded.apis) });
    }
    return {
      site,
      basePath,
      files: [],
      hostedFiles,
      hostedUrl: loaded.url,
      ...(loaded.orgId ? { hostedOwner: { orgId: loaded.orgId, docsUrl: loaded.url } } : {}),
    };
  };

  /** A file of the site by project path: from disk (local) or the registry (hosted, linked files only). */
  const readSiteFile = async (
    resolved: ResolvedSite,
    path: string,
  ): Promise<{ body: Buffer; contentType: string; sha256?: string } | undefined> => {
    if (resolved.hostedFiles) {
      const linked = Object.hasOwn(resolved.hostedFiles, path) ? resolved.hostedFiles[path] : undefined;
      return linked && readLinked(resolved.hostedUrl ?? '', linked, path);
    }
    if (!resolved.projectDir || !resolved.files.includes(path)) return undefined;
    const body = await readInside(resolved.projectDir, path);
    return body && { body, contentType: contentTypeOf(path) };
  };
  /** Served with the allowlisted type of its extension, never the type its publisher declared. */
  const readLinked = async (siteUrl: string, linked: HostedFile, path: string) => {
    const bytes = await registry()?.readDocsFile(siteUrl, linked);
    // A view of the bytes, not a copy: a large file is held once per request, not twice.
    const body = bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return body && { body, contentType: contentTypeOf(path), sha256: linked.sha256 };
  };
  /** `{sha256}/{name}` of the site's own linked files: one tenant never reaches another's bytes. */
  const readHostedFile = async (siteUrl: string, files: Record<string, HostedFile>, address: string) => {
    const match = /^([0-9a-f]{64})\/([^/]+)$/.exec(address);
    if (!match) return undefined;
    const [, sha256, name] = match;
    const candidates = Object.entries(files).filter(([, file]) => file.sha256 === sha256);
    const named = candidates.find(([path]) => posix.basename(path) === name) ?? candidates[0];
    return named && readLinked(siteUrl, named[1], named[0]);
  };

  // Compressed text responses, by content (assets and cached pages repeat; compress them once).
  const gzipped = createByteCache<string, Buffer>({
    name: 'responses',
    maxBytes: budgets.responses,
    size: (body, key) => body.length + key.length,
    ...(observer ? { observer } : {}),
  });
  metrics?.watchCache('responses', () => gzipped.calculatedSize);
  const send = (
    reply: FastifyReply,
    status: number,
    type: string,
    body: string | Buffer,
    cache = 'no-cache',
    /** The body gzip-encoded, when the caller has it (a page with its nonce). */
    precompressed?: () => Buffer,
  ) => {
    reply
      .code(status)
      .headers(SECURITY_HEADERS)
      .header('content-type', type)
      .header('cache-control', cache)
      .header('vary', 'accept-encoding');
    const accepts = acceptsGzip(reply.request);
    if (!accepts || body.length < GZIP_MIN_BYTES || !/^(text\/|application\/json|image\/svg)/.test(type))
      return reply.send(body);
    if (precompressed) return reply.header('content-encoding', 'gzip').send(precompressed());
    const key = createHash('sha1').update(body).digest('base64');
    let compressed = gzipped.get(key);
    if (!compressed) {
      compressed = gzipSync(body, { level: 6 });
      gzipped.set(key, compressed);
    }
    return reply.header('content-encoding', 'gzip').send(compressed);
  };

  /**
   * The site a request addresses and its path relative to the site's base path; when there is
   * none, the answer has been sent (error page, 404) and the result is undefined.
   */
  const siteFor = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
  ): Promise<{ resolved: ResolvedSite; rel: string } | undefined> => {
    let resolved: ResolvedSite | undefined;
    if (options.mode === 'local') {
      local ??= loadLocal();
      const state = await local;
      if (state.error) {
        await send(
          reply.header('content-security-policy', ERROR_PAGE_CSP),
          500,
          'text/html; charset=utf-8',
          errorPage(state.error),
          cacheControl('unavailable', options.mode),
        );
        return undefined;
      }
      resolved = state.resolved;
    } else {
      try {
        resolved = await resolveHosted(request, path);
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
          cacheControl('unavailable', options.mode),
        );
        return undefined;
      }
    }
    const host = requestHost(request.headers.host);
    if (options.mode === 'hosted')
      reply.headers(surrogateHeaders(surrogateKeys({ host, siteUrl: resolved?.hostedUrl })));
    const noSite = cacheControl('no-site', options.mode, cachePolicy);
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

  const siteContext = (request: FastifyRequest, resolved: ResolvedSite): SiteRequestContext => ({
    site: resolved.site,
    basePath: resolved.basePath,
    mode: options.mode,
    origin: requestOrigin(request),
    owner: async () => {
      if (resolved.hostedOwner) return resolved.hostedOwner;
      if (options.mode !== 'local' || !app.hasDecorator('registry')) return undefined;
      const admin = await (app as unknown as { registry: RegistryLocalAdmin }).registry
        .localAdmin()
        .catch(() => undefined);
      return admin && { orgId: admin.orgId, docsUrl: (request.headers.host ?? 'localhost').toLowerCase() };
    },
  });

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

  /** POST and DELETE: site routes only. */
  const siteRouteHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(SECURITY_HEADERS).header('content-security-policy', FILE_CSP);
    const decoded = decodedPath(request, reply);
    if (!decoded) return reply;
    const found = await siteFor(request, reply, decoded.path);
    if (!found) return reply;
    const route = siteRoutes.find(request.method, found.rel);
    if (!route) {
      const status = siteRoutes.hasPath(found.rel) ? 405 : 404;
      return send(
        reply,
        status,
        'text/plain; charset=utf-8',
        status === 405 ? 'Method not allowed' : 'Not found',
      );
    }
    return route.handler(request, reply, siteContext(request, found.resolved));
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Taken before the site is looked up: a page rendered from a site a publish has since replaced is not kept.
    const since = pageResponses.generation();
    // Every response carries a CSP (files, favicon, redirects, errors); pages replace it with theirs.
    reply.headers(SECURITY_HEADERS).header('content-security-policy', FILE_CSP);
    const decoded = decodedPath(request, reply);
    if (!decoded) return reply;
    const { path, search, query } = decoded;
    // `//x` or `/%2Fx` is not a page's address: its relative links would read `//…` as a host.
    if (decoded.collapsed)
      return reply
        .code(301)
        .header('location', sitePathLocation('', path, search))
        .send();
    if (path.startsWith(ASSET_BASE)) {
      const build = await client();
      const body = await readInside(build.dir, path.slice(ASSET_BASE.length));
      if (!body) return send(reply, 404, 'text/plain; charset=utf-8', 'Not found');
      return send(reply, 200, contentTypeOf(path), body, 'public, max-age=31536000, immutable');
    }

    const found = await siteFor(request, reply, path);
    if (!found) return reply;
    const { resolved, rel } = found;
    const { site, basePath } = resolved;
    const fileUrl = (file: string) => site.fileUrl?.(file) ?? localFileUrl(basePath, file);

    const siteRoute = siteRoutes.find('GET', rel);
    if (siteRoute) return siteRoute.handler(request, reply, siteContext(request, resolved));
    if (rel === SEARCH_INDEX_PATH)
      return send(reply, 200, 'application/json', await docsSearchIndex(site), 'public, max-age=300');
    if (rel === SEARCH_PATH)
      return send(reply, 200, 'application/json', searchAnswer(site, query), 'public, max-age=60');
    if (rel === FULL_PAGE_PATH) {
      const slug = query.get('slug') ?? '';
      const json = await docsFullPageJson(site, slug || site.definition.homeSlug, basePath);
      if (json === undefined) return send(reply, 404, 'application/json', '{"error":"no such page"}');
      return send(reply, 200, 'application/json', json);
    }
    if (rel === '/_sextant/site.css')
      return send(
        reply,
        200,
        'text/css; charset=utf-8',
        await docsSiteCss(site, fileUrl),
        'public, max-age=300',
      );
    if (rel === '/favicon.ico') {
      // Browsers ask for it on non-HTML pages (the `.md` variants): answer with the site's icon.
      const favicon = site.definition.config.favicon;
      if (favicon?.type === 'file') {
        const file = await readSiteFile(resolved, favicon.path);
        if (file) return send(reply, 200, file.contentType, file.body, 'public, max-age=3600');
      }
      const dataUrl = favicon?.type === 'url' ? favicon.url : '';
      // Only an allowlisted image type: a `data:text/html` favicon must not become a page here.
      const icon = isSafeAssetUrl(dataUrl, { inlineImage: true })
        ? /^data:([^;,]+);base64,(.+)$/.exec(dataUrl)
        : null;
      if (!icon?.[1] || !icon[2])
        return reply.code(204).header('cache-control', 'public, max-age=3600').send();
      return send(reply, 200, icon[1], Buffer.from(icon[2], 'base64'), 'public, max-age=3600');
    }
    if (rel.startsWith('/_sextant/files/')) {
      const file = resolved.hostedFiles
        ? await readHostedFile(
            resolved.hostedUrl ?? '',
            resolved.hostedFiles,
            rel.slice('/_sextant/files/'.length),
          )
        : await readSiteFile(resolved, rel.slice('/_sextant/files/'.length));
      if (!file) return send(reply, 404, 'text/plain; charset=utf-8', 'Not found');
      reply.header('content-security-policy', FILE_CSP);
      if (!file.sha256) return send(reply, 200, file.contentType, file.body, 'public, max-age=300');
      // Content-addressed: the URL names the bytes, so they never change under it.
      const etag = `"${file.sha256}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag)
        return reply.code(304).header('cache-control', IMMUTABLE).send();
      return send(reply, 200, file.contentType, file.body, IMMUTABLE);
    }

    // Pages, their redirects and `.md` variants change with a publish: shared, purged by key.
    const pageCache = cacheControl('page', options.mode, cachePolicy);
    const redirect = matchRedirect(site.definition.config.redirects, rel, basePath);
    if (redirect)
      return reply
        .code(redirect.status)
        .header('location', redirect.location)
        .header('cache-control', pageCache)
        .send();
    if (rel.length > 1 && rel.endsWith('/'))
      return reply
        .code(301)
        .header('location', sitePathLocation(basePath, rel, search))
        .header('cache-control', pageCache)
        .send();

    // A changelog's RSS and Atom feeds (`/changelog/rss.xml`, `/changelog/atom.xml`).
    if (rel.endsWith('.xml')) {
      const feed = await docsChangelogFeed(site, rel, { origin: requestOrigin(request) ?? '', basePath });
      if (feed) return send(reply, 200, feed.contentType, feed.body, 'public, max-age=300');
    }
    if (rel.endsWith('.md')) {
      const mdSlug = rel.slice(1, -3);
      const markdown = await renderDocsPageMarkdown(
        site,
        mdSlug === 'index' ? site.definition.homeSlug : mdSlug,
        basePath,
      );
      if (markdown === undefined)
        return send(reply, 404, 'text/plain; charset=utf-8', 'Not found', pageCache);
      return send(reply, 200, 'text/markdown; charset=utf-8', markdown, pageCache);
    }

    const slug = rel === '/' ? site.definition.homeSlug : rel.slice(1);
    const build = await client();
    const origin = requestOrigin(request);
    // Nothing of the reader goes into the page (not even the theme cookie: the page's own
    // script applies it), so one body serves every reader and caches may share it.
    const renderKey = [resolved.hostedUrl, site.version, origin, basePath, slug, build.assets.entry].join(
      '\0',
    );
    const page = await renderOnce(renderKey, async () => {
      const ctx: RenderContext = {
        mode: options.mode,
        proxyBaseUrl: options.proxyBaseUrl ?? '',
        basePath,
        assets: build.assets,
        fileUrl,
        searchIndexUrl: searchUrl(site, basePath),
        siteCss: await docsSiteCss(site, fileUrl),
        origin,
      };
      return renderDocsPage(site, slug, ctx);
    });
    const prepared = cachedPage(page, site.version);
    reply.header(
      'content-security-policy',
      contentSecurityPolicy(site.definition.config, page.styleHashes, prepared.nonce, page.scriptHashes),
    );
    if (page.status === 200) {
      const key =
        options.mode === 'hosted' && resolved.hostedUrl ? pageResponses.keyOf(request.raw) : undefined;
      if (key && resolved.hostedUrl) {
        // The next request for this origin and URL is answered from here (the onRequest hook below).
        // What `send` adds below to both answers (page-cache.test.ts holds the two paths equal).
        const shared = { ...sharedHeaders(reply), 'cache-control': pageCache, vary: 'accept-encoding' };
        const variant = (etag: string, body: Buffer, encoding?: string): PageVariant => ({
          headers: Object.freeze({
            ...shared,
            'content-type': 'text/html; charset=utf-8',
            'content-length': String(body.length),
            etag,
            ...(encoding ? { 'content-encoding': encoding } : {}),
          }),
          notModified: Object.freeze({ ...shared, etag }),
          etag,
          body,
        });
        pageResponses.set(
          key,
          {
            siteUrl: resolved.hostedUrl,
            etags: [prepared.etag, prepared.gzipEtag],
            identity: variant(prepared.etag, prepared.text),
            ...(prepared.text.length >= GZIP_MIN_BYTES
              ? { gzip: variant(prepared.gzipEtag, prepared.gzip(), 'gzip') }
              : {}),
          },
          since,
        );
      }
      // The tag of the representation `send` picks (gzip bodies are another representation).
      const gzip = acceptsGzip(request) && prepared.text.length >= GZIP_MIN_BYTES;
      reply.header('etag', gzip ? prepared.gzipEtag : prepared.etag);
      if (etagMatches(request.headers['if-none-match'], [prepared.etag, prepared.gzipEtag]))
        return reply.code(304).header('cache-control', pageCache).header('vary', 'accept-encoding').send();
    }
    return send(reply, page.status, 'text/html; charset=utf-8', prepared.text, pageCache, () =>
      prepared.gzip(),
    );
  };

  if (options.mode === 'hosted') {
    // Draining (SIGTERM) or closing: Fastify answers (its 503 while closing, keep-alive ending).
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    const leaving = () => closing || (app.hasDecorator('lifecycle') && app.lifecycle.draining);
    // The request line is written at info: a quieter logger writes none, whatever the share.
    const logs = () =>
      ['info', 'debug', 'trace'].includes(app.log.level) && drawsCacheableLine(options.requestLog ?? {});
    // A page served before is sent from Node's request event (page-fast-lane.ts), unless the
    // request is to be logged or the server is leaving.
    installPageFastLane(
      app,
      { pages: pageResponses, leaving, logs },
      metrics &&
        ((req, status, seconds) =>
          metrics.httpRequest('docs', req.url === '/' ? '/' : '/*', req.method ?? 'GET', status, seconds)),
    );
    // What the lane hands on (a logged request, a request through inject) is answered here, before
    // the router's handler: no site lookup, no render cache, no header assembly. Routes other than
    // the docs host's never match a stored key: it was stored from this handler's own 200, and
    // routing depends on the method, the host and the URL, all in the key.
    app.addHook('onRequest', (request, reply, done) => {
      if (
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        pageResponses.cache.size === 0 ||
        leaving()
      )
        return done();
      const key = pageResponses.keyOf(request.raw);
      const page = key === undefined ? undefined : pageResponses.get(key);
      if (!page) return done();
      reply.header(REQUEST_ID_HEADER, request.id);
      sendPageResponse(request, reply, page, acceptsGzip(request));
    });
  }
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
