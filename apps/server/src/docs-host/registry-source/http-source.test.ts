/**
 * A docs host running alone (no registry in its process, `registryUrl`) against a registry
 * replica over real sockets (embedded PGlite): it serves the published site and its file,
 * hears a new publish within a second through the registry's event stream, never reads a
 * file another tenant's site links, fails to start without a source, and /readyz follows the
 * registry's reachability.
 */
import { createHash } from 'node:crypto';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guidePagesDefinition, ManualClock, waitFor } from '@sextant/definition/testing';
import { createRegistryClient, RegistryNamedError } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.js';
import { PartDependencyError } from '../../lifecycle/part-dependency.js';
import { loadedDocsHeapBytes } from '../byte-cache.js';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

let registry: FastifyInstance;
let registryUrl: string;
let docs: FastifyInstance;
let docsUrl: string;
const tokens = new Map<string, string>();
/** The docs host's clock: /readyz keeps a result for 1 s of it. */
const docsClock = new ManualClock(Date.now());

async function publish(orgId: string, domain: string, title: string, file: Buffer): Promise<void> {
  let token = tokens.get(orgId);
  if (!token) {
    token = (await registry.registry.createOrganization(orgId)).token;
    tokens.set(orgId, token);
  }
  const client = createRegistryClient({ baseUrl: registryUrl, token });
  const init = await client.initDocsRegistrationV2({
    body: {
      orgId,
      domain,
      files: [
        { path: 'images/logo.svg', sha256: sha(file), size: file.length, contentType: 'image/svg+xml' },
      ],
    },
  });
  for (const entry of init.files)
    if (entry.status === 'upload')
      await client.uploadDocsFile({ params: { uploadId: entry.upload.uploadId }, body: file });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: {
      docsDefinition: guidePagesDefinition(title, [{ slug: '', title, markdown: `# ${title}` }]),
    },
  });
}

/** GET on the docs host with a Host header (fetch does not send one it is given). */
function page(
  host: string,
  path = '/',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(`${docsUrl}${path}`, { headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
  });
}
const logoA = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><title>A</title></svg>');
const logoB = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><title>B only</title></svg>');

beforeAll(async () => {
  registry = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: false },
    registry: { allowDomains: ['a.docs.test', 'b.docs.test'] },
  });
  registryUrl = await listen(registry);
  await publish('tenant-a', 'a.docs.test', 'Alpha one', logoA);
  await publish('tenant-b', 'b.docs.test', 'Beta', logoB);
  docs = await buildServer({
    mode: 'hosted',
    parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
    registryUrl,
    clock: docsClock,
  });
  docsUrl = await listen(docs);
}, 60_000);
afterAll(async () => {
  await docs?.close();
  await registry?.close();
});

