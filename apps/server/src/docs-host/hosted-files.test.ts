/**
 * Hosted docs files through the real server (registry + docs host, embedded PGlite): each site
 * serves only the files linked to its own docs version, by content hash, with the allowlisted
 * Content-Type of the file's extension and immutable caching; another tenant's address is a 404
 * even for a host that has docs of its own. Every response, the favicon included, carries a CSP.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { DocsDefinitionInput } from '@sextant/definition';
import { createRegistryClient, RegistryNamedError } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { docsDefinition } from '../registry/testing/fixtures.js';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let app: FastifyInstance;
let baseUrl: string;

/** Publishes one file under `path` for a new organization at `domain`. */
async function publishSite(
  orgId: string,
  domain: string,
  path: string,
  bytes: Buffer,
  options: { contentType?: string; config?: Partial<DocsDefinitionInput['config']> } = {},
): Promise<void> {
  const { token } = await app.registry.createOrganization(orgId);
  const client = createRegistryClient({ baseUrl, token });
  const contentType = options.contentType ?? 'image/svg+xml';
  const init = await client.initDocsRegistrationV2({
    body: { orgId, domain, files: [{ path, sha256: sha(bytes), size: bytes.length, contentType }] },
  });
  for (const file of init.files)
    if (file.status === 'upload')
      await client.uploadDocsFile({ params: { uploadId: file.upload.uploadId }, body: bytes });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: {
      docsDefinition: { ...docsDefinition(orgId, 'none'), config: { title: orgId, ...options.config } },
    },
  });
}

const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...headers, host } });

const secret = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><title>tenant A only</title></svg>');
const other = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><title>tenant B</title></svg>');
/** An "icon" whose bytes are an HTML page with a script. */
const htmlIcon = Buffer.from('<!doctype html><script>alert(document.domain)</script>');

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: ['a.docs.test', 'b.docs.test', 'c.docs.test', 'd.docs.test'] },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await publishSite('tenant-a', 'a.docs.test', 'images/secret.svg', secret);
  await publishSite('tenant-b', 'b.docs.test/guide', 'images/other.svg', other);
  await publishSite('tenant-c', 'c.docs.test', 'favicon.ico', htmlIcon, {
    contentType: 'image/x-icon',
    config: { favicon: { type: 'file', path: 'favicon.ico' } },
  });
}, 60_000);
afterAll(() => app?.close());

describe('hosted docs files', () => {
  it('serves a linked file by content hash with its type, immutable caching and a sandboxing CSP', async () => {
    const url = `/_sextant/files/${sha(secret)}/secret.svg`;
    const response = await get('a.docs.test', url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(secret)).toBe(true);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const revalidated = await get('a.docs.test', url, { 'if-none-match': `"${sha(secret)}"` });
    expect(revalidated.statusCode).toBe(304);
    // Under a base path, files live under it too.
    const underBase = await get('b.docs.test', `/guide/_sextant/files/${sha(other)}/other.svg`);
    expect(underBase.rawPayload.equals(other)).toBe(true);
  });

  it("never serves another tenant's file, whatever the name or host", async () => {
    for (const [host, url] of [
      ['b.docs.test', `/guide/_sextant/files/${sha(secret)}/secret.svg`],
      ['b.docs.test', `/guide/_sextant/files/${sha(secret)}/other.svg`],
      ['a.docs.test', `/_sextant/files/${sha(other)}/other.svg`],
      ['nobody.docs.test', `/_sextant/files/${sha(secret)}/secret.svg`],
    ] as const) {
      const response = await get(host, url);
      expect(response.statusCode, `${host}${url}`).toBe(404);
      expect(response.body).not.toContain('tenant');
    }
  });

  it('refuses malformed file addresses', async () => {
    for (const url of [
      '/_sextant/files/images/secret.svg',
      `/_sextant/files/${sha(secret).toUpperCase()}/secret.svg`,
      `/_sextant/files/${sha(secret)}/../secret.svg`,
      `/_sextant/files/${sha(secret)}`,
      '/_sextant/files/',
    ])
      expect((await get('a.docs.test', url)).statusCode, url).toBe(404);
  });

  it('serves a favicon whose bytes are HTML as an icon, sniff-proof and sandboxed', async () => {
    const response = await get('c.docs.test', '/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('refuses a favicon declared text/html and a data:text/html favicon before storing anything', async () => {
    const { token } = await app.registry.createOrganization('tenant-d');
    const client = createRegistryClient({ baseUrl, token });
    const declared = await client
      .initDocsRegistrationV2({
        body: {
          orgId: 'tenant-d',
          domain: 'd.docs.test',
          files: [
            { path: 'favicon.ico', sha256: sha(htmlIcon), size: htmlIcon.length, contentType: 'text/html' },
          ],
        },
      })
      .catch((error: unknown) => error);
    expect(declared).toBeInstanceOf(RegistryNamedError);
    expect((declared as RegistryNamedError).errorName).toBe('DocsFileTypeNotAllowedError');
    expect((declared as RegistryNamedError).status).toBe(400);

    const init = await client.initDocsRegistrationV2({ body: { orgId: 'tenant-d', domain: 'd.docs.test' } });
    const favicon = { type: 'url' as const, url: `data:text/html;base64,${htmlIcon.toString('base64')}` };
    const finished = await client
      .finishDocsRegistrationV2({
        params: { id: init.docsRegistrationId },
        body: { docsDefinition: { ...docsDefinition('d', 'none'), config: { title: 'd', favicon } } },
      })
      .catch((error: unknown) => error);
    expect((finished as RegistryNamedError).errorName).toBe('InvalidDocsDefinitionError');
    expect((await get('d.docs.test', '/')).statusCode).toBe(404);
  });

  it('sends a CSP and nosniff on every response: pages, files, JSON, redirects, errors and empty favicons', async () => {
    for (const [host, url] of [
      ['a.docs.test', '/'],
      ['a.docs.test', '/favicon.ico'],
      ['a.docs.test', '/_sextant/search-index.json'],
      ['a.docs.test', '/no/such/page'],
      ['a.docs.test', '/api/'],
      ['a.docs.test', `/_sextant/files/${sha(secret)}/secret.svg`],
      ['nobody.docs.test', '/'],
    ] as const) {
      const response = await get(host, url);
      expect(response.headers['content-security-policy'], `${host}${url}`).toMatch(
        /default-src '(self|none)'/,
      );
      expect(response.headers['x-content-type-options'], `${host}${url}`).toBe('nosniff');
    }
  });
});
