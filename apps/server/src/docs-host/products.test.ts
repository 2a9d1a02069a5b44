import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { docsDefinitionSchema, issueLine, schemaIssues } from '@sextant/definition';

const docsDefinitionProblems = (value: unknown) => schemaIssues(docsDefinitionSchema, value).map(issueLine);

import { writeProductsProject } from '@sextant/docs-project/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalDocs } from '../testing/index.js';

let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  ({ app, baseUrl } = await startLocalDocs(await writeProductsProject()));
}, 60_000);
afterAll(() => app?.close());

const get = (url: string) => app.inject({ url });

describe('products', () => {
  it('serve the first product at / and every other under its slug, with a switcher to each home', async () => {
    const payments = await get('/guides/quickstart');
    expect(payments.statusCode).toBe(200);
    expect(payments.body).toContain('POST /charges');
    expect(payments.body).toContain('<details class="sx-version-select sx-product-select">');
    // Each product's link leads to its home, though both have a Quickstart.
    expect(payments.body).toMatch(/<a href="\/identity\/guides\/quickstart" data-product="Identity">/);
    const identity = await get('/identity/guides/sessions');
    expect(identity.statusCode).toBe(200);
    expect(identity.body).toMatch(/<a href="\/" data-product="Payments">/);
    expect(identity.body).not.toContain('class="sx-version-banner"');
    expect(identity.body).toContain('<a href="/identity/reference" class="sx-tab-link">');
    expect((await get('/identity/reference/identity-api/create-a-user')).statusCode).toBe(200);
    expect((await get('/identity/reference/payments-api/create-a-charge')).statusCode).toBe(404);
    expect((await get('/guides/sessions')).statusCode).toBe(404);
    const prefixed = await get('/payments/guides/quickstart');
    expect(prefixed.statusCode).toBe(301);
    expect(prefixed.headers.location).toBe('/guides/quickstart');
  });

  it('publish as stored definitions the registry accepts; a bad kind or icon is named', async () => {
    const { project } = await app.docsHost.current();
    if (!project) throw new Error('the project did not load');
    expect(docsDefinitionProblems(JSON.parse(JSON.stringify(project.definition)))).toEqual([]);
    const [first, second] = project.definition.versions ?? [];
    const forged = {
      ...project.definition,
      versionKind: 'region',
      versions: [first, { ...second, icon: 7 }],
    };
    expect(docsDefinitionProblems(forged)).toEqual([
      'versions[1].icon: Invalid input: expected string, received number',
      'versionKind: Invalid input: expected "product"',
    ]);
  });

  it('scope search and llms.txt to the product, labelled with it', async () => {
    const docs = (
      JSON.parse((await get('/identity/_sextant/search-index.json')).body) as {
        docs: { slug: string; docsVersion?: string }[];
      }
    ).docs;
    expect(new Set(docs.map((doc) => doc.docsVersion))).toEqual(new Set(['Identity']));
    expect(docs.map((doc) => doc.slug)).toContain('reference/identity-api/create-a-user');
    expect(docs.map((doc) => doc.slug)).not.toContain('reference/payments-api/create-a-charge');
    const llms = (await get('/identity/llms.txt')).body;
    expect(llms.split('\n')[0]).toBe('# Acme Docs (Identity)');
    expect(llms).toContain(
      'Products: Payments (default): http://localhost:80/llms.txt, Identity: http://localhost:80/identity/llms.txt',
    );
    expect(llms).not.toContain('charges');
  });

  it("answer MCP per product; describe_endpoint takes the product's name", async () => {
    const client = new Client({ name: 'products-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/_sextant/mcp`)));
    try {
      const text = (result: unknown) =>
        ((result as CallToolResult).content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      const found = text(
        await client.callTool({
          name: 'search_docs',
          arguments: { query: 'create a user', version: 'Identity' },
        }),
      );
      expect(found.split('\n')[0]).toBe(
        '1. `POST /users` **Create a user** (endpoint, Identity API, product Identity)',
      );
      const user = text(
        await client.callTool({
          name: 'describe_endpoint',
          arguments: { endpoint: 'createUser', version: 'identity' },
        }),
      );
      expect(user).toContain('Product: Identity');
      expect(user).toContain(`Source: ${baseUrl}/identity/reference/identity-api/create-a-user.md`);
      const elsewhere = await client.callTool({
        name: 'describe_endpoint',
        arguments: { endpoint: 'createUser' },
      });
      expect(elsewhere.isError).toBe(true);
      const unknown = await client.callTool({
        name: 'describe_endpoint',
        arguments: { endpoint: 'createUser', version: 'Billing' },
      });
      expect(text(unknown)).toContain('No product "Billing": the products are Payments, Identity.');
    } finally {
      await client.close();
    }
  });
});
