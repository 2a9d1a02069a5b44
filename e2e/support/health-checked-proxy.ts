/**
 * A small load balancer on loopback for rolling-restart tests, doing what nginx or a cloud load
 * balancer does in front of replicas: polls each upstream's `/readyz` (every `intervalMs`; a
 * replica joins the rotation on a 200 and leaves it after two answers that are not 200 in a row,
 * a cloud balancer's unhealthy threshold), sends each request to the next replica in
 * the rotation over keep-alive connections, and never retries: a failed upstream exchange is a
 * 502 to the client and counted, so a test sees every error a restart causes.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Upstream {
  port: number;
  healthy: boolean;
  /** Checks not answered 200 in a row. */
  failedChecks: number;
}

export interface HealthCheckedProxy {
  url: string;
  upstreams: Upstream[];
  /** Failed upstream exchanges (each answered 502), with their reason. */
  failures: string[];
  /** Resolves once `port` is in the rotation (true) or out of it (false). */
  waitUntil(port: number, healthy: boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the proxy in front of `ports`.
 * @example const lb = await startHealthCheckedProxy([4001, 4002]);
 */
export async function startHealthCheckedProxy(
  ports: number[],
  intervalMs = 200,
): Promise<HealthCheckedProxy> {
  const upstreams: Upstream[] = ports.map((port) => ({ port, healthy: false, failedChecks: 0 }));
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const failures: string[] = [];
  let next = 0;

  const check = async (upstream: Upstream) => {
    let ok = false;
    try {
      const response = await fetch(`http://127.0.0.1:${upstream.port}/readyz`, {
        signal: AbortSignal.timeout(2000),
      });
      await response.arrayBuffer();
      ok = response.status === 200;
    } catch {
      // Refused or timed out: not ready.
    }
    upstream.failedChecks = ok ? 0 : upstream.failedChecks + 1;
    if (ok) upstream.healthy = true;
    else if (upstream.failedChecks >= 2) upstream.healthy = false;
  };
  let checking = true;
  const poll = (async () => {
    while (checking) {
      await Promise.all(upstreams.map(check));
      await new Promise((resolveWait) => setTimeout(resolveWait, intervalMs));
    }
  })();

  const relay = (req: IncomingMessage, res: ServerResponse) => {
    const rotation = upstreams.filter((upstream) => upstream.healthy);
    const upstream = rotation[next++ % Math.max(rotation.length, 1)];
    if (!upstream) {
      failures.push(`${req.method} ${req.url}: no healthy upstream`);
      res.writeHead(502).end('no healthy upstream');
      return;
    }
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, connection: 'keep-alive' },
        agent,
      },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers.connection;
        delete headers['keep-alive'];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', (error: NodeJS.ErrnoException) => {
      failures.push(`${req.method} ${req.url} → :${upstream.port}: ${error.code ?? error.message}`);
      if (!res.headersSent) res.writeHead(502).end('upstream failed');
      else res.destroy();
    });
    req.pipe(forwarded);
  };

  const server: Server = createServer(relay);
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    upstreams,
    failures,
    async waitUntil(upstreamPort, healthy, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      const upstream = upstreams.find((candidate) => candidate.port === upstreamPort);
      if (!upstream) throw new Error(`no upstream on port ${upstreamPort}`);
      while (upstream.healthy !== healthy) {
        if (Date.now() > deadline)
          throw new Error(`upstream :${upstreamPort} did not become ${healthy ? 'healthy' : 'unhealthy'}`);
        await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      }
    },
    async close() {
      checking = false;
      await poll;
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
