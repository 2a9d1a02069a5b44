/**
 * Live reload for `sextant dev`: a server-sent events stream (`/_sextant/dev/events`) that says
 * `reload` after each change of the project, a polling alternative (`/_sextant/dev/version`),
 * and a small same-origin script (`/_sextant/dev/live-reload.js`, allowed by the docs CSP)
 * injected into every HTML page, which reloads the page when told, or when the dev server
 * restarted while it was open.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export const LIVE_RELOAD_BASE = '/_sextant/dev';

const CLIENT_SCRIPT = `// Sextant dev: reloads this page when the docs project changes.
(() => {
  let boot;
  const events = new EventSource(${JSON.stringify(`${LIVE_RELOAD_BASE}/events`)});
  events.addEventListener('hello', (event) => {
    if (boot !== undefined && boot !== event.data) location.reload();
    boot = event.data;
  });
  events.addEventListener('reload', () => location.reload());
})();
`;

export interface LiveReload {
  /** Tells every open page to reload. */
  notify: () => void;
  /** Number of reloads so far (the polling endpoint's version). */
  version: () => number;
}

/**
 * Adds the live-reload routes and the HTML injection to `app` (before it listens).
 * @example const live = installLiveReload(app); watcher.on('change', () => live.notify());
 */
export function installLiveReload(app: FastifyInstance): LiveReload {
  const boot = randomUUID();
  const clients = new Set<ServerResponse>();
  let version = 0;
  const tag = `<script src="${LIVE_RELOAD_BASE}/live-reload.js" defer></script>`;

  app.get(`${LIVE_RELOAD_BASE}/live-reload.js`, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(CLIENT_SCRIPT),
  );
  app.get(`${LIVE_RELOAD_BASE}/version`, async () => ({ boot, version }));
  app.get(`${LIVE_RELOAD_BASE}/events`, (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    reply.raw.write(`retry: 500\nevent: hello\ndata: ${boot}\n\n`);
    clients.add(reply.raw);
    request.raw.on('close', () => clients.delete(reply.raw));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) return payload;
    let html: string;
    if (typeof payload === 'string') {
      html = payload;
    } else if (Buffer.isBuffer(payload)) {
      // The docs host may have gzipped the page already: inject into the plain text and send that.
      const gzipped = reply.getHeader('content-encoding') === 'gzip';
      html = (gzipped ? gunzipSync(payload) : payload).toString('utf8');
      if (gzipped) reply.removeHeader('content-encoding');
      reply.removeHeader('content-length');
    } else {
      return payload;
    }
    // The tag named the page as the docs host sent it (often its gzip body), not this one.
    reply.removeHeader('etag');
    return html.includes('</body>') ? html.replace('</body>', `${tag}</body>`) : `${html}${tag}`;
  });
  // Open event streams would keep a graceful shutdown waiting forever.
  app.addHook('preClose', async () => {
    for (const client of clients) client.end();
    clients.clear();
  });
  return {
    notify() {
      version += 1;
      for (const client of clients) client.write(`event: reload\ndata: ${version}\n\n`);
    },
    version: () => version,
  };
}
