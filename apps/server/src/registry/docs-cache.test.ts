/**
 * The registry's docs cache resolves addresses from each host's stored URLs (issue #30): the
 * cold pages of a site already loaded ask the database nothing, and a publish of a new base path
 * on the host, or of a first site on an unknown host, is served at once (the host's URLs go).
 */
import { guidePagesDefinition } from '@sextant/definition/testing';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostRequest } from '../docs-host/testing/host-request.js';
import { startHostedOrganization } from '../testing/index.js';
import { hostEntryBytes } from './docs-cache.js';

const HOST = 'resolve.docs.test';
const LATER = 'later.docs.test';
let app: FastifyInstance;
let port: number;
let token: string;

async function publish(domain: string, title: string): Promise<void> {
  const client = createRegistryClient({ baseUrl: `http://127.0.0.1:${port}`, token });
  const init = await client.initDocsRegistrationV2({ body: { orgId: 'resolve', domain, files: [] } });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: {
      docsDefinition: guidePagesDefinition(title, [
        { slug: '', title, markdown: `# ${title}` },
        { slug: 'guide', title: 'Guide', markdown: `# ${title} guide` },
        { slug: 'other', title: 'Other', markdown: `# ${title} other` },
      ]),
    },
  });
}

/** Queries the registry's database has run (its metrics count every query). */
async function queries(): Promise<number> {
  const text = (await app.metrics?.registry.metrics()) ?? '';
  return text
    .split('\n')
    .filter((line) => line.startsWith('sextant_db_query_duration_seconds_count'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

const page = (host: string, path: string) => hostRequest(port, { host, path });

beforeAll(async () => {
  ({ app, port, token } = await startHostedOrganization('resolve', [HOST, LATER], {
    metrics: { enabled: true },
  }));
  await publish(HOST, 'Alpha');
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('address resolution', () => {
  it('serves the cold pages of a loaded site without a database query', async () => {
    expect((await page(HOST, '/')).text).toContain('Alpha');
    const before = await queries();
    expect((await page(HOST, '/guide')).text).toContain('Alpha guide');
    expect((await page(HOST, '/other')).text).toContain('Alpha other');
    expect((await page(HOST, '/guide.md')).status).toBe(200);
    expect((await page(HOST, '/nowhere')).status).toBe(404);
    expect(await queries()).toBe(before);
  });

  it('serves a new base path on the host, and a first site on an unknown host, as soon as they are published', async () => {
    expect((await page(LATER, '/')).status).toBe(404);
    expect((await page(HOST, '/v2/guide')).text).toContain('Alpha');
    await publish(`${HOST}/v2`, 'Beta');
    await publish(LATER, 'Gamma');
    expect((await page(HOST, '/v2/guide')).text).toContain('Beta guide');
    expect((await page(HOST, '/guide')).text).toContain('Alpha guide');
    expect((await page(LATER, '/other')).text).toContain('Gamma other');
  });

  it('weighs a host by its URLs', () => {
    expect(hostEntryBytes('docs.acme.com', new Set(['docs.acme.com', 'docs.acme.com/v2']))).toBe(
      2 * 13 + 64 + (2 * 13 + 64) + (2 * 16 + 64),
    );
  });
});
