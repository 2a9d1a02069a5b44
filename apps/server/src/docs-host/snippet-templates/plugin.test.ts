/**
 * The docs host's snippet-templates call on real servers: local mode reads the demo project's
 * generators.yml and its template files; hosted mode asks the registry (templates registered
 * through the registry client) for each SDK the API definition names; a broken templates file
 * is reported with its name.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ApiDefinition } from '@sextant/definition';
import { loadDocsProject, projectSnippetTemplates } from '@sextant/docs-project';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.js';
import { SNIPPET_TEMPLATES_PATH } from './plugin.js';

const EXAMPLES = resolve(import.meta.dirname, '../../../../../examples');
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function restKey(): Promise<{ key: string; definition: ApiDefinition }> {
  const { project } = await loadDocsProject(EXAMPLES, {
    tolerateApiErrors: true,
    fetchText: async () => '{}',
  });
  const entry = Object.entries(project.apis).find(([, api]) => api.endpoints.getPlant);
  if (!entry) throw new Error('no REST API in examples/');
  return { key: entry[0], definition: entry[1] };
}

function query(params: Record<string, string>): string {
  return `${SNIPPET_TEMPLATES_PATH}?${new URLSearchParams(params)}`;
}

describe('snippet templates, local mode (the docs project)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The demo documents the registry's own /openapi.json: the registry must be there to serve it.
    app = await buildServer({
      mode: 'local',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
      docs: { projectDir: EXAMPLES },
      authInjection: false,
    });
    apps.push(app);
  });

  it("answers the endpoint's templates, one per SDK of generators.yml", async () => {
    const { key } = await restKey();
    const response = await app.inject({ url: query({ api: key, endpoint: 'getPlant' }) });
    expect(response.statusCode).toBe(200);
    const { templates } = response.json() as {
      templates: { sdk: { language: string }; endpointId: unknown }[];
    };
    expect(templates.map((t) => t.sdk.language)).toEqual(['go', 'ruby']);
    expect(templates[0]?.endpointId).toEqual({ method: 'GET', path: '/plants/{plantId}' });
    const none = await app.inject({ url: query({ api: key, endpoint: 'streamEvents' }) });
    expect(none.json()).toEqual({ templates: [] });
  });

  it('refuses a request without api and endpoint, and an unknown endpoint', async () => {
    expect((await app.inject({ url: SNIPPET_TEMPLATES_PATH })).statusCode).toBe(400);
    const { key } = await restKey();
    const missing = await app.inject({ url: query({ api: key, endpoint: 'nope' }) });
    expect(missing.statusCode).toBe(404);
  });

  it('fills a template without `sdk` from its generator and names a broken file', async () => {
    const dir = await writeFixtureProject();
    const go = JSON.parse(await readFile(join(EXAMPLES, 'sdk-snippets/go.json'), 'utf8')) as unknown[];
    await writeFile(join(dir, 'go.json'), JSON.stringify(go.slice(0, 1)));
    await writeFile(
      join(dir, 'generators.yml'),
      'generators:\n  - language: go\n    package: example.com/pets\n    version: 2.1.0\n    snippetTemplates: go.json\n',
    );
    const [template] = await projectSnippetTemplates(dir);
    expect(template?.sdk).toEqual({ language: 'go', package: 'example.com/pets', version: '2.1.0' });
    await writeFile(join(dir, 'go.json'), '[{"endpointId": {"method": "GET"}}]');
    await expect(projectSnippetTemplates(dir)).rejects.toThrow(/^go\.json at \/0: /);
    await writeFile(
      join(dir, 'generators.yml'),
      'generators:\n  - language: go\n    snippetTemplates: ../x.json\n',
    );
    await expect(projectSnippetTemplates(dir)).rejects.toThrow(/outside the project/);
  });
});

describe('snippet templates, hosted mode (the registry)', () => {
  it("fetches each SDK's template of the endpoint through the registry's snippet-template call", async () => {
    const app = await buildServer({
      mode: 'hosted',
      parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
      authInjection: false,
      registry: { allowDomains: ['127.0.0.1'] },
    });
    apps.push(app);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const { orgId, token } = await app.registry.createOrganization('plants-inc');
    const client = createRegistryClient({ baseUrl: url, token, maxRetries: 0 });
    const { key, definition } = await restKey();
    const { definition: docs } = await loadDocsProject(EXAMPLES, {
      tolerateApiErrors: true,
      fetchText: async () => '{}',
    });
    const sdks = [
      { language: 'go', package: 'github.com/sextant-demo/plants-go' },
      { language: 'java', package: 'com.example.plants' },
    ];
    const { apiDefinitionId } = await client.registerApiDefinition({
      body: {
        orgId,
        apiId: 'plants',
        definition: { ...definition, snippetsConfiguration: { apiId: 'plants', sdks } } as never,
      },
    });
    const templates = (await projectSnippetTemplates(EXAMPLES)).filter((t) => t.sdk.language === 'go');
    await client.registerSnippetTemplateBatch({ body: { orgId, apiId: 'plants', snippets: templates } });
    const domain = new URL(url).host;
    const { docsRegistrationId } = await client.initDocsRegistrationV2({ body: { orgId, domain } });
    await client.finishDocsRegistrationV2({
      params: { id: docsRegistrationId },
      body: { docsDefinition: docs as never, apiDefinitionIds: { [key]: apiDefinitionId } },
    });

    const response = await fetch(`${url}${query({ api: key, endpoint: 'createPlant', page: '/' })}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      templates: { sdk: { language: string; package: string }; endpointId: unknown }[];
    };
    // Go has a template; Java is configured but has none for the endpoint (SnippetNotFound).
    expect(body.templates.map((t) => t.sdk)).toEqual([
      { language: 'go', package: 'github.com/sextant-demo/plants-go', version: '1.0.0' },
    ]);
    expect(body.templates[0]?.endpointId).toEqual({ method: 'POST', path: '/plants' });
    const other = await app.inject({
      url: query({ api: key, endpoint: 'createPlant' }),
      headers: { host: 'unknown.example' },
    });
    expect(other.statusCode).toBe(404);
  });
});
