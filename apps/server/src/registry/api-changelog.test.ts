/**
 * Every publish documents itself (issue #26): publishing two versions of an API records a
 * changelog entry from the registry's diff (the breaking change, the MAJOR bump), the docs
 * served by URL carry it, and the site's changelog shows it beside the hand-written entries.
 */
import {
  type ApiChangelogEntry,
  buildDocsDefinition,
  defaultDocsConfig,
  importDefinition,
} from '@sextant/definition';
import { petsSpec } from '@sextant/docs-project/testing';
import { createDocsSite, renderDocsPageMarkdown } from '@sextant/docs-site';
import { createRegistryClient, type RegistryClient } from '@sextant/registry-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistryServer, type TestServer } from './testing/servers.js';

let server: TestServer;
let client: RegistryClient;

beforeAll(async () => {
  server = await startRegistryServer();
  client = createRegistryClient({ baseUrl: server.baseUrl, token: server.token, baseDelayMs: 10 });
}, 60_000);
afterAll(() => server?.close());

const pets = async (version: '1.4.0' | '2.0.0') =>
  importDefinition({ entry: 'pets.json', read: () => petsSpec(version) }).definition;

async function publishDocs(apiDefinitionId: string) {
  const definition = buildDocsDefinition({
    config: defaultDocsConfig('Pets Docs'),
    apis: { 'api-1': await pets('2.0.0') },
    navigation: [
      { type: 'api', title: 'Pets API', slug: 'api', apiId: 'api-1' },
      {
        type: 'changelog',
        title: 'Changelog',
        entries: [{ name: '2020-01-01', date: '2020-01-01', title: 'Hello', markdown: 'Written by hand.' }],
      },
    ],
  });
  const { docsRegistrationId } = await client.initDocsRegistrationV2({
    body: { orgId: server.orgId, domain: 'changelog.localhost' },
  });
  await client.finishDocsRegistrationV2({
    params: { id: docsRegistrationId },
    body: { docsDefinition: definition, apiDefinitionIds: { 'api-1': apiDefinitionId } },
  });
  await client.invalidateDocsCache({ body: { url: 'changelog.localhost' } });
}

describe('API changelog', () => {
  it('records what a publish changed: the breaking change and MAJOR; the docs show it in their changelog', async () => {
    const register = async (version: '1.4.0' | '2.0.0') =>
      (
        await client.registerApiDefinition({
          body: { orgId: server.orgId, apiId: 'pets', definition: await pets(version) },
        })
      ).apiDefinitionId;
    const first = await register('1.4.0');
    await publishDocs(first);
    // One version: nothing to compare with yet.
    expect(
      (await client.loadDocsForUrl({ body: { url: 'changelog.localhost' } })).apiChangelog,
    ).toBeUndefined();

    const second = await register('2.0.0');
    await publishDocs(second);
    const loaded = await client.loadDocsForUrl({ body: { url: 'changelog.localhost' } });
    const entries = loaded.apiChangelog?.['api-1'] ?? [];
    expect(entries).toHaveLength(1);
    const [entry] = entries as [ApiChangelogEntry];
    expect(entry).toMatchObject({
      apiDefinitionId: second,
      version: '2.0.0',
      previousVersion: '1.4.0',
      bump: 'MAJOR',
      summary: { breaking: 1 },
    });
    expect(entry.changes[0]).toMatchObject({ breaking: true, method: 'GET', path: '/pets' });
    expect(entry.changes[0]?.message).toMatch(/species/);
    expect(entry.changes.some((c) => c.kind === 'endpoint-added' && c.method === 'POST')).toBe(true);

    // The site's changelog: the generated entry (newest) beside the hand-written one.
    const site = createDocsSite(
      loaded.definition as never,
      loaded.apis as never,
      'test',
      loaded.apiChangelog ? { apiChangelog: loaded.apiChangelog as Record<string, ApiChangelogEntry[]> } : {},
    );
    const markdown = (await renderDocsPageMarkdown(site, 'changelog')) ?? '';
    expect(markdown).toMatch(/## \d{4}-\d{2}-\d{2}: Pets API 2\.0\.0 \(API, MAJOR\)/);
    expect(markdown).toContain('**MAJOR** release of Pets API 2.0.0 (from 1.4.0): 1 breaking change');
    expect(markdown).toMatch(/### Breaking changes\n\n- `GET \/pets`: .*species/);
    expect(markdown).toContain('## 2020-01-01: Hello');
    expect(markdown.indexOf('Pets API 2.0.0')).toBeLessThan(markdown.indexOf('Hello'));
    expect(site.bySlug.has('changelog/pets-api-2-0-0')).toBe(true);
  });

  it('records nothing for a publish that changes nothing', async () => {
    for (let i = 0; i < 2; i++)
      await client.registerApiDefinition({
        body: { orgId: server.orgId, apiId: 'same', definition: await pets('1.4.0') },
      });
    const db = (await server.app.registry.database()).db;
    const rows = await db.selectFrom('api_changelog').select('api_id').where('api_id', '=', 'same').execute();
    expect(rows).toHaveLength(0);
  });
});
