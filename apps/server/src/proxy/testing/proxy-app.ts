/**
 * The HTTP proxy alone for tests: a bare Fastify with the readiness routes and the proxy plugin,
 * a set of such servers listening on loopback that a test closes at once, and an upstream.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { readinessPlugin } from '../../lifecycle/readiness.js';
import type { ServerMode } from '../../options.js';
import { listenOnLoopback } from '../../testing/index.js';
import type { ProxyOptions } from '../options.js';
import { proxyPlugin } from '../proxy-plugin.js';

/**
 * Registers the proxy on `app` (a bare Fastify unless given, e.g. one with a logger); not listening.
 * @example const app = await proxyApp('hosted', { resolver }); await app.inject({ url: '/proxy/http://x/' })
 */
export async function proxyApp(
  mode: ServerMode,
  options: ProxyOptions = {},
  app: FastifyInstance = Fastify(),
): Promise<FastifyInstance> {
  await app.register(readinessPlugin);
  await app.register(proxyPlugin, { mode, proxy: options });
  return app;
}

/**
 * Proxies started on loopback; `start` answers the proxy's base (`http://127.0.0.1:<port>/proxy/`).
 * @example const proxies = proxyServers(); afterAll(proxies.closeAll); const base = await proxies.start()
 */
export function proxyServers(): {
  start(mode?: ServerMode, options?: ProxyOptions): Promise<string>;
  closeAll(): Promise<void>;
} {
  const started: FastifyInstance[] = [];
  return {
    async start(mode = 'local', options = {}) {
      const app = await proxyApp(mode, options);
      started.push(app);
      return `${(await listenOnLoopback(app)).baseUrl}/proxy/`;
    },
    async closeAll() {
      await Promise.all(started.splice(0).map((app) => app.close()));
    },
  };
}

/** An upstream server on loopback for proxy tests. */
export interface TestUpstream {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The same server as `http://localhost:<port>`: another origin, for cross-origin cases. */
  otherOrigin: string;
  /** Ends open connections, then closes. */
  close(): Promise<void>;
}

/**
 * Starts `handler` on a free loopback port.
 * @example const upstream = await startUpstream((req, res) => res.end('ok')); await proxy(`${upstream.origin}/`)
 */
export async function startUpstream(handler: RequestListener): Promise<TestUpstream> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    otherOrigin: `http://localhost:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
