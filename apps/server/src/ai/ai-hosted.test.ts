/**
 * Ask AI on hosted sites (registry on PGlite in the same server): a site published under a base
 * path answers with citations under its base path, its questions are logged for the publishing
 * organization with the site's docs URL, another organization's site cannot rate them, and the
 * registry refuses a docs definition whose `ai` config is invalid.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DocsConfig, defaultDocsConfig } from '@sextant/definition';
import { guidePagesDefinition } from '@sextant/definition/testing';
import { createRegistryClient, RegistryNamedError } from '@sextant/registry-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../app.js';
import { type FakeAnthropic, startFakeAnthropic } from './testing/fake-anthropic.js';
import { parseEventStream } from './testing/sse.js';

let app: FastifyInstance;
let anthropic: FakeAnthropic;
let port: number;
let baseUrl: string;
let acmeToken: string;

const aiConfig = (ai: unknown): DocsConfig => ({ ...defaultDocsConfig('Acme'), ai }) as DocsConfig;

const definition = (config: DocsConfig) =>
  guidePagesDefinition(
    config.title,
    [
      {
        slug: '',
        title: 'Tokens',
        markdown: '# Tokens\n\n## Rotate a token\n\nCall rotate every 90 days.\n',
      },
    ],
    config,
  );

async function publish(orgId: string, domain: string, config: DocsConfig): Promise<string> {
  const { token } = await app.registry.createOrganization(orgId);
  const client = createRegistryClient({ baseUrl, token });
  const init = await client.initDocsRegistrationV2({ body: { orgId, domain } });
  await client.finishDocsRegistrationV2({
    params: { id: init.docsRegistrationId },
    body: { docsDefinition: definition(config) },
  });
  return token;
}

/** A POST with a Host header (fetch cannot set one). */
function post(host: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

beforeAll(async () => {
  anthropic = await startFakeAnthropic(() => ({ type: 'answer', chunks: ['Rotate it.'] }));
  vi.stubEnv('ANTHROPIC_API_KEY', 'sk-test');
  vi.stubEnv('ANTHROPIC_BASE_URL', anthropic.url);
  app = await buildServer({
    mode: 'hosted',
    parts: { registry: true, proxy: false, wsProxy: false, docsHost: true },
    registry: { allowDomains: ['acme.docs.test', 'beta.docs.test', 'gamma.docs.test'] },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  await app.registry.ready();
  acmeToken = await publish(
    'acme',
    'acme.docs.test/docs',
    aiConfig({ enabled: true, model: 'claude-4', location: ['docs'] }),
  );
  await publish('beta', 'beta.docs.test', aiConfig({ enabled: true, model: 'claude-4', location: ['docs'] }));
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await app?.close();
  await anthropic?.close();
});

describe('Ask AI on hosted sites', () => {
  it('cites under the base path, logs for the publishing org, and only its own site can rate', async () => {
    const response = await post('acme.docs.test', '/docs/_sextant/ai/chat', {
      messages: [{ role: 'user', content: 'How often do I rotate a token?' }],
    });
    expect(response.status).toBe(200);
    const events = parseEventStream(response.text);
    expect(events.map((e) => e.event)).toEqual(['sources', 'delta', 'done']);
    expect(events[0]?.data).toEqual({
      sources: expect.arrayContaining([
        { title: 'Tokens › Rotate a token', url: '/docs/#h-rotate-a-token', kind: 'page' },
      ]),
    });
    const questionId = (events[2]?.data as { questionId: string } | undefined)?.questionId ?? '';

    const log = await createRegistryClient({ baseUrl, token: acmeToken }).getAiQuestionLog({
      body: { orgId: 'acme', url: 'acme.docs.test/docs' },
    });
    expect(log.questions).toHaveLength(1);
    expect(log.questions[0]).toMatchObject({
      id: questionId,
      docsUrl: 'acme.docs.test/docs',
      answer: 'Rotate it.',
      feedback: null,
    });

    // Another organization's site cannot rate acme's question; acme's site can.
    expect(
      (await post('beta.docs.test', '/_sextant/ai/feedback', { questionId, rating: 'down' })).status,
    ).toBe(404);
    expect(
      (await post('acme.docs.test', '/docs/_sextant/ai/feedback', { questionId, rating: 'down' })).status,
    ).toBe(204);
    const after = await createRegistryClient({ baseUrl, token: acmeToken }).getAiQuestionLog({
      body: { orgId: 'acme' },
    });
    expect(after.questions[0]?.feedback).toBe('down');
    expect(after.hasMore).toBe(false);
  });

  it('the registry refuses a docs definition whose ai config is invalid', async () => {
    const refused = await publish(
      'gamma',
      'gamma.docs.test',
      aiConfig({ enabled: true, model: 'gpt-9', location: ['irc'] }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RegistryNamedError);
    expect((refused as RegistryNamedError).errorName).toBe('InvalidDocsDefinitionError');
  });
});
