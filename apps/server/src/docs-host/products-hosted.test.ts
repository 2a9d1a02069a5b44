import { loadDocsProject } from '@sextant/docs-project';
import { writeProductsProject } from '@sextant/docs-project/testing';
import type { RegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostedOrganization } from '../testing/index.js';

let app: FastifyInstance;
const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'docs.acme.test' } });

beforeAll(async () => {
  let client: RegistryClient;
  ({ app, client } = await startHostedOrganization('acme', ['docs.acme.test']));
  const loaded = await loadDocsProject(await writeProductsProject(), { lastUpdated: false });
  const apiDefinitionIds: Record<string, string> = {};
  for (const [key, definition] of Object.entries(loaded.project.apis)) {
    const registered = await client.registerApiDefinition({
      body: { orgId: 'acme', apiId: definition.title.toLowerCase().replace(/\W+/g, '-'), definition },
    });
    apiDefinitionIds[key] = registered.apiDefinitionId;
  }
  const init = await client.initDocsRegistrationV2({ body: { orgId: 'acme', domain: 'docs.acme.test' } });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: loaded.definition, apiDefinitionIds },
  });
}, 60_000);
afterAll(() => app?.close());

describe('products, published', () => {
  it('serve each product under its slug with its own API and a switcher to each home', async () => {
    const payments = await get('/reference/payments-api/create-a-charge');
    expect(payments.statusCode).toBe(200);
    expect(payments.body).toContain('<details class="sx-version-select sx-product-select">');
    expect(payments.body).toMatch(/<a href="\/identity\/guides\/quickstart" data-product="Identity">/);
    const identity = await get('/identity/reference/identity-api/create-a-user');
    expect(identity.statusCode).toBe(200);
    expect(identity.body).toContain('/users');
    expect(identity.body).toMatch(/<a href="\/" data-product="Payments">/);
    expect(identity.body).not.toContain('class="sx-version-banner"');
    expect((await get('/identity/reference/payments-api/create-a-charge')).statusCode).toBe(404);
    expect((await get('/payments/guides/quickstart')).headers.location).toBe('/guides/quickstart');
    expect((await get('/identity/llms.txt')).body.split('\n')[0]).toBe('# Acme Docs (Identity)');
  });
});
