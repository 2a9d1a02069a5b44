/**
 * SEO and custom CSS of hosted sites through the real server (registry + docs host, embedded
 * PGlite): a published stylesheet is linked by its content address and served as CSS; the
 * sitemap and robots.txt name the site's host and base path; a preview site is closed to
 * crawlers and its pages carry noindex.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { guidePagesDefinition } from '@sextant/definition/testing';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';

const CSS = Buffer.from('.sx-main { outline: 2px solid #c0ffee; }\n');
const sha = createHash('sha256').update(CSS).digest('hex');

let app: FastifyInstance;
let baseUrl: string;

function definition(title: string) {
  return guidePagesDefinition(
    title,
    [
      { slug: '', title, markdown: 'Hello.' },
      { slug: 'guide', title: 'Guide', markdown: 'See [home](/).' },
    ],
    { css: [{ type: 'file', path: 'styles/custom.css' }] },
  );
}

/** Publishes the site with its stylesheet: at `domain`, or at a new preview URL. Returns its URL. */
async function publish(orgId: string, domain: string | 'preview'): Promise<string> {
  const { token } = await app.registry.createOrganization(orgId);
  const client = createRegistryClient({ baseUrl, token });
  const files = [
    { path: 'styles/custom.css', sha256: sha, size: CSS.length, contentType: 'text/css; charset=utf-8' },
  ];
  const init =
    domain === 'preview'
      ? await client.initDocsPreview({ body: { orgId, files } })
      : await client.initDocsRegistrationV2({ body: { orgId, domain, files } });
  for (const file of init.files)
    if (file.status === 'upload')
      await client.uploadDocsFile({ params: { uploadId: file.upload.uploadId }, body: CSS });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: definition(orgId) },
  });
  return init.urls[0] as string;
}

const get = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host } });

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: ['seo.docs.test'] },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

describe('a hosted site', () => {
  it('links its stylesheet by content address, served as CSS; sitemap and robots under its base path', async () => {
    await publish('seo-org', 'seo.docs.test/docs');
    const page = await get('seo.docs.test', '/docs/guide');
    expect(page.statusCode).toBe(200);
    const href = /<link rel="stylesheet" href="([^"]+)" data-sx-custom-css>/.exec(page.body)?.[1];
    expect(href).toBe(`/docs/_sextant/files/${sha}/custom.css`);
    expect(page.body).toContain('<link rel="canonical" href="http://seo.docs.test/docs/guide">');
    expect(page.body).not.toContain('noindex');
    // Links between pages carry the base path.
    expect(page.body).toContain('<a href="/docs/">home</a>');
    const css = await get('seo.docs.test', href ?? '');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe(CSS.toString());
    const sitemap = await get('seo.docs.test', '/docs/sitemap.xml');
    expect([...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://seo.docs.test/docs/',
      'http://seo.docs.test/docs/guide',
    ]);
    expect((await get('seo.docs.test', '/docs/robots.txt')).body).toContain(
      'Sitemap: http://seo.docs.test/docs/sitemap.xml',
    );
  });

  it('a preview site tells crawlers to stay out, and its pages are noindex', async () => {
    const url = await publish('preview-org', 'preview');
    const host = new URL(`http://${url}`).host;
    expect((await get(host, '/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    const page = await get(host, '/guide');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
  });
});
