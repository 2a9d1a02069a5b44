/**
 * The live-reload hook of `sextant dev` on a real server over a socket: an HTML page, plain or
 * gzipped by the docs host, gets the script and is sent plain with its own length and no ETag of
 * the body it replaced; other types pass untouched.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installLiveReload } from './live-reload.js';

const PAGE = '<!doctype html><html><body><h1>Pets</h1></body></html>';
const SCRIPT_TAG = '<script src="/_sextant/dev/live-reload.js" defer></script>';
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify();
  installLiveReload(app);
  app.get('/gzipped', async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-encoding', 'gzip')
      .header('vary', 'accept-encoding')
      .header('etag', '"page-gz"')
      .send(gzipSync(PAGE)),
  );
  app.get('/plain', async (_request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('etag', '"page"').send(Buffer.from(PAGE)),
  );
  app.get('/data.json', async (_request, reply) => reply.header('etag', '"data"').send({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/** One GET asking for gzip; the raw bytes and headers as the server sent them. */
const get = (path: string) =>
  new Promise<{ headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    request({ port, path, host: '127.0.0.1', headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    })
      .on('error', reject)
      .end();
  });

describe('live reload', () => {
  it('injects the script into a gzipped page and sends it plain, without the tag of the gzip body', async () => {
    const { headers, body } = await get('/gzipped');
    expect(body).toBe(PAGE.replace('</body>', `${SCRIPT_TAG}</body>`));
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers.etag).toBeUndefined();
    expect(Number(headers['content-length'] ?? Buffer.byteLength(body))).toBe(Buffer.byteLength(body));
  });

  it('injects the script into a plain page and drops its tag', async () => {
    const { headers, body } = await get('/plain');
    expect(body).toContain(`${SCRIPT_TAG}</body>`);
    expect(headers.etag).toBeUndefined();
  });

  it('leaves other types and their tags alone', async () => {
    const { headers, body } = await get('/data.json');
    expect(JSON.parse(body)).toEqual({ ok: true });
    expect(headers.etag).toBe('"data"');
  });
});
