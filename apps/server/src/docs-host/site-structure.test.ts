/**
 * The site structure of issue #26 served by the docs host (local mode, through the whole server):
 * versions with their own URLs, pages and APIs, scoped llms.txt, search index and MCP.
 */
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { writeStructureProject } from './testing/structure-project.js';

let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  app = await buildServer({
    mode: 'local',
    parts: { registry: false, proxy: false, wsProxy: false, docsHost: true },
    docs: { projectDir: await writeStructureProject() },
    authInjection: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
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
    expect(llms).not.toContain('/v1/');
    const llmsV1 = (await get('/v1/llms.txt')).body;
    expect(llmsV1).toContain('/v1/guides/quickstart.md');
    expect(llmsV1).not.toContain('species.md');
    expect((await get('/v1/guides/quickstart.md')).body).toContain('limit=10');
    const index = (await get('/v1/_sextant/search-index.json')).body;
    expect(index).toContain('quickstart');
    expect(index).not.toContain('species.md');
    expect(index).not.toContain('Species');
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
    } finally {
      await client.close();
    }
  });
});
