/**
 * The Ask AI store against a real HTTP server on loopback speaking the chat contract: a streamed
 * answer arrives in pieces (sources, deltas split mid-event, done), follow-ups send the whole
 * conversation and the page, feedback posts the question id, and errors (a 503 JSON answer
 * before streaming, an `error` event mid-stream, a not-configured status) become messages.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatStorage, chatMemoryKey } from './chat-memory.js';
import { ChatStore } from './chat-store.js';

let server: Server;
let origin: string;
const bodies: { url: string; body: unknown }[] = [];
let mode: 'answer' | 'unavailable' | 'midstream-error' | 'not-configured' | 'held-open' = 'answer';
/** In 'held-open' mode the stream stays open after its done event until this is called. */
let closeHeldStream: () => void = () => {};

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = request.url ?? '';
    const text = await read(request);
    bodies.push({ url, body: text ? JSON.parse(text) : undefined });
    if (url === '/docs/_sextant/ai/status') {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          mode === 'not-configured'
            ? { enabled: true, configured: false }
            : { enabled: true, configured: true, model: 'claude-4' },
        ),
      );
      return;
    }
    if (url === '/docs/_sextant/ai/feedback') {
      response.writeHead(204).end();
      return;
    }
    if (mode === 'unavailable') {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: 'AiNotConfiguredError',
          content: { message: 'Ask AI is not configured here.' },
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const held =
      mode === 'held-open' ? new Promise<void>((resolve) => (closeHeldStream = resolve)) : undefined;
    const frames = [
      'event: sources\ndata: {"sources":[{"title":"Pets","url":"/docs/api/pets","kind":"endpoint"},{"bad":1}]}\n\n',
      'event: delta\ndata: {"text":"Hello "}\n\nevent: del',
      'ta\ndata: {"text":"**world**"}\n\n',
      mode === 'midstream-error'
        ? 'event: error\ndata: {"code":"AI_PROVIDER_ERROR","message":"The provider failed: try again."}\n\n'
        : 'event: done\ndata: {"questionId":"q-1"}\n\n',
    ];
    for (const frame of frames) {
      response.write(frame);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await held;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fetchAt: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init);

describe('ChatStore', () => {
  it('streams an answer, keeps the conversation for follow-ups, and posts feedback', async () => {
    mode = 'answer';
    const store = new ChatStore('/docs', fetchAt);
    await store.checkStatus();
    expect(store.getState().availability).toBe('ready');
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().turns[0]?.answer ?? ''));
    await store.send('  How do pets work?  ', 'api/pets');
    const [turn] = store.getState().turns;
    expect(turn).toMatchObject({
      question: 'How do pets work?',
      answer: 'Hello **world**',
      state: 'done',
      questionId: 'q-1',
    });
    expect(turn?.sources).toEqual([{ title: 'Pets', url: '/docs/api/pets', kind: 'endpoint' }]);
    expect(seen).toContain('Hello ');
    expect(bodies.at(-1)?.body).toEqual({
      messages: [{ role: 'user', content: 'How do pets work?' }],
      page: 'api/pets',
    });

    await store.send('And cats?');
    expect(bodies.at(-1)?.body).toEqual({
      messages: [
        { role: 'user', content: 'How do pets work?' },
        { role: 'assistant', content: 'Hello **world**' },
        { role: 'user', content: 'And cats?' },
      ],
    });
    await store.rate(turn?.id ?? 0, 'up');
    expect(bodies.at(-1)).toEqual({
      url: '/docs/_sextant/ai/feedback',
      body: { questionId: 'q-1', rating: 'up' },
    });
    expect(store.getState().turns[0]?.rating).toBe('up');
    expect(store.getState().busy).toBe(false);
  });

  it('a JSON error before streaming and an error event mid-stream become the message', async () => {
    mode = 'unavailable';
    const store = new ChatStore('/docs', fetchAt);
    await store.send('Hi');
    expect(store.getState().turns[0]).toMatchObject({
      state: 'error',
      error: 'Ask AI is not configured here.',
    });
    expect(store.getState().availability).toBe('unavailable');
    mode = 'midstream-error';
    const other = new ChatStore('/docs', fetchAt);
    await other.send('Hi');
    expect(other.getState().turns[0]).toMatchObject({
      state: 'error',
      answer: 'Hello **world**',
      error: 'The provider failed: try again.',
    });
    // A failed answer is not sent back as context.
    await other.send('Again');
    expect(bodies.at(-1)?.body).toMatchObject({ messages: [{ role: 'user', content: 'Again' }] });
  });

  it('not configured: the status says so and nothing is sent', async () => {
    mode = 'not-configured';
    const store = new ChatStore('/docs', fetchAt);
    await store.checkStatus();
    expect(store.getState().availability).toBe('unavailable');
    expect(store.getState().notice).toMatch(/not configured/);
    const before = bodies.length;
    await store.send('Hi');
    expect(bodies.length).toBe(before);
  });

  it("keeps the conversation in session storage: the next page's store continues it", async () => {
    mode = 'answer';
    const saved = new Map<string, string>();
    const storage: ChatStorage = {
      getItem: (key) => saved.get(key) ?? null,
      setItem: (key, value) => void saved.set(key, value),
      removeItem: (key) => void saved.delete(key),
    };
    const first = new ChatStore('/docs', fetchAt, storage);
    await first.send('How do pets work?', 'api/pets');
    await first.rate(first.getState().turns[0]?.id ?? 0, 'down');
    // The reader follows a cited link: the next page makes a new store.
    const next = new ChatStore('/docs', fetchAt, storage);
    expect(next.getState().turns).toEqual([
      expect.objectContaining({
        id: 1,
        question: 'How do pets work?',
        answer: 'Hello **world**',
        rating: 'down',
      }),
    ]);
    await next.send('And cats?');
    expect(bodies.at(-1)?.body).toEqual({
      messages: [
        { role: 'user', content: 'How do pets work?' },
        { role: 'assistant', content: 'Hello **world**' },
        { role: 'user', content: 'And cats?' },
      ],
    });
    expect(next.getState().turns.map((turn) => turn.id)).toEqual([1, 2]);
    // Another site (base path) has its own conversation; New chat forgets this one.
    expect(new ChatStore('/other', fetchAt, storage).getState().turns).toEqual([]);
    next.clear();
    expect(saved.has(chatMemoryKey('/docs'))).toBe(false);
    // What storage holds is checked: junk reads as no conversation, a streaming turn as stopped.
    saved.set(
      chatMemoryKey('/docs'),
      '{"turns":[{"question":1},{"question":"Q","state":"streaming","sources":[{"url":"/x"}]}]}',
    );
    expect(new ChatStore('/docs', fetchAt, storage).getState().turns).toEqual([
      { id: 1, question: 'Q', answer: '', sources: [], state: 'stopped' },
    ]);
    saved.set(chatMemoryKey('/docs'), 'not json');
    expect(new ChatStore('/docs', fetchAt, storage).getState().turns).toEqual([]);
  });

  it('keeps a turn from the moment it is asked and once its answer is done, before the stream closes', async () => {
    mode = 'held-open';
    const saved = new Map<string, string>();
    const storage: ChatStorage = {
      getItem: (key) => saved.get(key) ?? null,
      setItem: (key, value) => void saved.set(key, value),
      removeItem: (key) => void saved.delete(key),
    };
    const store = new ChatStore('/docs', fetchAt, storage);
    const sent = store.send('How do pets work?');
    // Leaving now (a cited link mid-answer) keeps the question, read back as stopped.
    expect(new ChatStore('/docs', fetchAt, storage).getState().turns).toEqual([
      { id: 1, question: 'How do pets work?', answer: '', sources: [], state: 'stopped' },
    ]);
    // The first delta arrived: leaving the page (pagehide calls keep) keeps the answer so far.
    await new Promise<void>((resolve) => {
      const stop = store.subscribe(() => {
        if (store.getState().turns[0]?.answer) {
          stop();
          resolve();
        }
      });
    });
    store.keep();
    expect(new ChatStore('/docs', fetchAt, storage).getState().turns[0]).toMatchObject({
      answer: 'Hello ',
      state: 'stopped',
    });
    // The done event arrived; the stream is still open, and the finished turn is already kept.
    await new Promise<void>((resolve) => {
      const stop = store.subscribe(() => {
        if (store.getState().turns[0]?.state === 'done') {
          stop();
          resolve();
        }
      });
    });
    expect(store.getState().busy).toBe(true);
    expect(new ChatStore('/docs', fetchAt, storage).getState().turns).toEqual([
      expect.objectContaining({
        question: 'How do pets work?',
        answer: 'Hello **world**',
        state: 'done',
        questionId: 'q-1',
      }),
    ]);
    closeHeldStream();
    await sent;
    expect(store.getState().busy).toBe(false);
    mode = 'answer';
  });
});
