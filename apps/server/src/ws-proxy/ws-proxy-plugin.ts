/**
 * The WebSocket proxy as a Fastify plugin: listens to the raw server's `upgrade` event for
 * `/proxy/ws` (other upgrade paths are left to whoever handles them) and runs one session per
 * socket. Incoming frames above the frame cap close the socket with 1009.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { ServerMode } from '../options.js';
import {
  guardedLookup,
  optionsForRequest,
  ProxyError,
  type ProxyOptions,
  resolvePluginProxyOptions,
} from '../proxy/index.js';
import { clientAddressOf } from '../trust-proxy/index.js';
import { closeCodeFor, closeReason } from './close-codes.js';
import { runWsSession } from './ws-session.js';

/** Path of the WebSocket proxy. */
export const WS_PROXY_PATH = '/proxy/ws';

/** Options of the WebSocket proxy plugin (the server options carry both fields). */
export interface WsProxyPluginOptions {
  mode: ServerMode;
  proxy?: ProxyOptions;
}

/**
 * Registers the WebSocket proxy on the server's upgrade event.
 * @example await app.register(wsProxyPlugin, { mode: 'local', proxy: { ws: { messageLimit: 20 } } });
 */
export async function wsProxyPlugin(
  app: FastifyInstance,
  pluginOptions: WsProxyPluginOptions,
): Promise<void> {
  const options = resolvePluginProxyOptions(app, pluginOptions.mode, pluginOptions.proxy);
  const lookup = guardedLookup(options);
  const perClient = new Map<string, number>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.ws.maxFrameBytes,
    perMessageDeflate: false,
  });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== WS_PROXY_PATH) return;
    const address = clientAddressOf(app, request);
    wss.handleUpgrade(request, socket, head, (client) => {
      const open = perClient.get(address) ?? 0;
      if (open >= options.ws.connectionsPerClient) {
        const error = new ProxyError('ProxyTooManyConcurrentError');
        client.close(closeCodeFor(error), closeReason(error.message));
        return;
      }
      perClient.set(address, open + 1);
      app.metrics?.wsSession(client);
      client.once('close', () => {
        const left = (perClient.get(address) ?? 1) - 1;
        if (left > 0) perClient.set(address, left);
        else perClient.delete(address);
      });
      Promise.resolve(optionsForRequest(options, request)).then(
        (effective) => runWsSession(client, effective, lookup, app.log),
        (error: unknown) => {
          app.log.warn({ err: error }, 'ws proxy: allowlist lookup failed');
          client.close(1011, 'The proxy could not check this target; try again.');
        },
      );
    });
  };
  app.server.on('upgrade', onUpgrade);
  // Shutdown (SIGTERM): sessions end with 1001 (going away) so clients reconnect elsewhere;
  // one that does not finish the closing handshake within a second is cut.
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    const clients = [...wss.clients];
    for (const client of clients) client.close(1001, 'server shutting down');
    await Promise.race([
      Promise.all(clients.map((client) => new Promise((resolve) => client.once('close', resolve)))),
      new Promise((resolve) => setTimeout(resolve, 1000).unref()),
    ]);
  });
  app.addHook('onClose', async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
