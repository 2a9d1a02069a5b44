/**
 * `GET {base}/sitemap.xml` and `GET {base}/robots.txt` on every docs site (site routes of the
 * docs host). Both name absolute URLs on the request's origin and the site's base path; each
 * text is computed once per site version and site URL (a few per site), with its gzip encoding.
 */
import { gzipSync } from 'node:zlib';
import type { DocsSite } from '@sextant/docs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteRequestContext } from '../docs-host/index.js';
import { robotsTxt, sitemapXml } from './sitemap.js';

const TEXTS_PER_SITE = 8;
const texts = new WeakMap<DocsSite, Map<string, { text: Buffer; gzip: Buffer }>>();

function cachedText(site: DocsSite, key: string, build: () => string) {
  let bySite = texts.get(site);
  if (!bySite) {
    bySite = new Map();
    texts.set(site, bySite);
  }
  let found = bySite.get(key);
  if (!found) {
    const text = Buffer.from(build(), 'utf8');
    found = { text, gzip: gzipSync(text) };
    bySite.set(key, found);
    if (bySite.size > TEXTS_PER_SITE) bySite.delete(bySite.keys().next().value as string);
  }
  return found;
}

function textRoute(name: string, type: string, build: (site: DocsSite, siteUrl: string) => string) {
  return async (request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) => {
    if (!context.origin)
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send('The Host header is malformed: send the host name of the docs site.');
    const siteUrl = `${context.origin}${context.basePath}`;
    const encoded = cachedText(context.site, `${name} ${siteUrl}`, () => build(context.site, siteUrl));
    reply.type(type).header('cache-control', 'public, max-age=300').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'gzip').send(encoded.gzip);
    return reply.send(encoded.text);
  };
}

/** Adds the sitemap and robots.txt to every docs site. Needs the docs host (`app.docsHost`). */
export async function seoPlugin(app: FastifyInstance): Promise<void> {
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/sitemap.xml',
    handler: textRoute('sitemap', 'application/xml; charset=utf-8', sitemapXml),
  });
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/robots.txt',
    handler: textRoute('robots', 'text/plain; charset=utf-8', robotsTxt),
  });
}
