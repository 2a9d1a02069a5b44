/**
 * The docs host's own resources of every site, as rows of the site-route table (site-routes.ts):
 * the search index and search answers, the page data the client fetches between pages, the site's
 * stylesheet, the favicon, and the site's files (`/_sextant/files/…`).
 */
import { isSafeAssetUrl } from '@sextant/definition';
import { docsFullPageJson, docsSearchIndex, docsSiteCss, FULL_PAGE_PATH } from '@sextant/docs-site';
import { sendError } from '../error-replies/index.js';
import { FILE_CSP } from './csp.js';
import { IMMUTABLE, type Send } from './responses.js';
import { FILES_PREFIX, siteFileUrl } from './site-files.js';
import type { SiteRoute } from './site-routes.js';
import { SEARCH_INDEX_PATH, SEARCH_PATH, searchAnswer } from './site-search.js';

export const SITE_CSS_PATH = '/_sextant/site.css';

export function siteResourceRoutes(send: Send): SiteRoute[] {
  return [
    {
      method: 'GET',
      path: SEARCH_INDEX_PATH,
      handler: async (_request, reply, { site }) =>
        send(reply, 200, 'application/json', await docsSearchIndex(site), 'public, max-age=300'),
    },
    {
      method: 'GET',
      path: SEARCH_PATH,
      handler: (_request, reply, { site, query }) =>
        send(reply, 200, 'application/json', searchAnswer(site, query), 'public, max-age=60'),
    },
    {
      method: 'GET',
      path: FULL_PAGE_PATH,
      handler: async (_request, reply, { site, basePath, query }) => {
        const slug = query.get('slug') ?? '';
        const json = await docsFullPageJson(site, slug || site.definition.homeSlug, basePath);
        if (json === undefined)
          return sendError(
            reply,
            404,
            'PageNotFoundError',
            `This site has no page at "${slug.slice(0, 200)}"`,
          );
        return send(reply, 200, 'application/json', json);
      },
    },
    {
      method: 'GET',
      path: SITE_CSS_PATH,
      handler: async (_request, reply, { site, basePath }) =>
        send(
          reply,
          200,
          'text/css; charset=utf-8',
          await docsSiteCss(site, siteFileUrl(site, basePath)),
          'public, max-age=300',
        ),
    },
    {
      method: 'GET',
      path: '/favicon.ico',
      // Browsers ask for it on non-HTML pages (the `.md` variants): answer with the site's icon.
      handler: async (_request, reply, { site, file: readFile }) => {
        const favicon = site.definition.config.favicon;
        if (favicon?.type === 'file') {
          const file = await readFile(favicon.path);
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
      },
    },
    {
      method: 'GET',
      path: `${FILES_PREFIX}*`,
      handler: async (request, reply, { rel, fileAt }) => {
        const file = await fileAt(rel.slice(FILES_PREFIX.length));
        if (!file) return send(reply, 404, 'text/plain; charset=utf-8', 'Not found');
        reply.header('content-security-policy', FILE_CSP);
        if (!file.sha256) return send(reply, 200, file.contentType, file.body, 'public, max-age=300');
        // Content-addressed: the URL names the bytes, so they never change under it.
        const etag = `"${file.sha256}"`;
        reply.header('etag', etag);
        if (request.headers['if-none-match'] === etag)
          return reply.code(304).header('cache-control', IMMUTABLE).send();
        return send(reply, 200, file.contentType, file.body, IMMUTABLE);
      },
    },
  ];
}
