/**
 * The three peers (Swagger UI, Redoc, Scalar) served from their installed bundles on a local
 * HTTP server, each loading GitHub's REST spec and deep-linked to the same operation
 * (`repos/get`, GET /repos/{owner}/{repo}) the way that peer supports deep links.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

/** How the bench finds the target operation on a site: both selectors must match; the heading must be on screen. */
export interface Target {
  /** The operation's title element; its text must contain `title`. */
  heading: string;
  /** An element that exists only once the operation's parameters are rendered. */
  detail: string;
  title: string;
}

export interface Site {
  name: string;
  url: string;
  target: Target;
}

const TITLE = 'Get a repository';

/** Directories served under a prefix, so lazily loaded chunks of a bundle are found too. */
function mounts(data: string): Record<string, string> {
  return {
    '/swagger/': join(data, 'swagger-ui-dist'),
    '/redoc/': join(data, 'redoc/bundles'),
    '/scalar/': join(data, '@scalar/api-reference/dist/browser'),
  };
}

const PAGES: Record<string, string> = {
  // Swagger UI's hash deep link splits on "/", and GitHub's operation ids contain one ("repos/get"),
  // so the page opens the operation through the same layout actions the deep-linking plugin calls.
  // Swagger UI virtualises the operation list: scrollToVirtualizedOperation renders and scrolls to it.
  '/swagger.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Swagger UI</title>
<link rel="stylesheet" href="/swagger/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/swagger/swagger-ui-bundle.js"></script><script>
window.ui = SwaggerUIBundle({ url: '/spec.json', dom_id: '#ui', deepLinking: false, onComplete() {
  const key = ['operations', 'repos', 'repos/get'];
  window.ui.layoutActions.show(['operations-tag', 'repos'], true);
  window.ui.layoutActions.show(key, true);
  window.ui.layoutActions.scrollToVirtualizedOperation(key);
} });</script></body></html>`,
  '/redoc.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redoc</title></head><body>
<redoc spec-url="/spec.json"></redoc><script type="module" src="/redoc/redoc.standalone.js"></script></body></html>`,
  '/scalar.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scalar</title></head><body>
<script id="api-reference" data-url="/spec.json"></script><script src="/scalar/standalone.js"></script></body></html>`,
};

export function peerSites(base: string): Site[] {
  return [
    {
      name: 'Swagger UI',
      url: `${base}/swagger.html`,
      target: {
        // Swagger UI builds the element id with CSS.escape, so the "/" is stored as "\/".
        heading: '[id="operations-repos-repos\\\\/get"] .opblock-summary-description',
        detail: '[id="operations-repos-repos\\\\/get"] tr[data-param-name="owner"]',
        title: TITLE,
      },
    },
    {
      name: 'Redoc',
      url: `${base}/redoc.html#/repos/repos/get`,
      target: {
        heading: '[id="repos/repos/get"] h2',
        detail: '[id="repos/repos/get/t=request&in=path&path=owner"]',
        title: TITLE,
      },
    },
    {
      name: 'Scalar',
      url: `${base}/scalar.html#tag/repos/GET/repos/{owner}/{repo}`,
      target: {
        heading: '[id="api-1/tag/repos/GET/repos/{owner}/{repo}"] h3',
        detail: '[id="api-1/tag/repos/GET/repos/{owner}/{repo}.path.owner"]',
        title: TITLE,
      },
    },
  ];
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Serves the peers' pages and bundles and the spec, gzip-encoded once and cached like a static host would. */
export async function startPeerServer(
  data: string,
  spec: string,
): Promise<{ server: Server; url: string; notFound: string[] }> {
  const zipped = new Map<string, Buffer>();
  const notFound: string[] = [];
  const dirs = mounts(data);
  const resolveFile = (path: string): string | undefined => {
    if (path === '/spec.json') return spec;
    for (const [prefix, dir] of Object.entries(dirs)) {
      if (!path.startsWith(prefix)) continue;
      const file = normalize(join(dir, decodeURIComponent(path.slice(prefix.length))));
      return file.startsWith(dir) ? file : undefined;
    }
    return undefined;
  };
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://peer').pathname;
    const page = PAGES[path];
    if (page) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const file = resolveFile(path);
    const body = file ? await readFile(file).catch(() => undefined) : undefined;
    if (!file || !body) {
      notFound.push(path);
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    if (!/gzip/.test(String(request.headers['accept-encoding'])) || type.startsWith('image/')) {
      response.writeHead(200, { 'content-type': type }).end(body);
      return;
    }
    let gz = zipped.get(file);
    if (!gz) {
      gz = gzipSync(body, { level: 6 });
      zipped.set(file, gz);
    }
    response.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' }).end(gz);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, notFound };
}
