/**
 * llms.txt and llms-full.txt through the real server over a socket: a local project (pages, a
 * section, an API reference with endpoints, a webhook and types) links every page of the
 * navigation with absolute URLs that answer; a hosted site under a base path (registry on
 * PGlite) puts its base path in every URL; llms-full.txt holds every page's markdown.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultDocsConfig } from '@sextant/definition';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import type { RegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostedOrganization, startLocalDocs } from '../testing/index.js';
import { LLMS_TYPE_LINKS_MAX } from './llms-text.js';

let local: FastifyInstance;
let localUrl: string;
let hosted: FastifyInstance;
let _hostedUrl: string;

const links = (text: string) => [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)/gm)].map((m) => m[2] as string);

beforeAll(async () => {
  const dir = await writeFixtureProject();
  ({ app: local, baseUrl: localUrl } = await startLocalDocs(dir));

  let client: RegistryClient;
  ({ app: hosted, baseUrl: _hostedUrl, client } = await startHostedOrganization('acme', ['acme.docs.test']));
  const init = await client.initDocsRegistrationV2({
    body: { orgId: 'acme', domain: 'acme.docs.test/docs' },
  });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: {
      docsDefinition: {
        docsVersion: 1,
        config: {
          ...defaultDocsConfig('Acme [Docs]'),
          metadata: { socialCard: 'summary', description: 'Everything about Acme.' },
        },
        navigation: [
          { type: 'page', title: 'Home', slug: '', pageId: 'home' },
          {
            type: 'section',
            title: 'Guides',
            slug: 'guides',
            children: [
              { type: 'page', title: 'Start', slug: 'guides/start', pageId: 'start' },
              { type: 'page', title: 'Secret', slug: 'guides/secret', pageId: 'secret', hidden: true },
              { type: 'link', title: 'Status', href: 'https://status.acme.test' },
            ],
          },
        ],
        pages: {
          home: { id: 'home', title: 'Home', slug: '', layout: 'guide', markdown: 'Welcome to **Acme**.' },
          start: {
            id: 'start',
            title: 'Start',
            slug: 'guides/start',
            layout: 'guide',
            markdown: 'Install the CLI first.',
            description: 'How to begin.',
          },
          secret: {
            id: 'secret',
            title: 'Secret',
            slug: 'guides/secret',
            layout: 'guide',
            markdown: 'hidden',
          },
        },
        homeSlug: '',
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await local?.close();
  await hosted?.close();
});

describe('llms.txt (local project)', () => {
  it('has the title, and links every page of the navigation with an absolute .md URL that answers', async () => {
    const response = await fetch(`${localUrl}/llms.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text.startsWith('# Pet Docs\n\n> The pet store API.\n\n')).toBe(true);
    expect(text).toContain('\n## Guides\n');
    expect(text).toContain('\n## API Reference\n');
    const urls = links(text);
    expect(urls).toContain(`${localUrl}/index.md`);
    expect(urls).toContain(`${localUrl}/guides/guide.md`);
    // Every routable navigation item is there, once.
    const index = (await (await fetch(`${localUrl}/_sextant/search-index.json`)).json()) as {
      docs: { slug: string }[];
    };
    const slugs = new Set(index.docs.map((doc) => doc.slug));
    for (const slug of slugs) expect(urls).toContain(`${localUrl}/${slug || 'index'}.md`);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      expect(url.startsWith(`${localUrl}/`)).toBe(true);
      const page = await fetch(url);
      expect(page.status, url).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/markdown');
    }
    // Endpoints carry their method and path.
    expect(text).toMatch(/- \[Get a pet\]\([^)]+\): `GET \/pets\/\{petId\}` Returns one pet\./);
  });

  it('answers gzip when asked, with the same text', async () => {
    const plain = await (await fetch(`${localUrl}/llms.txt`)).text();
    const response = await fetch(`${localUrl}/llms.txt`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(plain);
  });

  it('llms-full.txt holds every leaf page as markdown, under its source URL', async () => {
    const response = await fetch(`${localUrl}/llms-full.txt`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('# Pet Docs\n')).toBe(true);
    expect(text).toContain(`Source: ${localUrl}/index.md\n\n# Welcome\n`);
    expect(text).toContain('npm install pets');
    expect(text).toContain('`GET /pets/{petId}`');
    expect(text).toContain('## Path parameters');
    expect(text).toContain('`POST /pets`');
  });

  it('a malformed Host header is a 400, not a text with broken URLs', async () => {
    const response = await local.inject({ url: '/llms.txt', headers: { host: 'bad host/x' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('llms.txt (hosted site under a base path)', () => {
  const get = (url: string) => hosted.inject({ url, headers: { host: 'acme.docs.test' } });

  it('puts the base path in every URL, leaves hidden pages and links out', async () => {
    const response = await get('/docs/llms.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      [
        '# Acme [Docs]',
        '',
        '> Everything about Acme.',
        '',
        '## Docs',
        '',
        '- [Home](http://acme.docs.test/docs/index.md): Welcome to Acme.',
        '',
        '## Guides',
        '',
        '- [Guides](http://acme.docs.test/docs/guides.md)',
        '- [Start](http://acme.docs.test/docs/guides/start.md): How to begin.',
        '',
      ].join('\n'),
    );
    for (const url of links(response.body)) {
      const page = await get(new URL(url).pathname);
      expect(page.statusCode, url).toBe(200);
    }
  });

  it('is not served outside the base path', async () => {
    expect((await get('/llms.txt')).statusCode).toBe(404);
  });

  it('llms-full.txt under the base path', async () => {
    const response = await get('/docs/llms-full.txt');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      'Source: http://acme.docs.test/docs/guides/start.md\n\n# Start\n\nInstall the CLI first.',
    );
    expect(response.body).not.toContain('hidden');
  });
});

describe('llms.txt of a large API (more than LLMS_TYPE_LINKS_MAX types)', () => {
  let app: FastifyInstance;
  let url: string;
  const TYPES = LLMS_TYPE_LINKS_MAX + 20;
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sextant-llms-large-'));
    const schemas = Object.fromEntries(
      Array.from({ length: TYPES }, (_, i) => [
        `Thing${i}`,
        { type: 'object', description: `Thing number ${i}.`, properties: { id: { type: 'string' } } },
      ]),
    );
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Big', version: '1', description: 'A big API.' },
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            summary: 'List things',
            responses: { '200': { description: 'OK' } },
          },
          post: {
            operationId: 'addThing',
            summary: 'Add a thing',
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing0' } } },
            },
            responses: { '201': { description: 'Added' } },
          },
        },
      },
      components: { schemas },
    };
    await writeFile(join(dir, 'big.json'), JSON.stringify(spec));
    await writeFile(
      join(dir, 'docs.yml'),
      'title: Big\nnavigation:\n  - api: Big API\n    spec: big.json\n    slug: big\n',
    );
    ({ app, baseUrl: url } = await startLocalDocs(dir));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it("lists endpoints, links one types index and the API's full text instead of every type", async () => {
    const text = await (await fetch(`${url}/llms.txt`)).text();
    expect(text).toContain(`- [List things](${url}/big/list-things.md)`);
    expect(text).not.toContain('/big/types/thing');
    expect(text).toContain(
      `- [Types of Big API](${url}/llms-types.txt?api=big): An index of its ${TYPES} schema types`,
    );
    expect(text).toContain(`- [Big API: full text](${url}/llms-full.txt?api=big)`);
    // Still llmstxt.org's shape: a title, a summary, then sections of link lists.
    expect(text).toMatch(/^# Big\n\n> A big API\.\n\n## Big API\n\n- \[/);
    for (const line of text.split('\n').filter((l) => l.startsWith('- ')))
      expect(line).toMatch(/^- \[[^\]]+\]\(http[^)\s]+\)(: .+)?$/);
  });

  it("serves the types index and the API's llms-full.txt; an unknown API is a 404", async () => {
    const index = await fetch(`${url}/llms-types.txt?api=big`);
    expect(index.status).toBe(200);
    const types = await index.text();
    expect(types.startsWith('# Big: types of Big API\n\n> ')).toBe(true);
    const typeLinks = links(types);
    expect(typeLinks).toHaveLength(TYPES);
    expect((await fetch(typeLinks[0] as string)).status).toBe(200);
    const full = await (await fetch(`${url}/llms-full.txt?api=big`)).text();
    expect(full.startsWith('# Big: Big API\n\n> Its schema types are indexed at')).toBe(true);
    expect(full).toContain(`Source: ${url}/big/add-a-thing.md`);
    expect(full).not.toContain('Thing number 7.');
    expect((await fetch(`${url}/llms-full.txt?api=nope`)).status).toBe(404);
    expect((await fetch(`${url}/llms-types.txt`)).status).toBe(404);
    // The site's llms-full.txt leaves the large API's types out too.
    expect(await (await fetch(`${url}/llms-full.txt`)).text()).not.toContain('Thing number 7.');
  });
});
