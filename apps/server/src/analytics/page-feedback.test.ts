import { writeStructureProject } from '@sextant/docs-project/testing';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSite } from '../testing/index.js';

let app: FastifyInstance;
let baseUrl: string;
let token: string;
let orgId: string;

beforeAll(async () => {
  ({ app, baseUrl, token, orgId } = await startLocalSite(await writeStructureProject()));
}, 60_000);
afterAll(() => app?.close());

const answer = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('page feedback', () => {
  it('counts answers per page and the dashboard reads them, least helpful first', async () => {
    for (const helpful of [true, true, false])
      expect((await answer('/_sextant/feedback', { slug: 'guides/quickstart', helpful })).status).toBe(204);
    expect(
      (await answer('/v1/_sextant/feedback', { slug: 'guides/quickstart', helpful: false })).status,
    ).toBe(204);
    // Not a page of the site: acknowledged, not counted.
    expect((await answer('/_sextant/feedback', { slug: 'no/such/page', helpful: false })).status).toBe(204);
    expect((await answer('/_sextant/feedback', '{"slug":1}')).status).toBe(400);
    const cross = await answer(
      '/_sextant/feedback',
      { slug: 'guides/quickstart', helpful: false },
      { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' },
    );
    expect(cross.status).toBe(403);

    const to = new Date(Date.now() + 3_600_000).toISOString();
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const analytics = await createRegistryClient({ baseUrl, token }).getPlaygroundAnalytics({
      body: { orgId, from, to },
    });
    expect(analytics.pages?.map(({ url: _, ...row }) => row)).toEqual([
      { page: '/v1/guides/quickstart', title: 'Quickstart', helpful: 0, notHelpful: 1 },
      { page: '/guides/quickstart', title: 'Quickstart', helpful: 2, notHelpful: 1 },
    ]);
  });

  it('limits how often one client answers on one site', async () => {
    let limited = 0;
    for (let i = 0; i < 40; i++)
      if ((await answer('/_sextant/feedback', { slug: 'guides/species', helpful: true })).status === 429)
        limited++;
    expect(limited).toBeGreaterThan(0);
  });
});
