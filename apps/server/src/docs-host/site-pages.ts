/**
 * A site's pages, what no site route serves: redirects from docs.yml, a trailing slash dropped,
 * the changelogs' feeds, the `.md` variant of each page, and the page itself, server-rendered
 * (one render per page at a time), with its CSP and ETag; a hosted 200 is kept whole in the page
 * responses (page-responses.ts) for the next reader of the same origin and URL.
 */
import {
  type DocsSite,
  docsChangelogFeed,
  docsSiteCss,
  NONCE_PLACEHOLDER,
  type PageKeeping,
  type RenderContext,
  renderDocsPageMarkdown,
  renderKeptPage,
} from '@sextant/docs-site';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachePolicy, cacheControl, etagMatches } from './cache-policy.js';
import { type CachedPage, prepareCachedPage } from './cached-page.js';
import type { ClientAssets } from './client-assets.js';
import { contentSecurityPolicy } from './csp.js';
import type { PageResponseCache, PageVariant } from './page-responses.js';
import { matchRedirect } from './redirects.js';
import { requestOrigin } from './request-origin.js';
import { sitePathLocation } from './request-path.js';
import type { ResolvedSite } from './resolved-site.js';
import { acceptsGzip, type Send, sharedHeaders } from './responses.js';
import { createSingleFlight } from './single-flight.js';
import { siteFileUrl } from './site-files.js';
import { searchUrl } from './site-search.js';

/**
 * A rendered page as the docs host keeps it in the site's render cache: ready to send, the
 * strings it was rendered as let go (issue #30: they held ~80 KB of heap a GitHub endpoint page,
 * beside its bytes, for nothing the host reads again).
 */
interface ServedPage {
  status: 200 | 404;
  styleHashes: string[];
  scriptHashes: string[];
  prepared: CachedPage;
}

/** What a served page weighs when kept: the bytes it holds, and a round figure for its tags and hashes. */
const servedBytes = (page: ServedPage) => page.prepared.heldBytes + 1024;

export interface SitePagesOptions {
  mode: 'local' | 'hosted';
  cachePolicy: CachePolicy;
  /** Origin of the proxy the playground sends through; '' is this server. */
  proxyBaseUrl: string;
  client: ClientAssets;
  send: Send;
  pageResponses: PageResponseCache;
  /** Hears each page rendered anew (its render cache did not hold it): `/metrics`. */
  onRendered?: () => void;
}

/** What a page request resolved to: its site, its path under the base path, its query string. */
export interface PageRequest {
  resolved: ResolvedSite;
  rel: string;
  search: string;
  /** The page responses' generation taken before the site was looked up. */
  since: number;
}

export function createSitePages(options: SitePagesOptions) {
  const { mode, send, pageResponses } = options;
  /** One render per page at a time: concurrent misses of a page await the same render. */
  const renderOnce = createSingleFlight<ServedPage>();
  /** How the render cache keeps a page of site version `version`; each one it makes is a miss. */
  const served = (version: string): PageKeeping<ServedPage> => ({
    name: 'served',
    keep(page) {
      options.onRendered?.();
      const { status, styleHashes, scriptHashes } = page;
      return {
        status,
        styleHashes,
        scriptHashes,
        prepared: prepareCachedPage(page.parts, NONCE_PLACEHOLDER, version),
      };
    },
    bytes: servedBytes,
  });

  const render = async (request: FastifyRequest, resolved: ResolvedSite, site: DocsSite, slug: string) => {
    const { basePath } = resolved;
    const build = await options.client.build();
    const origin = requestOrigin(request);
    const fileUrl = siteFileUrl(site, basePath);
    // Nothing of the reader goes into the page (not even the theme cookie: the page's own
    // script applies it), so one body serves every reader and caches may share it.
    const renderKey = [resolved.hostedUrl, site.version, origin, basePath, slug, build.assets.entry].join(
      '\0',
    );
    return renderOnce(renderKey, async () => {
      const ctx: RenderContext = {
        mode,
        proxyBaseUrl: options.proxyBaseUrl,
        basePath,
        assets: build.assets,
        fileUrl,
        searchIndexUrl: searchUrl(site, basePath),
        siteCss: await docsSiteCss(site, fileUrl),
        origin,
      };
      return renderKeptPage(site, slug, ctx, served(site.version));
    });
  };

  /** Keeps a hosted 200 whole: the next request for this origin and URL is answered from it. */
  const keep = (
    request: FastifyRequest,
    reply: FastifyReply,
    siteUrl: string,
    prepared: CachedPage,
    pageCache: string,
    since: number,
  ) => {
    const key = pageResponses.keyOf(request.raw);
    if (!key) return;
    // What `send` adds below to both answers (page-cache.test.ts holds the two paths equal).
    const shared = { ...sharedHeaders(reply), 'cache-control': pageCache, vary: 'accept-encoding' };
    const variant = (
      etag: string,
      length: number,
      body: () => Buffer,
      heldBytes: number,
      encoding?: string,
    ): PageVariant => ({
      headers: Object.freeze({
        ...shared,
        'content-type': 'text/html; charset=utf-8',
        'content-length': String(length),
        etag,
        ...(encoding ? { 'content-encoding': encoding } : {}),
      }),
      notModified: Object.freeze({ ...shared, etag }),
      etag,
      body,
      heldBytes,
    });
    const { gzip } = prepared;
    pageResponses.set(
      key,
      {
        siteUrl,
        etags: [prepared.etag, prepared.gzipEtag],
        // A page kept gzip-encoded holds no bytes for its identity answer: they are inflated per reader.
        identity: variant(prepared.etag, prepared.length, prepared.text, gzip ? 0 : prepared.heldBytes),
        ...(gzip ? { gzip: variant(prepared.gzipEtag, gzip.length, () => gzip, gzip.length, 'gzip') } : {}),
      },
      since,
    );
  };

  /** Answers a page request (a site route did not match). */
  return async function servePage(
    request: FastifyRequest,
    reply: FastifyReply,
    { resolved, rel, search, since }: PageRequest,
  ): Promise<FastifyReply> {
    const { site, basePath } = resolved;
    // Pages, their redirects and `.md` variants change with a publish: shared, purged by key.
    const pageCache = cacheControl('page', mode, options.cachePolicy);
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
    const page = await render(request, resolved, site, slug);
    const { prepared } = page;
    reply.header(
      'content-security-policy',
      contentSecurityPolicy(site.definition.config, page.styleHashes, prepared.nonce, page.scriptHashes),
    );
    if (page.status === 200) {
      if (mode === 'hosted' && resolved.hostedUrl)
        keep(request, reply, resolved.hostedUrl, prepared, pageCache, since);
      // The tag of the representation `send` picks (gzip bodies are another representation).
      const gzip = acceptsGzip(request) && prepared.gzip !== undefined;
      reply.header('etag', gzip ? prepared.gzipEtag : prepared.etag);
      if (etagMatches(request.headers['if-none-match'], [prepared.etag, prepared.gzipEtag]))
        return reply.code(304).header('cache-control', pageCache).header('vary', 'accept-encoding').send();
    }
    return send(reply, page.status, 'text/html; charset=utf-8', prepared, pageCache);
  };
}
