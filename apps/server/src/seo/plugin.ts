/**
 * `GET {base}/sitemap.xml` and `GET {base}/robots.txt` on every docs site (site routes of the
 * docs host). Both name absolute URLs on the request's origin and the site's base path; each
 * text is computed once per site version and site URL (a few per site), with its gzip encoding.
 * A site too large for one sitemap serves an index there and its parts at `sitemap.xml?part=N`.
 */
import { gzipSync } from 'node:zlib';
import type { DocsSite } from '@sextant/docs-site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refuseMalformedHost, type SiteRequestContext } from '../docs-host/index.js';
import { needs } from '../lifecycle/index.js';
import { robotsTxt, SITEMAP_LIMITS, type SitemapLimits, sitemapFiles } from './sitemap.js';

const TEXTS_PER_SITE = 8;
const texts = new WeakMap<DocsSite, Map<string, { text: Buffer; gzip: Buffer }>>();

function cachedText(site: DocsSite, key: string, build: () => string | undefined) {
  let bySite = texts.get(site);
  if (!bySite) {
    bySite = new Map();
    texts.set(site, bySite);
  }
  let found = bySite.get(key);
  if (!found) {
    const built = build();
    if (built === undefined) return undefined;
    const text = Buffer.from(built, 'utf8');
    found = { text, gzip: gzipSync(text) };
    bySite.set(key, found);
    if (bySite.size > TEXTS_PER_SITE) bySite.delete(bySite.keys().next().value as string);
  }
  return found;
}

/**
 * A text route: `build` gives the text for the site at `siteUrl` and the request's `part`
 * (the `?part=` query, '' without one), or undefined when there is no such text (404).
 */
function textRoute(
  name: string,
  type: string,
  build: (site: DocsSite, siteUrl: string, part: string) => string | undefined,
) {
  return async (request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) => {
    if (!context.origin) return refuseMalformedHost(reply);
    const siteUrl = `${context.origin}${context.basePath}`;
    const part = String((request.query as Record<string, unknown> | undefined)?.part ?? '');
    const key = `${name} ${siteUrl} ${part}`;
    const encoded = cachedText(context.site, key, () => build(context.site, siteUrl, part));
    if (!encoded)
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(`This site has no ${name} part "${part.slice(0, 20)}": its sitemap.xml names every part.`);
    reply.type(type).header('cache-control', 'public, max-age=300').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'gzip').send(encoded.gzip);
    return reply.send(encoded.text);
  };
}

const sitemapFilesCache = new WeakMap<DocsSite, { siteUrl: string; files: string[] }>();

/** The sitemap text for `part` ('' the sitemap or index; '1'… a part of an index), or undefined. */
const sitemapText =
  (limits: SitemapLimits) =>
  (site: DocsSite, siteUrl: string, part: string): string | undefined => {
    let cachedFiles = sitemapFilesCache.get(site);
    if (cachedFiles?.siteUrl !== siteUrl) {
      cachedFiles = { siteUrl, files: sitemapFiles(site, siteUrl, limits) };
      sitemapFilesCache.set(site, cachedFiles);
    }
    const { files } = cachedFiles;
    if (part === '') return files[0];
    if (!/^[1-9]\d{0,5}$/.test(part) || files.length === 1) return undefined;
    return files[Number(part)];
  };

export interface SeoPluginOptions {
  /** Limits of one sitemap file (default the protocol's: 50,000 URLs, 50 MB). */
  sitemapLimits?: SitemapLimits;
}

/** Adds the sitemap and robots.txt to every docs site. Needs the docs host (`app.docsHost`). */
async function seo(app: FastifyInstance, options: SeoPluginOptions = {}): Promise<void> {
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/sitemap.xml',
    handler: textRoute(
      'sitemap',
      'application/xml; charset=utf-8',
      sitemapText(options.sitemapLimits ?? SITEMAP_LIMITS),
    ),
  });
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/robots.txt',
    handler: textRoute('robots', 'text/plain; charset=utf-8', (site, siteUrl) => robotsTxt(site, siteUrl)),
  });
}

/** The sitemap and robots.txt of every docs site. */
export const seoPlugin = fp(seo, {
  name: 'sextant-seo',
  fastify: '5.x',
  encapsulate: true,
  decorators: needs('docsHost'),
});
