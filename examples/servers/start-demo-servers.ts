/**
 * Starts the three demo upstreams on loopback: REST (default port 4010), WebSocket (4011) and
 * JSON-RPC (4012); env DEMO_REST_PORT / DEMO_WS_PORT / DEMO_RPC_PORT or the options override
 * them (0 = any free port, for tests). Each listens on 127.0.0.1 and, when the machine has
 * IPv6, on ::1 with the same port, so `localhost` works whichever address it resolves to,
 * without exposing the demos to the network.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createRestHandler } from './rest-server.js';
import { createRpcHandler } from './rpc-server.js';
import { createWsDemo } from './ws-server.js';

/** Ports of the demo servers; 0 picks a free one. */
export interface DemoServerOptions {
  restPort?: number;
  wsPort?: number;
  rpcPort?: number;
}

/** The running demos: their base URLs (on `localhost`) and one close for all. */
export interface DemoServers {
  restUrl: string;
  wsUrl: string;
  rpcUrl: string;
  close(): Promise<void>;
}

type Upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Listens on 127.0.0.1 and (best effort) ::1 on one port; returns the servers and the port. */
async function listenLoopback(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  port: number,
  upgrade?: Upgrade,
): Promise<{ port: number; servers: Server[] }> {
  const v4 = createServer({ keepAliveTimeout: 5000 }, handler);
  if (upgrade) v4.on('upgrade', upgrade);
  const actual = await listen(v4, port, '127.0.0.1');
  const servers = [v4];
  const v6 = createServer({ keepAliveTimeout: 5000 }, handler);
  if (upgrade) v6.on('upgrade', upgrade);
  try {
    await listen(v6, actual, '::1');
    servers.push(v6);
  } catch {
    // No IPv6 loopback here: 127.0.0.1 alone serves `localhost`.
  }
  return { port: actual, servers };
}

function envPort(name: string, fallback: number): number {
  const value = process.env[name];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback;
}

/**
 * Starts the REST, WebSocket and JSON-RPC demo servers.
 * @example const demos = await startDemoServers({ restPort: 0, wsPort: 0, rpcPort: 0 }); await demos.close();
 */
export async function startDemoServers(options: DemoServerOptions = {}): Promise<DemoServers> {
  const wss = createWsDemo();
  const upgrade: Upgrade = (request, socket, head) =>
    wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request));
  const rest = await listenLoopback(createRestHandler(), options.restPort ?? envPort('DEMO_REST_PORT', 4010));
  const ws = await listenLoopback(
    (_req, res) => {
      res.writeHead(426, { 'content-type': 'text/plain' }).end('Upgrade to WebSocket at /chat');
    },
    options.wsPort ?? envPort('DEMO_WS_PORT', 4011),
    upgrade,
  );
  const rpc = await listenLoopback(createRpcHandler(), options.rpcPort ?? envPort('DEMO_RPC_PORT', 4012));
  const all = [...rest.servers, ...ws.servers, ...rpc.servers];
  return {
    restUrl: `http://localhost:${rest.port}`,
    wsUrl: `ws://localhost:${ws.port}`,
    rpcUrl: `http://localhost:${rpc.port}`,
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await Promise.all(
        all.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}
