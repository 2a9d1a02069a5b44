/**
 * Playground beacons from the edge, on a hosted server behind a trusted proxy (`--trust-proxy
 * loopback`, clients in X-Forwarded-For) with six published sites, over real sockets: another
 * tenant's page cannot write a site's analytics (403), and what one client can add is bounded
 * per beacon, per site and over every site, while other clients and other sites keep theirs.
 */
import type { AddressInfo } from 'node:net';
import { defaultDocsConfig } from '@sextant/definition';
import { createRegistryClient } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { hostRequest } from '../docs-host/testing/host-request.js';
import { EVENTS_PER_CLIENT, EVENTS_PER_CLIENT_AND_SITE } from './analytics-plugin.js';
import { MAX_EVENTS_PER_BEACON } from './playground-events.js';

const SITES = ['s1', 's2', 's3', 's4', 's5', 's6'].map((name) => `${name}.beacon.test`);

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, docsHost: true, proxy: false, wsProxy: false },
    registry: { allowDomains: SITES },
    trustProxy: 'loopback',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  await app.registry.ready();
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const [index, domain] of SITES.entries()) {
    const orgId = `org${index}`;
    const { token } = await app.registry.createOrganization(orgId);
    const client = createRegistryClient({ baseUrl, token });
    const init = await client.initDocsRegistrationV2({ body: { orgId, domain } });
    await client.finishDocsRegistrationV2({
      params: { id: init.docsRegistrationId },
      body: {
        docsDefinition: {
          docsVersion: 1 as const,
          config: defaultDocsConfig(domain),
          navigation: [{ type: 'page' as const, title: 'Home', slug: '', pageId: 'home' }],
          pages: { home: { id: 'home', title: 'Home', slug: '', layout: 'guide', markdown: '# Home\n' } },
          homeSlug: '',
        },
      },
    });
  }
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const events = (count: number) => ({
  events: Array.from({ length: count }, () => ({ type: 'request_sent', endpointId: 'e1', method: 'GET' })),
});

/** A beacon of `count` events from `client` (behind the proxy) on a page of `from` to `site`. */
function beacon(site: string, count: number, client: string, headers: Record<string, string> = {}) {
  return hostRequest(port, {
    host: site,
    path: '/_sextant/analytics',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: `http://${site}`,
      'x-forwarded-for': client,
      ...headers,
    },
    body: JSON.stringify(events(count)),
  });
}

describe('playground beacons from the edge', () => {
  it("refuses another tenant's page (a sibling host) with 403, and takes the site's own", async () => {
    const [acme, beta] = SITES as [string, string];
    const cross = await beacon(acme, 1, '198.51.100.1', { origin: `http://${beta}` });
    expect(cross.status).toBe(403);
    expect(JSON.parse(cross.text)).toEqual({
      error: 'CrossOriginBeaconError',
      content: {
        message: `Analytics beacons are accepted only from this site's own pages, and it was sent from http://${beta}.`,
      },
    });
    expect((await beacon(acme, 1, '198.51.100.1', { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await beacon(acme, 1, '198.51.100.1', { origin: '' })).status).toBe(403);
    expect((await beacon(acme, 1, '198.51.100.1', { 'sec-fetch-site': 'same-origin' })).status).toBe(204);
  });

  it('bounds one beacon, and one client on one site, leaving other clients and sites alone', async () => {
    const [site, other] = SITES as [string, string];
    expect((await beacon(site, MAX_EVENTS_PER_BEACON + 1, '203.0.113.10')).status).toBe(400);
    const statuses: number[] = [];
    for (let sent = 0; sent <= EVENTS_PER_CLIENT_AND_SITE; sent += MAX_EVENTS_PER_BEACON)
      statuses.push((await beacon(site, MAX_EVENTS_PER_BEACON, '203.0.113.10')).status);
    // 120 a minute: two beacons of 50 pass, the third is refused and names when to retry.
    expect(statuses).toEqual([204, 204, 429]);
    const refused = await beacon(site, MAX_EVENTS_PER_BEACON, '203.0.113.10');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.text)).toMatchObject({ error: 'TooManyRequestsError' });
    // Another reader behind the same balancer, and the same reader on another site, are not refused.
    expect((await beacon(site, MAX_EVENTS_PER_BEACON, '203.0.113.11')).status).toBe(204);
    expect((await beacon(other, MAX_EVENTS_PER_BEACON, '203.0.113.10')).status).toBe(204);
  });

  it('bounds what one client adds over every site of the server', async () => {
    const client = '203.0.113.20';
    const perSite = EVENTS_PER_CLIENT_AND_SITE;
    const sites = SITES.slice(0, EVENTS_PER_CLIENT / perSite);
    for (const site of sites)
      for (const count of [50, 50, perSite - 100])
        expect((await beacon(site, count, client)).status, `${site} ${count}`).toBe(204);
    // 600 events in: a sixth site's own bucket is full, but this client's is empty.
    expect((await beacon(SITES[5] as string, MAX_EVENTS_PER_BEACON, client)).status).toBe(429);
    expect((await beacon(SITES[5] as string, MAX_EVENTS_PER_BEACON, '203.0.113.21')).status).toBe(204);
  });
});
