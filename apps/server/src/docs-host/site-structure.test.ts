/**
 * The site structure of issue #26 served by the docs host (local mode, through the whole server):
 * versions with their own URLs, pages and APIs, scoped llms.txt, search index and MCP.
 */
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { writeStructureProject } from '@sextant/docs-project/testing';
import { createDocsSite } from '@sextant/docs-site';
import type { FastifyInstance } from 'fastify';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPrompt } from '../ai/prompt.js';
import { retrievePassages } from '../ai/retrieve.js';
import { startLocalDocs } from '../testing/index.js';

let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  ({ app, baseUrl } = await startLocalDocs(await writeStructureProject()));
}, 60_000);
afterAll(() => app?.close());

const get = (url: string) => app.inject({ url });

describe('versions', () => {
  it('serve the default version without a prefix and every other under its slug, with a selector and a banner', async () => {
    const v2 = await get('/guides/quickstart');
    expect(v2.statusCode).toBe(200);
    expect(v2.body).toContain('species=cat');
    expect(v2.body).toContain('<details class="sx-version-select">');
    expect(v2.body).not.toContain('class="sx-version-banner"');
    const v1 = await get('/v1/guides/quickstart');
    expect(v1.statusCode).toBe(200);
    expect(v1.body).toContain('limit=10');
    expect(v1.body).toContain('class="sx-version-banner"');
    expect(v1.body).toContain('which is deprecated');
    // The selector keeps the reader on the same page; a page v1 lacks leads to its home.
    expect(v1.body).toMatch(/<a href="\/guides\/quickstart" data-version="v2">/);
    expect(v2.body).toMatch(/<a href="\/v1\/guides\/quickstart" data-version="v1">/);
    expect((await get('/guides/species')).body).toMatch(/<a href="\/v1" data-version="v1">/);
    // Links of a version stay in it: sidebar, tabs, the brand.
    expect(v1.body).toContain('<a href="/v1/reference" class="sx-tab-link">');
    expect(v1.body).toContain('<a class="sx-brand" href="/v1/">');
    expect(v1.body).not.toContain('href="/reference"');
    expect((await get('/v1')).statusCode).toBe(200);
    expect((await get('/v1/guides/species')).statusCode).toBe(404);
  });

  it('redirect the default version written with its prefix', async () => {
    const response = await get('/v2/guides/quickstart?x=1');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/guides/quickstart?x=1');
  });

  it('give each version its own API definition', async () => {
    const v2 = await get('/reference/pets-api/list-pets');
    expect(v2.body).toContain('species');
    const v1 = await get('/v1/reference/pets-api/list-pets');
    expect(v1.statusCode).toBe(200);
    expect(v1.body).not.toContain('<code class="sx-prop-name">species</code>');
    expect((await get('/v1/reference/pets-api/create-a-pet')).statusCode).toBe(404);
  });

  it('scope llms.txt, the .md variants and the search index to the version', async () => {
    const llms = (await get('/llms.txt')).body;
    expect(llms).toContain('/guides/species.md');
    expect(llms).not.toContain('/v1/guides');
    const llmsV1 = (await get('/v1/llms.txt')).body;
    expect(llmsV1).toContain('/v1/guides/quickstart.md');
    expect(llmsV1).not.toContain('species.md');
    expect((await get('/v1/guides/quickstart.md')).body).toContain('limit=10');
    const index = (await get('/v1/_sextant/search-index.json')).body;
    expect(index).toContain('quickstart');
    expect(index).not.toContain('guides/species');
  });

  it("label search results, llms.txt and Ask AI's sources with the reader's version", async () => {
    // The search box's index of each version: every result names its version.
    const docsOf = async (path: string) =>
      (JSON.parse((await get(path)).body) as { docs: { slug: string; docsVersion?: string }[] }).docs;
    const v1 = await docsOf('/v1/_sextant/search-index.json');
    const v2 = await docsOf('/_sextant/search-index.json');
    expect(new Set(v1.map((doc) => doc.docsVersion))).toEqual(new Set(['v1']));
    expect(new Set(v2.map((doc) => doc.docsVersion))).toEqual(new Set(['v2']));
    expect(v2.map((doc) => doc.slug)).toContain('reference/pets-api/create-a-pet');
    // The server's search (large sites' search box) answers the same labels.
    const hits = JSON.parse((await get('/v1/_sextant/search?q=list%20pets')).body) as {
      hits: { url: string; docsVersion?: string }[];
    };
    expect(hits.hits[0]).toMatchObject({ url: 'reference/pets-api/list-pets', docsVersion: 'v1' });
    // llms.txt names its version and where the others are.
    const llms = (await get('/v1/llms.txt')).body;
    expect(llms.split('\n')[0]).toBe('# Pets Docs (v1)');
    expect(llms).toContain(
      'Versions: v2 (default): http://localhost:80/llms.txt, v1 (deprecated): http://localhost:80/v1/llms.txt',
    );
    expect((await get('/llms.txt')).body.split('\n')[0]).toBe('# Pets Docs (v2)');
    // Ask AI's passages (and so its sources and prompt) come from the reader's version, labelled.
    const { project } = await app.docsHost.current();
    if (!project) throw new Error('the project did not load');
    const site = createDocsSite(project.definition, project.project.apis, 'test');
    const v1Site = site.versions?.find((v) => v.name === 'v1')?.site;
    if (!v1Site) throw new Error('no v1');
    const passages = await retrievePassages(v1Site, 'How do I list pets?', 4, { page: 'guides/quickstart' });
    expect(passages.map((p) => p.url)).toContain('/reference/pets-api/list-pets');
    expect(new Set(passages.map((p) => p.docsVersion))).toEqual(new Set(['v1']));
    const prompt = systemPrompt({ siteTitle: 'Pets Docs', passages, linkBase: '/v1', linkStyle: 'markdown' });
    expect(prompt).toContain(
      'url="/v1/reference/pets-api/list-pets" kind="endpoint" api="Pets API" version="1.4.0" docs-version="v1"',
    );
  });

  it('answer MCP per version; describe_endpoint takes a version', async () => {
    const client = new Client({ name: 'structure-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/_sextant/mcp`)));
    try {
      const text = (result: unknown) =>
        ((result as CallToolResult).content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      const latest = text(
        await client.callTool({ name: 'describe_endpoint', arguments: { endpoint: 'listPets' } }),
      );
      expect(latest).toContain('Version: v2');
      expect(latest).toContain('species');
      const old = text(
        await client.callTool({
          name: 'describe_endpoint',
          arguments: { endpoint: 'listPets', version: 'v1' },
        }),
      );
      expect(old).toContain('Version: v1');
      expect(old).toContain(`${baseUrl}/v1/reference/pets-api/list-pets.md`);
      expect(old).not.toContain('species');
      const missing = await client.callTool({
        name: 'describe_endpoint',
        arguments: { endpoint: 'listPets', version: 'v9' },
      });
      expect(missing.isError).toBe(true);
      expect(text(missing)).toContain('the versions are v2, v1');
      // search_docs names each result's version: the endpoint's (v2), or the one asked for.
      const found = text(await client.callTool({ name: 'search_docs', arguments: { query: 'list pets' } }));
      expect(found).toMatch(/^1\. `GET \/pets` \*\*List pets\*\* \(endpoint, Pets API, version v2\)$/m);
      expect(found).not.toContain('version v1');
      const inV1 = text(
        await client.callTool({ name: 'search_docs', arguments: { query: 'list pets', version: 'v1' } }),
      );
      expect(inV1).toContain('(endpoint, Pets API, version v1)');
      expect(inV1).toContain(`URL: ${baseUrl}/v1/reference/pets-api/list-pets`);
      expect(inV1).not.toContain('version v2');
    } finally {
      await client.close();
    }
  });

  it("answers MCP at a version's own endpoint from that version", async () => {
    const client = new Client({ name: 'structure-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/v1/_sextant/mcp`)));
    try {
      const text = (result: unknown) =>
        ((result as CallToolResult).content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      const found = text(await client.callTool({ name: 'search_docs', arguments: { query: 'quickstart' } }));
      expect(found).toContain('(page, version v1)');
      expect(found).toContain(`URL: ${baseUrl}/v1/guides/quickstart`);
      const own = text(
        await client.callTool({ name: 'describe_endpoint', arguments: { endpoint: 'listPets' } }),
      );
      expect(own).toContain('Version: v1');
      expect(own).not.toContain('species');
      // A version of the site asked from another version's endpoint: the site's root, not /v1/v2.
      const latest = text(
        await client.callTool({
          name: 'describe_endpoint',
          arguments: { endpoint: 'createPet', version: 'v2' },
        }),
      );
      expect(latest).toContain(`Source: ${baseUrl}/reference/pets-api/create-a-pet.md`);
      const absent = await client.callTool({
        name: 'describe_endpoint',
        arguments: { endpoint: 'createPet' },
      });
      expect(absent.isError).toBe(true);
      expect(text(absent)).toContain('ENDPOINT_NOT_FOUND');
    } finally {
      await client.close();
    }
  });
});

describe('changelogs', () => {
  it('list the entries newest first, ten a page, each linked to its own page', async () => {
    const first = await get('/changelog');
    expect(first.statusCode).toBe(200);
    const titles = [...first.body.matchAll(/<h2 id="sx-entry-[^"]+"><a href="([^"]+)">/g)].map((m) => m[1]);
    expect(titles).toHaveLength(10);
    expect(titles[0]).toBe('/changelog/2026-11-20');
    expect(first.body).toContain('<time dateTime="2026-11-20">November 20, 2026</time>');
    expect(first.body).toContain('<span class="sx-entry-tag">Breaking</span>');
    expect(first.body).toContain('href="/changelog/page/2" rel="next"');
    const second = await get('/changelog/page/2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('Page 2 of 2');
    expect(second.body).toContain('href="/changelog/launch"');
    expect((await get('/changelog/page/3')).statusCode).toBe(404);
    const entry = await get('/changelog/launch');
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('<h1>Pets API launches</h1>');
    expect(entry.body).toContain('<time dateTime="2026-01-15">');
    // The sidebar lists the changelog, not its entries.
    expect(entry.body).not.toMatch(/class="sx-nav-link"[^>]*href="\/changelog\/2026-11-20"/);
    expect((await get('/changelog.md')).body).toContain(
      '## 2026-11-20: Species are required (API, Breaking)',
    );
    // A version's changelog lives under its prefix.
    expect((await get('/v1/changelog/launch')).statusCode).toBe(200);
  });

  it('publish valid RSS 2.0 and Atom feeds that a feed reader parses', async () => {
    const parser = new Parser();
    const rss = await get('/changelog/rss.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const channel = await parser.parseString(rss.body);
    expect(channel.title).toBe('Pets Docs: Changelog');
    expect(channel.link).toBe(`${origin()}/changelog`);
    expect(channel.items).toHaveLength(12);
    expect(channel.items[0]).toMatchObject({
      title: 'Species are required',
      link: `${origin()}/changelog/2026-11-20`,
      guid: `${origin()}/changelog/2026-11-20`,
      categories: ['API', 'Breaking'],
    });
    expect(new Date(channel.items[0]?.pubDate ?? '').toISOString()).toBe('2026-11-20T00:00:00.000Z');
    // Links inside entries are absolute; text is escaped, not lost.
    expect(channel.items[0]?.content).toContain(`href="${origin()}/guides/quickstart"`);
    expect(channel.items.find((i) => i.title === 'Improvement 1')?.content).toContain('&#x26; more "quotes"');
    const atom = await get('/changelog/atom.xml');
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = await parser.parseString(atom.body);
    expect(feed.items).toHaveLength(12);
    expect(feed.items[1]).toMatchObject({
      title: 'Improvement 10',
      link: `${origin()}/changelog/2026-04-19`,
    });
    expect(atom.body).toContain('<updated>2026-11-20T00:00:00.000Z</updated>');
    expect(atom.body).toMatch(
      /<link rel="self" type="application\/atom\+xml" href="[^"]+\/changelog\/atom.xml"\/>/,
    );
    const v1 = await parser.parseString((await get('/v1/changelog/rss.xml')).body);
    expect(v1.items[0]?.link).toBe(`${origin()}/v1/changelog/2026-11-20`);
    expect((await get('/nothing/rss.xml')).statusCode).toBe(404);
  });

  it('are found by feed readers from any page: the head links each feed, which the server serves', async () => {
    for (const [page, prefix] of [
      ['/guides/quickstart', ''],
      ['/changelog/launch', ''],
      // A version's pages lead to its own changelog's feeds.
      ['/v1/guides/quickstart', '/v1'],
    ] as const) {
      const html = (await get(page)).body;
      const head = html.slice(0, html.indexOf('</head>'));
      const links = [
        ...head.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]*)" href="([^"]+)">/g),
      ];
      expect(links.map(([, type, title, href]) => ({ type, title, href }))).toEqual([
        { type: 'application/rss+xml', title: 'Pets Docs: Changelog', href: `${prefix}/changelog/rss.xml` },
        { type: 'application/atom+xml', title: 'Pets Docs: Changelog', href: `${prefix}/changelog/atom.xml` },
      ]);
      for (const [, type, , href] of links) {
        const feed = await get(href as string);
        expect(feed.statusCode).toBe(200);
        expect(feed.headers['content-type']).toBe(`${type}; charset=utf-8`);
      }
    }
  });
});

describe('navbar, footer and announcement', () => {
  it('render the navbar links, the footer and a dismissible announcement allowed by its hash', async () => {
    const response = await get('/guides/quickstart');
    const html = response.body;
    expect(html).toMatch(
      /<a href="https:\/\/app.pets.test\/signup" class="sx-navbar-link sx-navbar-primary" rel="noopener noreferrer"><span>Get an API key<\/span><\/a>/,
    );
    // The GitHub link names its repository.
    expect(html).toMatch(
      /class="sx-navbar-link sx-navbar-github"[^>]*><svg[^>]*>.*?<\/svg><span>acme\/pets<\/span>/,
    );
    expect(html).toContain('<footer class="sx-footer">');
    expect(html).toContain('<nav class="sx-footer-group" aria-label="Product">');
    expect(html).toContain('aria-label="Discord"');
    const id = /data-sx-announcement="([0-9a-f]{16})"/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain('<a href="/changelog">Read the changelog</a>');
    // The script that hides a dismissed announcement before the first paint, allowed by its hash only.
    const script = /<script>(try\{if\(localStorage[^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain(`==="${id}"`);
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const scriptSrc =
      /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1] ?? '';
    expect(scriptSrc.split(' ')).toContain(hash);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});

describe('page furniture', () => {
  it('links each markdown page to its source, says when it last changed and asks whether it helped', async () => {
    const html = (await get('/guides/quickstart')).body;
    expect(html).toContain(
      '<a href="https://github.com/acme/pets/edit/main/docs/pages/v2/quickstart.md" rel="noopener noreferrer" class="sx-edit-link">Edit this page</a>',
    );
    expect(html).toMatch(
      /Last updated <time dateTime="\d{4}-\d{2}-\d{2}T[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/,
    );
    expect(html).toMatch(
      /data-sx-island="page-feedback"[^>]*data-sx-props="[^"]*&quot;url&quot;:&quot;\/_sextant\/feedback&quot;/,
    );
    expect(html).toContain('Was this page helpful?');
    // A version's pages send their answers to the version.
    expect((await get('/v1/guides/quickstart')).body).toContain(
      '&quot;url&quot;:&quot;/v1/_sextant/feedback&quot;',
    );
    // Reference pages are rated too; they have no file to edit.
    const reference = (await get('/reference/pets-api/list-pets')).body;
    expect(reference).toContain('Was this page helpful?');
    expect(reference).not.toContain('Edit this page');
  });
});

function origin(): string {
  return 'http://localhost:80';
}
