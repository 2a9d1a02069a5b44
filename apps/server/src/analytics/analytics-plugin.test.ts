import { writeFixtureProject } from '@sextant/docs-project/testing';
import { createRegistryClient, RegistryNamedError } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASES } from '../registry/testing/servers.js';
import { startLocalSite } from '../testing/index.js';

describe.each(TEST_DATABASES)('playground analytics on $name', (database) => {
  let app: FastifyInstance;
  let baseUrl: string;
  let token: string;
  let orgId: string;
  let endpointIds: string[];
  let drop: (() => Promise<void>) | undefined;
  let skipped: string | undefined;

  beforeAll(async () => {
    const opened = await openTestDatabase(database);
    if ('skipped' in opened) {
      skipped = opened.skipped;
      return;
    }
    const { databaseUrl } = opened;
    drop = opened.drop;
    ({ app, baseUrl, token, orgId } = await startLocalSite(
      await writeFixtureProject(),
      databaseUrl ? { databaseUrl } : {},
    ));
    const { project } = await app.docsHost.current();
    endpointIds = Object.values(project?.project.apis ?? {}).flatMap((api) => Object.keys(api.endpoints));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  // As a docs page's navigator.sendBeacon sends it: from the site's own origin.
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}/_sextant/analytics`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: baseUrl, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const sent = (endpointId: string) => ({ type: 'request_sent', endpointId, method: 'GET' });
  const received = (endpointId: string, status: number | null, timeMs: number) => ({
    type: 'request_received',
    endpointId,
    method: 'GET',
    status,
    outcome: status === null ? 'failed' : 'loaded',
    timeMs,
    sizeBytes: 120,
  });
  const analytics = () =>
    createRegistryClient({ baseUrl, token }).getPlaygroundAnalytics({
      body: {
        orgId,
        from: new Date(Date.now() - 3_600_000).toISOString(),
        to: new Date(Date.now() + 60_000).toISOString(),
      },
    });

  it('counts exactly the events of the site’s own endpoints, by status class, with percentiles', async (ctx) => {
    if (skipped) return ctx.skip();
    const [first, second] = endpointIds;
    if (!first || !second) throw new Error('the fixture has two endpoints');
    const events = [
      ...Array.from({ length: 6 }, () => sent(first)),
      ...Array.from({ length: 4 }, () => sent(second)),
      received(first, 200, 40),
      received(first, 201, 60),
      received(first, 404, 30),
      received(first, 500, 900),
      received(second, 200, 45),
      received(second, null, 5000),
      sent('forged-endpoint-id'),
      received('forged-endpoint-id', 200, 1),
    ];
    const response = await beacon({ events });
    expect(response.status).toBe(204);
    const view = await analytics();
    expect(view.totals.requests).toBe(10);
    expect(view.totals.byStatusClass).toEqual({
      '1xx': 0,
      '2xx': 3,
      '3xx': 0,
      '4xx': 1,
      '5xx': 1,
      failed: 1,
    });
    expect(view.series).toHaveLength(1);
    expect(view.series[0]?.requests).toBe(10);
    // Latency of answered requests only (the failed one had no answer): 30, 40, 45, 60, 900 ms.
    expect(view.latencyMs.p50).toBeGreaterThanOrEqual(35);
    expect(view.latencyMs.p50).toBeLessThanOrEqual(50);
    expect(view.latencyMs.p99).toBeGreaterThan(800);
    // The most failing endpoint first; method and path come from the definition.
    expect(view.endpoints.map((e) => [e.endpointId, e.requests, e.failures])).toEqual([
      [first, 6, 2],
      [second, 4, 1],
    ]);
    expect(view.endpoints[0]?.path).toMatch(/^\//);
    expect(view.endpoints.some((e) => e.endpointId === 'forged-endpoint-id')).toBe(false);
  });

  it('adds later beacons to the same hour', async (ctx) => {
    if (skipped) return ctx.skip();
    const before = await analytics();
    const first = endpointIds[0] as string;
    expect((await beacon({ events: [sent(first), received(first, 204, 12)] })).status).toBe(204);
    const after = await analytics();
    expect(after.totals.requests - before.totals.requests).toBe(1);
    expect(after.totals.byStatusClass['2xx'] - before.totals.byStatusClass['2xx']).toBe(1);
  });

  it('stores nothing for readers with Do-Not-Track or Global Privacy Control', async (ctx) => {
    if (skipped) return ctx.skip();
    const before = await analytics();
    const first = endpointIds[0] as string;
    expect((await beacon({ events: [sent(first)] }, { dnt: '1' })).status).toBe(204);
    expect((await beacon({ events: [sent(first)] }, { 'sec-gpc': '1' })).status).toBe(204);
    expect((await analytics()).totals.requests).toBe(before.totals.requests);
  });

  it('refuses malformed, oversized and smuggling beacons with 400 and stores nothing', async (ctx) => {
    if (skipped) return ctx.skip();
    const before = await analytics();
    const first = endpointIds[0] as string;
    const bad = [
      'not json',
      '',
      { events: [] },
      { events: Array.from({ length: 51 }, () => sent(first)) },
      { events: [{ ...sent(first), url: 'https://api.test/?token=secret' }] },
      { events: [{ ...received(first, 200, 1), status: 99 }] },
      { events: [{ ...received(first, 200, -5) }] },
      { events: [sent(first)], extra: true },
    ];
    for (const body of bad) {
      const response = await beacon(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('BadRequestError');
    }
    expect((await analytics()).totals.requests).toBe(before.totals.requests);
  });

  it("refuses beacons that do not come from the site's own pages with 403, and stores nothing", async (ctx) => {
    if (skipped) return ctx.skip();
    const before = await analytics();
    const first = endpointIds[0] as string;
    const body = { events: [sent(first), received(first, 500, 10)] };
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: baseUrl.replace('127.0.0.1', 'localhost') },
      { origin: 'null' },
      { origin: baseUrl, 'sec-fetch-site': 'cross-site' },
      { origin: baseUrl, 'sec-fetch-site': 'same-site' },
      { origin: '' },
    ];
    for (const headers of foreign) {
      const response = await beacon(body, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toMatchObject({
        error: 'CrossOriginBeaconError',
        content: { message: expect.stringMatching(/only from this site's own pages/) },
      });
    }
    expect((await analytics()).totals.requests).toBe(before.totals.requests);
    // A browser's same-origin beacon is kept, with Sec-Fetch-Site alone too.
    expect((await beacon(body, { 'sec-fetch-site': 'same-origin' })).status).toBe(204);
    const sameOrigin = await fetch(`${baseUrl}/_sextant/analytics`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(body),
    });
    expect(sameOrigin.status).toBe(204);
    const after = await analytics();
    expect(after.totals.requests - before.totals.requests).toBe(2);
    expect(after.totals.byStatusClass['5xx'] - before.totals.byStatusClass['5xx']).toBe(2);
  });

  it('answers the registry call to members only, over a bounded range', async (ctx) => {
    if (skipped) return ctx.skip();
    const client = createRegistryClient({ baseUrl, token });
    const tooLong = client.getPlaygroundAnalytics({
      body: { orgId, from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
    });
    await expect(tooLong).rejects.toThrow(/93 days/);
    const anonymous = createRegistryClient({ baseUrl }).getPlaygroundAnalytics({
      body: { orgId, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
    });
    await expect(anonymous).rejects.toBeInstanceOf(RegistryNamedError);
  });
});
