/**
 * Ask AI through the real server over sockets (buildServer + listen, local mode: the project's
 * site is owned by the local organization), on PGlite and PostgreSQL, with the official Anthropic
 * SDK talking to the protocol-faithful Messages server on loopback: status, a chat that streams
 * sources first, deltas in order and done with a question id, follow-ups, feedback stored, the
 * question log for the owner's org and refused to another org, bad input, provider failures, the
 * per-visitor rate; and a site without a key says it is not configured.
 */
import type { AddressInfo } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import { createRegistryClient, RegistryNamedError } from '@sextant/registry-client';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { docsHost } from '../docs-host/index.js';
import { readinessPlugin } from '../lifecycle/readiness.js';
import { openTestDatabase, TEST_DATABASES } from '../registry/testing/servers.js';
import { startLocalSite } from '../testing/index.js';
import { aiPlugin } from './plugin.js';
import { writeAiProject } from './testing/ai-project.js';
import { type FakeAnthropic, startFakeAnthropic } from './testing/fake-anthropic.js';
import { type FakeCohere, startFakeCohere } from './testing/fake-cohere.js';
import { parseEventStream } from './testing/sse.js';

describe.each(TEST_DATABASES)('Ask AI on $name', (database) => {
  let app: FastifyInstance;
  let anthropic: FakeAnthropic;
  let baseUrl: string;
  let token: string;
  let orgId: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const opened = await openTestDatabase(database);
    if ('skipped' in opened) throw new Error(`PostgreSQL is needed: ${opened.skipped}`);
    const { databaseUrl } = opened;
    drop = opened.drop;
    anthropic = await startFakeAnthropic();
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-test');
    vi.stubEnv('ANTHROPIC_BASE_URL', anthropic.url);
    ({ app, baseUrl, token, orgId } = await startLocalSite(
      await writeAiProject('enabled: true\nprompt: "Answer like a pet shop clerk."'),
      databaseUrl ? { databaseUrl } : {},
    ));
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await app?.close();
    await anthropic?.close();
    await drop?.();
  });

  const chat = (body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${baseUrl}/_sextant/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  const ask = (content: string, prior: { role: 'user' | 'assistant'; content: string }[] = []) =>
    chat({ messages: [...prior, { role: 'user', content }], page: 'guides/guide' });

  it('says it is enabled and configured, with the model name', async () => {
    const response = await fetch(`${baseUrl}/_sextant/ai/status`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ enabled: true, configured: true, model: 'claude-4' });
  });

  let questionId = '';
  it('streams sources first, then the deltas in order, then done with a question id', async () => {
    anthropic.queue.push({
      type: 'answer',
      chunks: ['Part two ', 'says [More](/guides/guide#h-part-two)', '.'],
      delayMs: 20,
    });
    const before = anthropic.requests.length;
    const response = await ask('What does part two of the guide say?');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseEventStream(await response.text());
    expect(events.map((e) => e.event)).toEqual(['sources', 'delta', 'delta', 'delta', 'done']);
    const sources = (
      events[0]?.data as { sources: { title: string; url: string; kind: string }[] } | undefined
    )?.sources;
    expect(sources).toContainEqual({
      title: 'Guide › Part two',
      url: '/guides/guide#h-part-two',
      kind: 'page',
    });
    expect(
      events
        .slice(1, 4)
        .map((e) => (e.data as { text: string }).text)
        .join(''),
    ).toBe('Part two says [More](/guides/guide#h-part-two).');
    questionId = (events[4]?.data as { questionId: string } | undefined)?.questionId ?? '';
    expect(questionId).toMatch(/^[0-9a-f-]{36}$/);
    // The model got the passages, the site's instructions, and the question.
    const sent = anthropic.requests[before]?.body as { system: string; messages: unknown[]; model: string };
    expect(sent.model).toBe('claude-sonnet-4-6');
    expect(sent.system).toContain('url="/guides/guide#h-part-two"');
    expect(sent.system).toContain('Answer like a pet shop clerk.');
    expect(sent.messages).toEqual([{ role: 'user', content: 'What does part two of the guide say?' }]);
  });

  it('stores feedback, and the question log returns it to the owner’s org only', async () => {
    const feedback = await fetch(`${baseUrl}/_sextant/ai/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ questionId, rating: 'up' }),
    });
    expect(feedback.status).toBe(204);
    const unknown = await fetch(`${baseUrl}/_sextant/ai/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ questionId: 'nope', rating: 'down' }),
    });
    expect(unknown.status).toBe(404);

    const log = await createRegistryClient({ baseUrl, token }).getAiQuestionLog({ body: { orgId } });
    const entry = log.questions.find((q) => q.id === questionId);
    expect(entry).toMatchObject({
      location: 'docs',
      question: 'What does part two of the guide say?',
      answer: 'Part two says [More](/guides/guide#h-part-two).',
      feedback: 'up',
    });
    expect(entry?.sources).toContainEqual({ title: 'Guide › Part two', url: '/guides/guide#h-part-two' });
    expect(Date.parse(entry?.askedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const other = await app.registry.createOrganization('other-org');
    const refused = await createRegistryClient({ baseUrl, token: other.token })
      .getAiQuestionLog({ body: { orgId } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RegistryNamedError);
    expect((refused as RegistryNamedError).errorName).toBe('UserNotInOrgError');
    const own = await createRegistryClient({ baseUrl, token: other.token }).getAiQuestionLog({
      body: { orgId: 'other-org' },
    });
    expect(own.questions).toEqual([]);
  });

  it('keeps the conversation for a follow-up', async () => {
    const before = anthropic.requests.length;
    const prior = [
      { role: 'user' as const, content: 'What does part two say?' },
      { role: 'assistant' as const, content: 'It says More.' },
    ];
    const events = parseEventStream(await (await ask('And part one?', prior)).text());
    expect(events.at(-1)?.event).toBe('done');
    expect((anthropic.requests[before]?.body as { messages: unknown[] } | undefined)?.messages).toEqual([
      ...prior,
      { role: 'user', content: 'And part one?' },
    ]);
  });

  it('refuses bad bodies before streaming, with a named error', async () => {
    const cases: [unknown, Record<string, string>?][] = [
      ['not json'],
      [{ messages: [] }],
      [{ messages: [{ role: 'system', content: 'x' }] }],
      [{ messages: [{ role: 'assistant', content: 'x' }] }],
      [{ messages: [{ role: 'user', content: 'x'.repeat(2001) }] }],
      [{ messages: [{ role: 'user', content: '   ' }] }],
      [{ messages: [{ role: 'user', content: 'hi' }], extra: 1 }],
      [{ messages: [{ role: 'user', content: 'hi' }] }, { 'content-type': 'text/plain' }],
    ];
    for (const [body, headers] of cases) {
      const response = await chat(body, headers);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('BadRequestError');
    }
  });

  it('turns a provider failure after its retries into an error event', async () => {
    anthropic.queue.push(
      { type: 'status', status: 529 },
      { type: 'status', status: 529 },
      { type: 'status', status: 529 },
    );
    const events = parseEventStream(await (await ask('Anything?')).text());
    expect(events.map((e) => e.event)).toEqual(['sources', 'error']);
    expect(events[1]?.data).toMatchObject({
      code: 'AiProviderError',
      message: expect.stringMatching(/overloaded/),
    });
    // The log flags it as failed, with the reader's page; the filters find it.
    const client = createRegistryClient({ baseUrl, token });
    const failed = await client.getAiQuestionLog({ body: { orgId, failed: true } });
    expect(failed.questions[0]).toMatchObject({
      question: 'Anything?',
      failed: true,
      errorCode: 'AiProviderError',
      page: 'guides/guide',
    });
    expect(failed.questions.every((q) => q.failed)).toBe(true);
    const answered = await client.getAiQuestionLog({ body: { orgId, failed: false } });
    expect(answered.questions.length).toBeGreaterThan(0);
    expect(answered.questions.some((q) => q.failed)).toBe(false);
    const helpful = await client.getAiQuestionLog({ body: { orgId, feedback: 'up' } });
    expect(helpful.questions.map((q) => q.id)).toEqual([questionId]);
    const unrated = await client.getAiQuestionLog({ body: { orgId, feedback: 'none', location: 'docs' } });
    expect(unrated.questions.map((q) => q.id)).not.toContain(questionId);
    expect(unrated.questions.length).toBeGreaterThan(0);
    expect((await client.getAiQuestionLog({ body: { orgId, location: 'slack' } })).questions).toEqual([]);
    expect((await client.getAiQuestionLog({ body: { orgId, url: 'nowhere.test' } })).questions).toEqual([]);
  });

  it('stops asking the provider when the reader goes away', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => `w${i} `);
    anthropic.queue.push({ type: 'answer', chunks, delayMs: 25 });
    const before = anthropic.aborted;
    const controller = new AbortController();
    const response = await chat(
      { messages: [{ role: 'user', content: 'A long answer?' }] },
      {},
      controller.signal,
    );
    const reader = response.body?.getReader();
    let seen = '';
    while (!seen.includes('event: delta')) seen += new TextDecoder().decode((await reader?.read())?.value);
    controller.abort();
    await waitFor(() => anthropic.aborted !== before, { message: 'the provider to see the abort' });
    expect(anthropic.aborted).toBe(before + 1);
  });

  it('limits questions per visitor with 429 and retry-after', async () => {
    let limited: Response | undefined;
    for (let i = 0; i < 12 && !limited; i++) {
      const response = await ask(`Question ${i}?`);
      if (response.status === 429) limited = response;
      else await response.text();
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited?.json()).toMatchObject({ error: 'AiRateLimitedError' });
  });
});

