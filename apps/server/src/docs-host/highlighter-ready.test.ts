/**
 * Shiki's themes and the endpoint pages' grammars (bash, JSON, TypeScript, Python) load and
 * compile before `/readyz` answers 200 (issue #30): a real server on a socket, `/readyz` polled
 * until ready, then the first endpoint page. `sextant_docs_grammar_waits_total` (/metrics over
 * HTTP) counts the page builds that had to wait for a grammar: it stays 0, and the page's
 * snippets are highlighted. Alone in its file: the highlighter is per process, and a page
 * rendered earlier in the same worker would have loaded the grammars already.
 */
import type { AddressInfo } from 'node:net';
import { writeFixtureProject } from '@sextant/docs-project/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.js';
import { hostRequest } from './testing/host-request.js';

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildServer({
    mode: 'local',
    parts: { registry: false, docsHost: true, proxy: false, wsProxy: false },
    docs: { projectDir: await writeFixtureProject() },
    metrics: { enabled: true },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const grammarWaits = async () => {
  const metrics = await hostRequest(port, { host: '127.0.0.1', path: '/metrics' });
  expect(metrics.status).toBe(200);
  const line = /^sextant_docs_grammar_waits_total (\d+)$/m.exec(metrics.text);
  expect(line, 'sextant_docs_grammar_waits_total in /metrics').not.toBeNull();
  return Number(line?.[1]);
};

describe('the highlighter before /readyz', () => {
  it('is warm once /readyz is 200: the first endpoint page waits for no grammar', async () => {
    const deadline = Date.now() + 30_000;
    let ready = await hostRequest(port, { host: '127.0.0.1', path: '/readyz' });
    while (ready.status !== 200 && Date.now() < deadline) {
      expect(ready.status).toBe(503);
      expect(ready.text).toContain('highlighter');
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = await hostRequest(port, { host: '127.0.0.1', path: '/readyz' });
    }
    expect(ready.status).toBe(200);
    expect(await grammarWaits()).toBe(0);

    const page = await hostRequest(port, { host: '127.0.0.1', path: '/api/pets/get-a-pet' });
    expect(page.status).toBe(200);
    // The curl snippet came out highlighted (token classes), in the first build.
    expect(page.text).toMatch(/data-lang="bash"[^>]*><code>[\s\S]*?<span class="[ld][0-9a-f]{6}/);
    expect(await grammarWaits()).toBe(0);
  });
});
