import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDocs } from '../testing/index.js';

let app: FastifyInstance;
let baseUrl: string;
let client: Client;

const text = (result: unknown) =>
  ((result as CallToolResult).content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

beforeAll(async () => {
  ({ app, baseUrl } = await startLocalDocs(await writeFixtureProject()));
  client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/_sextant/mcp`)));
}, 60_000);
afterAll(async () => {
  await client?.close();
  await app?.close();
});

describe('MCP endpoint', () => {
  it('introduces the site and lists the three tools with input schemas', async () => {
    expect(client.getServerVersion()?.name).toBe('sextant-docs');
    expect(client.getInstructions()).toContain('Pet Docs');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['describe_endpoint', 'read_page', 'search_docs']);
    const search = tools.find((t) => t.name === 'search_docs');
    expect(search?.inputSchema.required).toEqual(['query']);
    expect(search?.annotations?.readOnlyHint).toBe(true);
  });

  it('search_docs returns passages with titles and absolute URLs', async () => {
    const result = await call('search_docs', { query: 'pet', limit: 3 });
    expect(result.isError).toBeFalsy();
    const body = text(result);
    expect(body).toMatch(/^1\. (`[A-Z]+ \S+` )?\*\*/);
    expect(body).toContain(`URL: ${baseUrl}/`);
    expect(body).toContain(`Markdown: ${baseUrl}/`);
    expect(body.match(/^\d+\. /gm)).toHaveLength(3);
    for (const [, url] of body.matchAll(/Markdown: (\S+)/g))
      expect((await fetch(url as string)).status, url).toBe(200);
    // A question in words finds the endpoint even when not every word is indexed.
    // Endpoints come with their method and path first.
    expect(text(await call('search_docs', { query: 'how do I create a pet' }))).toMatch(
      /^1\. `POST \/pets` \*\*Create a pet\*\* \(endpoint/,
    );
  });

  it('search_docs: no match and bad input are error results, not failures', async () => {
    const none = await call('search_docs', { query: 'zzqqxx' });
    expect(none.isError).toBe(true);
    expect(text(none)).toContain('NOTHING_FOUND');
    const empty = await call('search_docs', { query: '   ' });
    expect(empty.isError).toBe(true);
    const wrongType = await call('search_docs', { query: 42, limit: 1000 });
    expect(wrongType.isError).toBe(true);
    expect(text(wrongType)).toMatch(/validation/i);
  });

  it('read_page reads by slug, by path and by absolute URL (.md too)', async () => {
    const bySlug = text(await call('read_page', { slug: 'guides/guide' }));
    expect(bySlug).toContain('# Guide');
    expect(bySlug).toContain('## Part two');
    expect(text(await call('read_page', { url: `${baseUrl}/guides/guide.md` }))).toBe(bySlug);
    expect(text(await call('read_page', { url: '/guides/guide' }))).toBe(bySlug);
    const home = text(await call('read_page', { url: `${baseUrl}/index.md` }));
    expect(home).toContain('npm install pets');
  });

  it('read_page: unknown pages, other sites and no input are error results', async () => {
    for (const args of [
      { slug: 'no/such/page' },
      { url: 'https://elsewhere.test/guides/guide' },
      { url: '%E0%A4%A' },
      { url: '../../etc/passwd' },
      {},
    ]) {
      const result = await call('read_page', args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(text(result)).toContain('PAGE_NOT_FOUND');
    }
  });

  it('describe_endpoint gives parameters, auth and a cURL request with placeholder credentials', async () => {
    const byPath = text(await call('describe_endpoint', { method: 'GET', path: '/pets/{petId}' }));
    expect(byPath).toContain('`GET /pets/{petId}`');
    expect(byPath).toContain('## Path parameters');
    expect(byPath).toContain('`petId`');
    expect(byPath).toContain('## Auth');
    expect(byPath).toContain('Authorization: Bearer <token>');
    expect(byPath).toMatch(/```bash\ncurl /);
    expect(text(await call('describe_endpoint', { endpoint: 'getPet' }))).toBe(byPath);
    expect(text(await call('describe_endpoint', { method: 'GET', path: '/pets/42' }))).toBe(byPath);
    expect(text(await call('describe_endpoint', { path: '/pets' }))).toContain('`POST /pets`');
  });

  it('describe_endpoint: unknown, ambiguous and invalid input are error results', async () => {
    const unknown = await call('describe_endpoint', { method: 'DELETE', path: '/pets/{petId}' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('ENDPOINT_NOT_FOUND');
    const nothing = await call('describe_endpoint', {});
    expect(nothing.isError).toBe(true);
    const badMethod = await call('describe_endpoint', { method: 'BREW', path: '/pets' });
    expect(badMethod.isError).toBe(true);
    const regex = await call('describe_endpoint', { path: '(a+)+$' });
    expect(text(regex)).toContain('ENDPOINT_NOT_FOUND');
  });

  it('hostile HTTP: non-JSON bodies are parse errors; GET and DELETE are 405', async () => {
    const post = (body: string) =>
      fetch(`${baseUrl}/_sextant/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body,
      });
    const broken = await post('{"jsonrpc":');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const notRpc = await post('[1,2,3]');
    expect(notRpc.status).toBe(400);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${baseUrl}/_sextant/mcp`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });
});
