/**
 * A real HTTP server for the playground's headless tests: JSON, SSE and NDJSON streams whose
 * chunks wait for the test's go-ahead (so a test can see events before the stream ends), audio,
 * PDF and attachment files, errors, and an OAuth token endpoint. Listens on port 0.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureServer {
  url: string;
  /** Lets the held stream send its remaining chunks and end. */
  releaseStream(): void;
  /** Requests seen, newest last. */
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  let release: () => void = () => {};
  let released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requests: FixtureServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // Requests through the test "proxy" arrive as /proxy/{target}; strip to the target path.
      const path = (req.url ?? '/').replace(/^\/proxy\/https?:\/\/[^/]+/, '');
      requests.push({ method: req.method ?? 'GET', url: path, headers: req.headers, body });
      if (path.startsWith('/json')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            ok: true,
            method: req.method,
            authorization: req.headers.authorization ?? null,
            body,
          }),
        );
      } else if (path.startsWith('/sse')) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"n":1}\n\n');
        res.write('event: tick\ndata: {"n":2}\n\n');
        void released.then(() => {
          res.write('data: {"n":3}\n\n');
          res.end('data: [DONE]\n\n');
        });
      } else if (path.startsWith('/ndjson')) {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.write('{"n":1}\n{"n":');
        void released.then(() => res.end('2}\n'));
      } else if (path.startsWith('/audio')) {
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        res.write(Buffer.from([0xff, 0xfb, 0x90, 0x00]));
        res.end(Buffer.from([1, 2, 3, 4]));
      } else if (path.startsWith('/pdf')) {
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="report.pdf"',
        });
        res.end('%PDF-1.4\n%%EOF\n');
      } else if (path.startsWith('/error')) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"message":"boom"}');
      } else if (path.startsWith('/oauth/token')) {
        const parsed = safeJson(body);
        if (
          parsed?.client_id === 'good' &&
          parsed.client_secret === 'secret' &&
          parsed.grant_type === 'client_credentials'
        ) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ access_token: 'token-123', expires_in: 3600 }));
        } else {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end('{"error":"invalid_client"}');
        }
      } else if (path.startsWith('/pets')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 7, name: 'Rex', authorization: req.headers.authorization ?? null }));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    releaseStream() {
      release();
      released = Promise.resolve();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
