/**
 * Wires the pre-render (prerender.ts) into a hosted docs host: pages are rendered by an `inject`
 * of their GET as the reader sent it (Host, X-Forwarded-Proto, the proxy's address), readers are
 * learned from the docs host's HTML answers, publishes come from the site source's invalidations.
 * The pre-render's own requests carry a per-process mark, so they teach and start nothing.
 */
import { randomBytes } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { SiteSource } from '../registry-source/site-source.js';
import { requestHost } from '../request-host.js';
import { createPrerenderer, type Prerenderer, type PrerenderReader } from './prerender.js';

/** The header marking the pre-render's own requests; its value is secret to the process. */
const MARK_HEADER = 'x-sextant-prerender';

export interface InstallPrerenderOptions {
  source: SiteSource;
  /** The page cache's byte budget. */
  budgetBytes: number;
}

/**
 * @example const prerender = installPrerender(app, { source, budgetBytes: budgets.pages }); // then prerender.evicted(name) from the caches' observer
 */
export function installPrerender(app: FastifyInstance, options: InstallPrerenderOptions): Prerenderer {
  const mark = randomBytes(16).toString('base64url');
  const prerender = createPrerenderer({
    budgetBytes: options.budgetBytes,
    ...(app.hasDecorator('metrics') && app.metrics ? { metrics: app.metrics.registry } : {}),
    loadSite: (address) => options.source.loadDocsForUrl(address),
    async render(path, reader) {
      const response = await app.inject({
        method: 'GET',
        url: path,
        headers: {
          host: reader.host,
          [MARK_HEADER]: mark,
          ...(reader.forwardedProto ? { 'x-forwarded-proto': reader.forwardedProto } : {}),
        },
        ...(reader.remoteAddress ? { remoteAddress: reader.remoteAddress } : {}),
      });
      const html = String(response.headers['content-type'] ?? '').startsWith('text/html');
      return response.statusCode === 200 && html ? response.rawPayload.length : undefined;
    },
  });
  app.addHook('onResponse', (request, reply, done) => {
    const raw = request.raw;
    if (
      request.method === 'GET' &&
      reply.statusCode === 200 &&
      request.headers[MARK_HEADER] !== mark &&
      // A reader on TLS straight to this server: an inject cannot stand in for its socket.
      !(raw.socket as Partial<TLSSocket>).encrypted &&
      String(reply.getHeader('content-type') ?? '').startsWith('text/html')
    ) {
      const host = requestHost(request.headers.host);
      const proto = request.headers['x-forwarded-proto'];
      const path = (request.url.split('?')[0] ?? '/') || '/';
      if (host) {
        const reader: PrerenderReader = {
          host,
          ...(typeof proto === 'string'
            ? {
                forwardedProto: proto,
                ...(raw.socket.remoteAddress ? { remoteAddress: raw.socket.remoteAddress } : {}),
              }
            : {}),
        };
        prerender.viewed(`${host}${path}`, reader);
      }
    }
    done();
  });
  const unsubscribe = options.source.onDocsInvalidated((urls) => prerender.invalidated(urls));
  app.addHook('preClose', (done) => {
    prerender.close();
    unsubscribe();
    done();
  });
  return prerender;
}
