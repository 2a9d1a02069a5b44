/**
 * The docs host behind a CDN (DESIGN 7), over a real socket with the real registry: a page is
 * the same bytes for every reader (cookies do not change it), revalidates with If-None-Match to a
 * 304, names its site and host in Surrogate-Key / Cache-Tag, and a publish changes its ETag and
 * POSTs the purge webhook. Each response type carries its caching rule, and N concurrent misses
 * of one page cost one render.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guidePagesDefinition } from '@sextant/definition/testing';
import * as docs from '@sextant/docs-site';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app.js';
import { purgeKeys, surrogateKeys } from './cache-policy.js';
import { hostRequest } from './testing/host-request.js';

vi.mock('@sextant/docs-site', async (importOriginal) => {
  const original = await importOriginal<typeof import('@sextant/docs-site')>();
  return { ...original, renderKeptPage: vi.fn(original.renderKeptPage) };
});

const HOST = 'cdn.docs.test';
const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><title>logo</title></svg>');
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let app: FastifyInstance;
let port: number;
let token: string;
let hook: Server;
const purges: { urls: unknown; keys: string[] }[] = [];
const previousHook = process.env.SEXTANT_PURGE_WEBHOOK;

const get = (path: string, headers: Record<string, string> = {}, host = HOST) =>
  hostRequest(port, { host, path, headers });

/** A home page and a guide, titled `title`. */
const siteDefinition = (title: string) =>
  guidePagesDefinition(title, [
    { slug: '', title, markdown: `# ${title}\n\nWelcome.` },
    { slug: 'guide', title: 'Guide', markdown: '# Guide\n\nStart here.' },
  ]);

async function publish(title: string): Promise<void> {
  const client = createRegistryClient({ baseUrl: `http://127.0.0.1:${port}`, token });
  const init = await client.initDocsRegistrationV2({
    body: {
      orgId: 'cdn',
      domain: HOST,
      files: [{ path: 'logo.svg', sha256: sha(logo), size: logo.length, contentType: 'image/svg+xml' }],
    },
  });
  for (const file of init.files)
    if (file.status === 'upload')
      await client.uploadDocsFile({ params: { uploadId: file.upload.uploadId }, body: logo });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: siteDefinition(title) },
  });
}

beforeAll(async () => {
  hook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      purges.push(JSON.parse(body));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env.SEXTANT_PURGE_WEBHOOK = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/purge`;
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [HOST] },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  token = (await app.registry.createOrganization('cdn')).token;
  await publish('Before');
}, 60_000);
afterAll(async () => {
  if (previousHook === undefined) delete process.env.SEXTANT_PURGE_WEBHOOK;
  else process.env.SEXTANT_PURGE_WEBHOOK = previousHook;
  await app?.close();
  await new Promise((resolve) => hook?.close(resolve));
});

describe('pages behind a CDN', () => {
  it('sends every reader the same page, whatever their cookies, with its ETag and shared caching', async () => {
    const first = await get('/', { cookie: 'sx-theme=dark; sx-session=reader-one' });
    const second = await get('/', { cookie: 'other=1' });
    const third = await get('/');
    expect(first.status).toBe(200);
    expect(first.text).toContain('Before');
    expect(second.text).toBe(first.text);
    expect(third.text).toBe(first.text);
    expect(first.headers.etag).toMatch(/^"sx-[A-Za-z0-9_-]{21}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(first.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400',
    );
    expect(first.headers.vary).toBe('accept-encoding');
    const keys = surrogateKeys({ host: HOST, siteUrl: HOST });
    expect(first.headers['surrogate-key']).toBe(keys.join(' '));
    expect(first.headers['cache-tag']).toBe(keys.join(','));
    // The theme is the page's script's business, not the server's: no data-theme from the cookie.
    expect(first.text).not.toMatch(/<html[^>]* data-theme="dark"/);
  });

  it('answers If-None-Match with 304 and no body, gzip or not', async () => {
    const page = await get('/');
    for (let i = 0; i < 2; i++) {
      const again = await get('/', { 'if-none-match': String(page.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.etag).toBe(page.headers.etag);
      expect(again.headers['cache-control']).toBe(page.headers['cache-control']);
      // A cache that updates its copy's headers from the 304 keeps the page's CSP, not a file's.
      expect(again.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    }
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(String(page.headers.etag).replace(/"$/, '-gz"'));
    const revalidated = await get('/', {
      'accept-encoding': 'gzip',
      'if-none-match': `W/${gzip.headers.etag}`,
    });
    expect(revalidated.status).toBe(304);
    expect((await get('/', { 'if-none-match': '"sx-other"' })).status).toBe(200);
  });

  it('gives each response type its caching rule', async () => {
    const pageRule = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400';
    const notFound = await get('/no-such-page', { 'if-none-match': '*' });
    expect(notFound.status).toBe(404);
    expect(notFound.headers['cache-control']).toBe(pageRule);
    expect(notFound.headers.etag).toBeUndefined();
    expect(notFound.headers['surrogate-key']).toContain(purgeKeys(HOST)[1]);

    const redirect = await get('/no-such-page/');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/no-such-page');
    expect(redirect.headers['cache-control']).toBe(pageRule);
    expect(redirect.headers['surrogate-key']).toContain(purgeKeys(HOST)[1]);

    const markdown = await get('/index.md');
    expect(markdown.status).toBe(200);
    expect(markdown.headers['cache-control']).toBe(pageRule);

    const file = await get(`/_sextant/files/${sha(logo)}/logo.svg`);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers.etag).toBe(`"${sha(logo)}"`);

    const unknownHost = await get('/', {}, 'nobody.docs.test');
    expect(unknownHost.status).toBe(404);
    expect(unknownHost.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(unknownHost.headers['surrogate-key']).toBe(surrogateKeys({ host: 'nobody.docs.test' }).join(' '));
  });

  it('renders N concurrent misses of one page once', async () => {
    const render = vi.mocked(docs.renderKeptPage);
    const original = render.getMockImplementation();
    // A slow render, so every request arrives while it runs (a stampede on an evicted page).
    render.mockClear().mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return (original ?? (() => Promise.reject(new Error('no render'))))(...args);
    });
    const responses = await Promise.all(Array.from({ length: 12 }, () => get('/guide')));
    if (original) render.mockImplementation(original);
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('changes the ETag on publish and POSTs the purge webhook with the site and its keys', async () => {
    const before = await get('/');
    purges.length = 0;
    await publish('After');
    const after = await get('/', { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.text).toContain('After');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await vi.waitFor(() => expect(purges.length).toBeGreaterThan(0));
    expect(purges).toContainEqual({ urls: [HOST], keys: purgeKeys(HOST) });
  });
});
