/**
 * `GET {base}/llms.txt` and `GET {base}/llms-full.txt` on every docs site (site routes of the
 * docs host); `?api=<slug of an API reference>` gives one API's llms-full.txt, and
 * `GET {base}/llms-types.txt?api=…` the index of a large API's types (llms.txt links both).
 * The work is bounded per site version: the pages' markdown is rendered once per loaded site (a
 * new version is a new `DocsSite`), the texts are kept per site URL (origin and base path, a few
 * per site) with their gzip encoding, and concurrent first requests share one computation.
 */

import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { DocsSite } from '@sextant/docs-site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refuseMalformedHost, type SiteRequestContext } from '../docs-host/index.js';
import { NoSuchApiTextError } from '../errors.js';
import { needs } from '../lifecycle/index.js';
import {
  type LlmsPages,
  llmsApiFull,
  llmsApiPages,
  llmsFull,
  llmsIndex,
  llmsPages,
  llmsTypesIndex,
} from './llms-text.js';

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

/** Builds a text; undefined when the request's `api` names no API of the site (404). */
type Build = (site: DocsSite, siteUrl: string, api: string | undefined) => Promise<string | undefined>;

const NO_SUCH_API = "This site has no API reference at that slug: llms.txt links each API's texts.";

function textRoute(name: string, build: Build, { requireApi = false } = {}) {
  return async (request: FastifyRequest, reply: FastifyReply, context: SiteRequestContext) => {
    if (!context.origin) return refuseMalformedHost(reply);
    const siteUrl = `${context.origin}${context.basePath}`;
    const asked = (request.query as Record<string, unknown> | undefined)?.api;
    const api = typeof asked === 'string' ? asked.replace(/^\/+|\/+$/g, '') : undefined;
    // An API the site does not have is answered before anything is computed or kept.
    if (
      (api === undefined && requireApi) ||
      (api !== undefined && context.site.bySlug.get(api)?.item.type !== 'apiReference')
    )
      return reply.code(404).type('text/plain; charset=utf-8').send(NO_SUCH_API);
    const encoded = await cachedText(context.site, `${name} ${api ?? ''} ${siteUrl}`, async () => {
      const text = await build(context.site, siteUrl, api);
      if (text === undefined) throw new NoSuchApiTextError(NO_SUCH_API);
      return text;
    });
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
async function llms(app: FastifyInstance): Promise<void> {
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/llms.txt',
    handler: textRoute('index', async (site, siteUrl) => llmsIndex(site, siteUrl)),
  });
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/llms-full.txt',
    handler: textRoute('full', async (site, siteUrl, api) => {
      if (api === undefined) return llmsFull(site, siteUrl, await pagesOf(site));
      const pages = await llmsApiPages(site, api);
      return pages && llmsApiFull(site, siteUrl, api, pages);
    }),
  });
  app.docsHost.addSiteRoute({
    method: 'GET',
    path: '/llms-types.txt',
    handler: textRoute(
      'types',
      async (site, siteUrl, api) => (api === undefined ? undefined : llmsTypesIndex(site, siteUrl, api)),
      { requireApi: true },
    ),
  });
}

/** The llms.txt routes of every docs site. */
export const llmsPlugin = fp(llms, {
  name: 'sextant-llms',
  fastify: '5.x',
  encapsulate: true,
  decorators: needs('docsHost'),
});
