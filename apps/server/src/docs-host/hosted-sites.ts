/**
 * Hosted mode: the site for a request's host and path, from the site source (the registry in
 * this process, or over HTTP: registry-source/), kept per docs URL in a byte-bounded cache and
 * dropped when the source reports an invalidation. Addresses without a site are remembered for
 * a moment (scanners) and forgotten when their host's sites change.
 */
import type { ApiChangelogEntry, ApiDefinition, DocsDefinition } from '@sextant/definition';
import { createDocsSite, type DocsSite, dropRenders, type RenderCacheFactory } from '@sextant/docs-site';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CacheObserver, createByteCache, loadedDocsHeapBytes } from './byte-cache.js';
import { createNegativeCache } from './negative-cache.js';
import type { SiteSource } from './registry-source/site-source.js';
import { requestHost } from './request-host.js';
import { sitePathLocation } from './request-path.js';
import type { ResolvedSite } from './resolved-site.js';
import { hostedFileUrl } from './site-files.js';

export interface HostedSitesOptions {
  source: SiteSource;
  /** Bytes the cached sites may hold. */
  maxBytes: number;
  observer?: CacheObserver;
  /** The render cache of each site made (render-caches.ts). */
  renderCache?: RenderCacheFactory;
  /** Called with what an invalidation names, after the sites' own caches dropped it. */
  onInvalidated?(urls: readonly string[] | 'all'): void;
}

export interface HostedSites {
  /** The site a request's host and path address; undefined when none (the console host, no site). */
  resolve(request: FastifyRequest, path: string): Promise<ResolvedSite | undefined>;
  /** Bytes held by cached sites (for /metrics). */
  calculatedSize(): number;
}

export function createHostedSites(app: FastifyInstance, options: HostedSitesOptions): HostedSites {
  const { source } = options;
  const sites = createByteCache<string, { site: DocsSite; bytes: number }>({
    name: 'sites',
    maxBytes: options.maxBytes,
    size: (entry) => entry.bytes,
    ...(options.observer ? { observer: options.observer } : {}),
    // A site replaced by a publish, dropped by an invalidation (this replica's or another's) or
    // evicted is never read again: its renders go with it instead of aging out of the budget.
    onRemoved: (entry) => dropRenders(entry.site),
  });
  // Addresses without a site, for 5 s (scanners): forgotten when their host's sites change.
  const misses = createNegativeCache();
  app.addHook('onReady', async () => {
    const unsubscribe = source.onDocsInvalidated((urls) => {
      misses.forget(urls);
      if (urls === 'all') sites.clear();
      else for (const url of urls) sites.delete(url);
      options.onInvalidated?.(urls);
    });
    app.addHook('onClose', async () => unsubscribe());
  });

  const resolve = async (request: FastifyRequest, path: string): Promise<ResolvedSite | undefined> => {
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
    let site = sites.get(loaded.url)?.site;
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
          ...(options.renderCache ? { renderCache: options.renderCache } : {}),
          // What each publish of the site's APIs changed, merged into its changelogs.
          ...(loaded.apiChangelog
            ? { apiChangelog: loaded.apiChangelog as Record<string, ApiChangelogEntry[]> }
            : {}),
        },
      );
      sites.set(loaded.url, { site, bytes: loadedDocsHeapBytes(loaded) });
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
  return { resolve, calculatedSize: () => sites.calculatedSize };
}
