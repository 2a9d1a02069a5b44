/**
 * A loopback upstream for playground e2e tests: answers every request `200 {"ok":true}` (no body
 * for HEAD) and records what it received (method, path with query, headers), so a test can check
 * what Send really delivered through the proxy.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The request target: path and query. */
  path: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingUpstream {
  url: string;
  received: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts the upstream on 127.0.0.1 at a free port. */
export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const received: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '/', headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.method === 'HEAD' ? undefined : '{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
