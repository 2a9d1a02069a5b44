/**
 * Open redirects on a hosted docs site, in Chromium (issue #24): the forms that used to answer
 * `Location: //evil.example` or `/\evil.example` (`/%2Fevil.example/`, `/%5Cevil.example/`, and
 * the same through a root wildcard redirect) land on the site, and Chromium never asks any other
 * host for anything. The site's own redirects still work, and its configured external
 * destination is the only other origin a redirect names.
 */
import { get } from 'node:http';
import { type DocsDefinition, defaultDocsConfig } from '@sextant/definition';
import { createRegistryClient } from '@sextant/registry-client';
import { buildServer } from '@sextant/server';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';

const SITE = 'docs.redirect.test';

const definition: DocsDefinition = {
  docsVersion: 1,
  config: {
    ...defaultDocsConfig('Redirect docs'),
    redirects: [
      { source: '/all/*', destination: '/*', permanent: false },
      { source: '/legacy/*', destination: '/guides/*', permanent: true },
      { source: '/out', destination: 'https://external.example/', permanent: false },
    ],
  },
  navigation: [
    { type: 'page', title: 'Home', slug: '', pageId: 'home' },
    { type: 'page', title: 'Intro', slug: 'guides/intro', pageId: 'intro' },
  ],
  pages: {
    home: { id: 'home', title: 'Home', slug: '', layout: 'guide', markdown: '# Redirect docs' },
    intro: { id: 'intro', title: 'Intro', slug: 'guides/intro', layout: 'guide', markdown: '# Intro' },
  },
  homeSlug: '',
};

let app: FastifyInstance;
let browser: Browser;
let origin: string;

/** The Location the site answers for `path` (fetch cannot send another Host). */
function locationOf(path: string): Promise<string | undefined> {
  const { host, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      response.resume();
      resolve(response.headers.location);
    }).on('error', reject);
  });
}

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: [SITE] },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = new URL(address).port;
  origin = `http://${SITE}:${port}`;
  const { orgId, token } = await app.registry.createOrganization('redirect-org');
  const client = createRegistryClient({ baseUrl: address, token, maxRetries: 0 });
  const init = await client.initDocsRegistrationV2({ body: { orgId, domain: `${SITE}:${port}` } });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: definition },
  });
  // Every name resolves to the server: a redirect that left the site would still be fetched, and seen.
  browser = await launchBrowser(['--host-resolver-rules=MAP * 127.0.0.1']);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('open-redirect forms in Chromium', () => {
  it('land on the site, and no other host is ever asked', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).hostname));
    for (const path of [
      '/%2Fevil.example/',
      '/%5Cevil.example/',
      '/%2F%5Cevil.example/',
      '/all/%2F%2Fevil.example',
      '/all/%5Cevil.example',
      '/all/%2Fevil.example/',
      '/legacy/%2F%2Fevil.example/x',
    ]) {
      await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' }).catch(() => undefined);
      expect(new URL(page.url()).hostname, path).toBe(SITE);
    }
    expect([...hosts]).toEqual([SITE]);
    await context.close();
  });

  it('still follows the site’s own redirects, and names only the configured external origin', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${origin}/legacy/intro`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/guides/intro');
    expect(await locationOf('/out')).toBe('https://external.example/');
    expect(await locationOf('/%2Fevil.example/')).toBe('/evil.example');
    await context.close();
  });
});
