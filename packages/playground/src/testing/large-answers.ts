/**
 * Fixtures of the large-answer e2e test and `bench:response`: a loopback upstream answering
 * 1 MB and 10 MB JSON bodies (minified, one line, as APIs send them; the last item holds the
 * word `needle-end`), and a docs project of its own (the Bulk API's OpenAPI spec and a small
 * AsyncAPI channel) that the Sextant server serves.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The sizes the upstream serves, by path segment. */
export const LARGE_SIZES = { '1mb': 1_000_000, '10mb': 10_000_000 } as const;
export type LargeSize = keyof typeof LARGE_SIZES;

/** The marker only the last item holds. */
export const LAST_ITEM_MARKER = 'needle-end';

/**
 * A deterministic JSON object of about `bytes` bytes: `{ "items": [...] }` of small records
 * (ids, names, nested tags and a price), the last one marked with {@link LAST_ITEM_MARKER}.
 *
 * @example JSON.parse(largeJson(1_000_000)).items.at(-1).name // 'needle-end'
 */
export function largeJson(bytes: number): string {
  const items: string[] = [];
  let size = 12;
  for (let id = 0; size < bytes; id++) {
    const item = JSON.stringify({
      id,
      name: `widget-${id}`,
      active: id % 3 !== 0,
      price: Math.round(id * 7.31) / 100,
      tags: ['alpha', `group-${id % 17}`],
      owner: { login: `user-${id % 101}`, site: null },
    });
    items.push(item);
    size += item.length + 1;
  }
  items.push(JSON.stringify({ id: items.length, name: LAST_ITEM_MARKER, active: true, tags: [] }));
  return `{"items":[${items.join(',')}]}`;
}

export interface LargeAnswersUpstream {
  url: string;
  /** The exact body served for each size. */
  body(size: LargeSize): string;
  close(): Promise<void>;
}

/** Starts the upstream on a free loopback port: `GET /bulk/1mb`, `GET /bulk/10mb`. */
export async function startLargeAnswersUpstream(): Promise<LargeAnswersUpstream> {
  const bodies = new Map<LargeSize, string>();
  const body = (size: LargeSize) => {
    let text = bodies.get(size);
    if (text === undefined) {
      text = largeJson(LARGE_SIZES[size]);
      bodies.set(size, text);
    }
    return text;
  };
  const server = createServer((req, res) => {
    const size = req.url?.match(/^\/bulk\/(1mb|10mb)$/)?.[1] as LargeSize | undefined;
    if (!size) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not found"}');
      return;
    }
    const text = body(size);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'x-items-total': String(JSON.parse(text).items.length),
      'cache-control': 'no-store',
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    body,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Bulk API: one operation per size. */
function bulkSpec(upstreamUrl: string) {
  const operation = (size: LargeSize) => ({
    operationId: `getBulk${size.toUpperCase()}`,
    summary: `Get ${size} of widgets`,
    responses: {
      '200': {
        description: `About ${LARGE_SIZES[size].toLocaleString('en')} bytes of JSON`,
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Bulk API', version: '1.0.0' },
    servers: [{ url: upstreamUrl }],
    paths: { '/bulk/1mb': { get: operation('1mb') }, '/bulk/10mb': { get: operation('10mb') } },
  };
}

const LIVE_ASYNCAPI = `asyncapi: 3.0.0
info:
  title: Live widgets
  version: 1.0.0
servers:
  live:
    host: 127.0.0.1:9
    protocol: ws
channels:
  feed:
    address: /feed
    title: Widget feed
    servers:
      - $ref: "#/servers/live"
    messages:
      subscribe:
        name: subscribe
        payload:
          type: object
          properties:
            topic: { type: string, example: widgets }
            since: { type: integer, example: 0 }
    bindings:
      ws:
        query:
          type: object
          properties:
            room: { type: string, example: lobby }
operations:
  sendSubscribe:
    action: receive
    channel: { $ref: "#/channels/feed" }
    messages:
      - $ref: "#/channels/feed/messages/subscribe"
`;

/** Writes the docs project (docs.yml, the Bulk API, the Live channel) into a temporary folder. */
export async function writeLargeAnswersProject(
  upstreamUrl: string,
): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'sextant-large-answers-'));
  await writeFile(join(dir, 'bulk.openapi.json'), JSON.stringify(bulkSpec(upstreamUrl), null, 2));
  await writeFile(join(dir, 'live.asyncapi.yaml'), LIVE_ASYNCAPI);
  await writeFile(
    join(dir, 'docs.yml'),
    [
      'title: Large answers',
      'navigation:',
      '  - api: Bulk API',
      '    spec: bulk.openapi.json',
      '    slug: bulk',
      '  - api: Live API',
      '    spec: live.asyncapi.yaml',
      '    slug: live',
      '',
    ].join('\n'),
  );
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
