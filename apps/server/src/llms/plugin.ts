/**
 * `GET {base}/llms.txt` and `GET {base}/llms-full.txt` on every docs site (site routes of the
 * docs host). The work is bounded per site version: the pages' markdown is rendered once per
 * loaded site (a new version is a new `DocsSite`), the texts are kept per site URL (origin and
 * base path, a few per site) with their gzip encoding, and concurrent first requests share one
 * computation.
 */

import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { DocsSite } from '@sextant/docs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteRequestContext } from '../docs-host/index.js';
import { type LlmsPages, llmsFull, llmsIndex, llmsPages } from './llms-text.js';

const gzipAsync = promisify(gzip);
const TEXTS_PER_SITE = 8;

interface Encoded {
  text: Buffer;
  gzip: Buffer;
}

interface SiteTexts {
  pages?: Promise<LlmsPages>;
  texts: Map<string, Promise<Encoded>>;
}

const bySite = new WeakMap<DocsSite, SiteTexts>();

function siteTexts(site: DocsSite): SiteTexts {
  let entry = bySite.get(site);
  if (!entry) {
    entry = { texts: new Map() };
    bySite.set(site, entry);
  }
  return entry;
}

/** The text under `key` for this site, computed once (a failed computation is retried next time). */
function cachedText(site: DocsSite, key: string, compute: () => Promise<string>): Promise<Encoded> {
  const { texts } = siteTexts(site);
  let found = texts.get(key);
  if (!found) {
    found = compute().then(async (text) => {
      const bytes = Buffer.from(text, 'utf8');
      return { text: bytes, gzip: await gzipAsync(bytes) };
    });
    found.catch(() => texts.delete(key));
    texts.set(key, found);
    if (texts.size > TEXTS_PER_SITE) texts.delete(texts.keys().next().value as string);
  }
  return found;
}

function pagesOf(site: DocsSite): Promise<LlmsPages> {
  const entry = siteTexts(site);
  entry.pages ??= llmsPages(site);
  entry.pages.catch(() => {
    entry.pages = undefined;
  });
  return entry.pages;
}

type Build = (site: DocsSite, siteUrl: string) => Promise<string>;

function textRoute(name: string, build: Build) {
  return async (request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) => {
    if (!context.origin)
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send('The Host header is malformed: send the host name of the docs site.');
    const siteUrl = `${context.origin}${context.basePath}`;
    const encoded = await cachedText(context.site, `${name} ${siteUrl}`, () => build(context.site, siteUrl));
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'gzip').send(encoded.gzip);
    return reply.send(encoded.text);
  };
}

/** Adds the llms.txt routes to every docs site. Needs the docs host (`app.docsHost`). */
export async function llmsPlugin(app: FastifyInstance): Promise<void> {
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/llms.txt',
    handler: textRoute('index', async (site, siteUrl) => llmsIndex(site, siteUrl)),
  });
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/llms-full.txt',
    handler: textRoute('full', async (site, siteUrl) => llmsFull(site, siteUrl, await pagesOf(site))),
  });
}
