/**
 * The dashboard names APIs by their title and versions by their spec version (issue #26 item 7),
 * through its own API with a bearer token; a definition stored before titles were kept (migration
 * 014) is read once and filled in.
 */
import { importDefinition } from '@sextant/definition';
import { petsSpec } from '@sextant/docs-project/testing';
import { createRegistryClient } from '@sextant/registry-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistryServer, type TestServer } from '../registry/testing/servers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startRegistryServer();
}, 60_000);
afterAll(() => server?.close());

const get = async (path: string) => {
  const response = await fetch(`${server.baseUrl}/_sextant/dashboard/api${path}`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  return (await response.json()) as Record<string, unknown>;
};

describe('dashboard API names', () => {
  it('lists APIs by title and newest spec version, and versions by spec version', async () => {
    const client = createRegistryClient({ baseUrl: server.baseUrl, token: server.token, baseDelayMs: 10 });
    const ids: string[] = [];
    for (const version of ['1.4.0', '2.0.0'] as const) {
      const definition = importDefinition({ entry: 'pets.json', read: () => petsSpec(version) }).definition;
      ids.push(
        (
          await client.registerApiDefinition({
            body: { orgId: server.orgId, apiId: 'pets-api-1', definition },
          })
        ).apiDefinitionId,
      );
    }
    // The first was stored before names were kept.
    const { db } = await server.app.registry.database();
    await db
      .updateTable('api_definitions')
      .set({ title: null, spec_version: null })
      .where('id', '=', ids[0] ?? '')
      .execute();

    const apis = (await get(`/apis?orgId=${server.orgId}`)).apis as Record<string, unknown>[];
    expect(apis).toEqual([
      expect.objectContaining({
        apiId: 'pets-api-1',
        title: 'Pets API',
        latestVersion: '2.0.0',
        versions: 2,
      }),
    ]);
    const versions = (await get(`/apis/versions?orgId=${server.orgId}&apiId=pets-api-1`)).versions as Record<
      string,
      unknown
    >[];
    expect(versions.map((v) => [v.title, v.version])).toEqual([
      ['Pets API', '2.0.0'],
      ['Pets API', '1.4.0'],
    ]);
    // Filled in once read.
    const row = await db
      .selectFrom('api_definitions')
      .select(['title', 'spec_version'])
      .where('id', '=', ids[0] ?? '')
      .executeTakeFirst();
    expect(row).toEqual({ title: 'Pets API', spec_version: '1.4.0' });
  });
});
