import { type DocsDefinition, defaultDocsConfig, type MarkdownPage } from '@sextant/definition';
import { createDocsSite } from '@sextant/docs-site';
import type { RegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrievePassages } from '../ai/index.js';
import { startHostedOrganization } from '../testing/index.js';

const page = (id: string, slug: string, markdown: string): MarkdownPage => ({
  id,
  title: id,
  slug,
  layout: 'guide',
  markdown,
});

const definition: DocsDefinition = {
  docsVersion: 1,
  config: defaultDocsConfig('Acme'),
  navigation: [
    { type: 'page', title: 'Home', slug: '', pageId: 'home' },
    {
      type: 'section',
      title: 'Guides',
      slug: 'guides',
      children: [
        { type: 'page', title: 'Intro', slug: 'guides/intro', pageId: 'intro' },
        { type: 'page', title: 'Zebra secret', slug: 'guides/secret', pageId: 'secret', hidden: true },
      ],
    },
    {
      type: 'section',
      title: 'Internal',
      slug: 'internal',
      hidden: true,
      children: [{ type: 'page', title: 'Okapi notes', slug: 'internal/notes', pageId: 'notes' }],
    },
    {
      type: 'changelog',
      title: 'Zebra changes',
      slug: 'zebra-changes',
      hidden: true,
      children: [{ type: 'page', title: 'Zebra launch', slug: 'zebra-changes/launch', pageId: 'launch' }],
    },
  ],
  pages: {
    home: page('home', '', '# Acme\n\nWelcome.'),
    intro: page('intro', 'guides/intro', '# Intro\n\nStart here.'),
    secret: page('secret', 'guides/secret', '# Zebra secret\n\nThe zebraword rollout plan.'),
    notes: page('notes', 'internal/notes', '# Okapi notes\n\nThe okapiword migration.'),
    launch: { ...page('launch', 'zebra-changes/launch', 'The zebraword launch.'), date: '2026-01-05' },
  },
  homeSlug: '',
};
const LEAKS = [/zebra/i, /okapi/i, /guides\/secret/, /internal\/notes/];

let app: FastifyInstance;
const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'docs.acme.test' } });

beforeAll(async () => {
  let client: RegistryClient;
  ({ app, client } = await startHostedOrganization('acme', ['docs.acme.test']));
  const init = await client.initDocsRegistrationV2({ body: { orgId: 'acme', domain: 'docs.acme.test' } });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: definition },
  });
}, 60_000);
afterAll(() => app?.close());

describe('hidden pages', () => {
  it('are in no index the site serves: search, llms.txt, llms-full.txt, a section overview', async () => {
    for (const url of [
      '/_sextant/search-index.json',
      '/llms.txt',
      '/llms-full.txt',
      '/guides',
      '/guides.md',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      for (const leak of LEAKS) expect(response.body, `${url} ${leak}`).not.toMatch(leak);
    }
    // The index still has the visible pages.
    expect((await get('/_sextant/search-index.json')).body).toContain('guides/intro');
  });

  it('are never retrieved for Ask AI or MCP search_docs', async () => {
    const site = createDocsSite(definition, {}, 'hidden-test');
    const passages = await retrievePassages(site, 'zebraword okapiword rollout migration secret notes', 20);
    for (const passage of passages)
      for (const leak of LEAKS) expect(passage.url + passage.text).not.toMatch(leak);
    expect((await retrievePassages(site, 'start here')).map((p) => p.url)).toContain('/guides/intro');
  });

  it('stay reachable by their URL', async () => {
    expect((await get('/guides/secret')).body).toContain('zebraword');
    expect((await get('/internal/notes.md')).body).toContain('okapiword');
    expect((await get('/zebra-changes/rss.xml')).body).toContain('zebraword');
  });

  it('leave a hidden changelog out of the feeds every page links for feed readers', async () => {
    for (const url of ['/', '/guides/intro', '/zebra-changes']) {
      const html = (await get(url)).body;
      expect(html.slice(0, html.indexOf('</head>')), url).not.toContain('rel="alternate"');
    }
  });
});
