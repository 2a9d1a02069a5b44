/**
 * The main job, `npm start` (examples/start.ts, run as built: dist/demo/start.js): the demo upstreams and `sextant dev examples`
 * start with nothing else, the URL is printed, the demo docs (guides, REST, WebSocket, JSON-RPC
 * and the registry's own API) are served, the API definitions are published in the embedded
 * registry, a request through the proxy reaches the demo REST upstream, and SIGTERM stops it all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCli, startNode } from './cli-harness.js';

let start: RunningCli;
let url: string;

beforeAll(async () => {
  start = startNode(['dist/demo/start.js'], {
    env: { PORT: '0', DEMO_REST_PORT: '0', DEMO_WS_PORT: '0', DEMO_RPC_PORT: '0' },
  });
  url = (await start.waitFor(/Sextant dev\s+(http:\/\/127\.0\.0\.1:\d+)/, 150_000))[1]!;
});

afterAll(async () => {
  await start?.stop('SIGKILL');
});

describe('npm start (examples/start.ts)', () => {
  it('serves the demo docs with every API', async () => {
    expect(start.output()).toMatch(/✓ Sextant Demo: \d+ pages?, 4 APIs/);
    // Every demo API imports: no located import error in the terminal.
    expect(start.output()).not.toMatch(/^error:/m);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>Sextant Demo');
    for (const slug of ['rest', 'ws', 'rpc', 'registry']) {
      const page = await fetch(`${url}/${slug}`);
      expect(page.status, slug).toBe(200);
    }
  });

  it('publishes the API definitions into the embedded registry', async () => {
    await start.waitFor(/published 4 API definition\(s\) and the docs to the local registry/, 110_000);
    const response = await fetch(`${url}/v2/registry/docs/load-with-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: new URL(url).host }),
    });
    expect(response.status).toBe(200);
    const loaded = (await response.json()) as { apis: Record<string, { title: string; endpoints: object }> };
    const apis = Object.values(loaded.apis);
    expect(apis).toHaveLength(4);
    expect(apis.every((api) => Object.keys(api.endpoints).length > 0 || api.title.length > 0)).toBe(true);
  });

  it('the proxy reaches the demo REST upstream (local mode allows localhost)', async () => {
    const restUrl = start.output().match(/REST (http:\/\/localhost:\d+)/)?.[1];
    expect(restUrl).toBeDefined();
    const response = await fetch(`${url}/proxy/${restUrl}/plants`);
    expect(response.status).toBe(200);
    const plants = (await response.json()) as { id: number; name: string }[];
    expect(plants.length).toBeGreaterThan(0);
    expect(plants[0]).toHaveProperty('name');
  });

  it('stops on SIGTERM with exit 0', async () => {
    expect(await start.stop('SIGTERM')).toBe(0);
  });
});