describe('Ask AI without a key', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(docsHost, {
      mode: 'local',
      projectDir: await writeAiProject('enabled: true\nmodel: command-a'),
    });
    await app.register(readinessPlugin);
    await app.register(aiPlugin, { env: {} });
    await app.ready();
  });
  afterAll(() => app.close());

  it('the site starts, the status says not configured and the chat answers AiNotConfiguredError', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect((await app.inject({ url: '/_sextant/ai/status' })).json()).toEqual({
      enabled: true,
      configured: false,
      model: 'command-a',
      message:
        'Ask AI is not configured on this server: the server owner sets CO_API_KEY (command-a runs on Cohere).',
    });
    const response = await app.inject({
      method: 'POST',
      url: '/_sextant/ai/chat',
      headers: { 'content-type': 'application/json' },
      payload: { messages: [{ role: 'user', content: 'Hi?' }] },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'AiNotConfiguredError',
      content: {
        message:
          'Ask AI is not configured on this server: the server owner sets CO_API_KEY (command-a runs on Cohere).',
      },
    });
  });
});

describe('Ask AI on command-a (Cohere) through the chat route', () => {
  let app: FastifyInstance;
  let cohere: FakeCohere;
  let baseUrl: string;
  beforeAll(async () => {
    cohere = await startFakeCohere(() => ({ type: 'answer', chunks: ['Water every ', '3 days', '.'] }));
    app = Fastify();
    await app.register(docsHost, {
      mode: 'local',
      projectDir: await writeAiProject('enabled: true\nmodel: command-a'),
    });
    await app.register(readinessPlugin);
    await app.register(aiPlugin, { env: { CO_API_KEY: 'co-test', CO_API_URL: cohere.url } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await cohere?.close();
  });

  it('streams the Cohere answer in order after the sources, with the question in the provider call', async () => {
    const status = await (await fetch(`${baseUrl}/_sextant/ai/status`)).json();
    expect(status).toEqual({ enabled: true, configured: true, model: 'command-a' });
    const response = await fetch(`${baseUrl}/_sextant/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'How often do I water a plant?' }] }),
    });
    expect(response.status).toBe(200);
    const events = parseEventStream(await response.text());
    expect(events[0]?.event).toBe('sources');
    const text = events
      .filter((event) => event.event === 'delta')
      .map((event) => (event.data as { text: string }).text)
      .join('');
    expect(text).toBe('Water every 3 days.');
    expect(events.at(-1)?.event).toBe('done');
    const sent = JSON.stringify(cohere.requests.at(-1)?.body ?? '');
    expect(sent).toContain('How often do I water a plant?');
    expect(sent).toContain('command-a-03-2025');
  });

  it('turns Cohere refusing the key into a clear error event naming CO_API_KEY', async () => {
    cohere.queue.push({ type: 'status', status: 401 });
    const response = await fetch(`${baseUrl}/_sextant/ai/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi?' }] }),
    });
    const events = parseEventStream(await response.text());
    const error = events.find((event) => event.event === 'error');
    const data = error?.data as { code?: string; message?: string } | undefined;
    expect(data?.code).toBe('AiProviderError');
    expect(data?.message).toContain('CO_API_KEY');
  });
});