describe('docs host alone, over HTTP', () => {
  it('serves a published page and its linked file from the registry replica', async () => {
    const home = await page('a.docs.test');
    expect(home.status).toBe(200);
    expect(home.body.toString()).toContain('Alpha one');
    const file = await page('a.docs.test', `/_sextant/files/${sha(logoA)}/logo.svg`);
    expect(file.status).toBe(200);
    expect(file.body.equals(logoA)).toBe(true);
    expect(file.headers['cache-control']).toContain('immutable');
    expect((await page('nobody.docs.test')).status).toBe(404);
  });

  it('serves a new publish within a second (the registry event stream)', async () => {
    expect((await page('a.docs.test')).body.toString()).toContain('Alpha one');
    await publish('tenant-a', 'a.docs.test', 'Alpha two', logoA);
    await waitFor(async () => (await page('a.docs.test')).body.toString().includes('Alpha two'), {
      timeout: 1000,
      interval: 25,
      message: 'the new publish served by the docs host',
    });
  });

  it("never serves another tenant's file, through the docs host or the registry call", async () => {
    expect((await page('a.docs.test', `/_sextant/files/${sha(logoB)}/logo.svg`)).status).toBe(404);
    const client = createRegistryClient({ baseUrl: registryUrl, maxRetries: 0 });
    const refused = await client
      .readDocsFileForUrl({ query: { url: 'a.docs.test', sha256: sha(logoB) } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RegistryNamedError);
    expect((refused as RegistryNamedError).errorName).toBe('DocsFileNotLinkedError');
    const own = await client.readDocsFileForUrl({ query: { url: 'b.docs.test', sha256: sha(logoB) } });
    expect(Buffer.from(own.base64, 'base64').equals(logoB)).toBe(true);
    const bad = await fetch(`${registryUrl}/v2/registry/docs/file?url=a.docs.test&sha256=../../etc`);
    expect(bad.status).toBe(400);
  });

  it('refuses to start a hosted docs host with no registry and no --registry-url', async () => {
    await expect(
      buildServer({
        mode: 'hosted',
        parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
      }),
    ).rejects.toBeInstanceOf(PartDependencyError);
  });

  it('answers /readyz 200 while the registry answers, 503 naming it when it does not', async () => {
    const ready = await fetch(`${docsUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const alone = await buildServer({
      mode: 'hosted',
      parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
      registryUrl: 'http://127.0.0.1:9',
    });
    try {
      const response = await alone.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unready', failing: ['registry'] });
      // Draining wins over the kept result at once.
      alone.lifecycle.drain();
      expect((await alone.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'draining' });
    } finally {
      await alone.close();
    }
  });

  it('keeps sites, files and addresses within byte budgets, counting evictions in /metrics', async () => {
    const reader = createRegistryClient({ baseUrl: registryUrl });
    const weights = await Promise.all(
      ['a.docs.test', 'b.docs.test'].map(async (url) =>
        loadedDocsHeapBytes(await reader.loadDocsForUrl({ body: { url } })),
      ),
    );
    // Room for one site, one logo and one address each, never for both.
    const budgets = {
      'registry-sites': Math.floor(Math.max(...weights) * 1.2),
      files: Math.max(logoA.length, logoB.length) + 8,
      // Shared by the live resolutions and the last ones seen: one address in each.
      addresses: 2 * (2 * 'a.docs.test/'.length + 300),
    };
    expect(budgets['registry-sites']).toBeLessThan((weights[0] ?? 0) + (weights[1] ?? 0));
    const small = await buildServer({
      mode: 'hosted',
      parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
      registryUrl,
      consoleHost: 'console.docs.test',
      metrics: { enabled: true },
      docs: { cacheBudgets: budgets },
    });
    try {
      const base = await listen(small);
      const get = (host: string, path = '/') =>
        new Promise<{ status: number; text: string }>((resolve, reject) => {
          httpGet(`${base}${path}`, { headers: { host } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
            );
          }).on('error', reject);
        });
      for (const [host, logo] of [
        ['a.docs.test', logoA],
        ['b.docs.test', logoB],
        ['a.docs.test', logoA],
      ] as const) {
        expect((await get(host)).status).toBe(200);
        const file = await get(host, `/_sextant/files/${sha(logo)}/logo.svg`);
        expect(file.text).toBe(logo.toString());
      }
      const scraped = await get('console.docs.test', '/metrics');
      expect(scraped.status).toBe(200);
      const sample = (name: string, cache: string) =>
        Number(
          scraped.text
            .split('\n')
            .find((line) => line.startsWith(`${name}{cache="${cache}"}`))
            ?.split(' ')
            .pop() ?? Number.NaN,
        );
      for (const [cache, budget] of Object.entries(budgets)) {
        expect([cache, sample('sextant_cache_bytes', cache)]).toEqual([cache, expect.any(Number)]);
        expect(sample('sextant_cache_bytes', cache), cache).toBeGreaterThan(0);
        expect(sample('sextant_cache_bytes', cache), cache).toBeLessThanOrEqual(budget);
        expect(sample('sextant_cache_evictions_total', cache), cache).toBeGreaterThan(0);
      }
    } finally {
      await small.close();
    }
  });

  // Last: it stops the registry.
  it('keeps serving the last version it saw while the registry is down, and says so on /readyz', async () => {
    expect((await page('a.docs.test')).body.toString()).toContain('Alpha two');
    await registry.close();
    const stale = await page('a.docs.test');
    expect(stale.status).toBe(200);
    expect(stale.body.toString()).toContain('Alpha two');
    // Never seen here: there is nothing to fall back on.
    const unseen = await page('b.docs.test');
    expect(unseen.status).toBe(503);
    expect(unseen.headers['retry-after']).toBe('5');
    docsClock.advance(1000);
    expect((await docs.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'unready',
      failing: ['registry'],
    });
  });
});
