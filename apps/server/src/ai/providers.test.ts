/**
 * The real SDKs against protocol-faithful provider servers on loopback: streamed text in order,
 * the request the SDK sends (key header, model id, system prompt, max tokens), retries on 429/529,
 * documented errors becoming AiProviderError, timeouts, and no key meaning no provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiProviderError } from './errors.js';
import { type AiProvider, createProvider, hasProviderKey } from './providers.js';
import { type FakeAnthropic, startFakeAnthropic } from './testing/fake-anthropic.js';
import { type FakeCohere, startFakeCohere } from './testing/fake-cohere.js';

let anthropic: FakeAnthropic;
let cohere: FakeCohere;
beforeAll(async () => {
  [anthropic, cohere] = await Promise.all([startFakeAnthropic(), startFakeCohere()]);
});
afterAll(() => Promise.all([anthropic.close(), cohere.close()]));

const request = {
  system: 'Answer from the docs.',
  messages: [{ role: 'user' as const, content: 'How?' }],
  maxTokens: 300,
};

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const text of stream) out.push(text);
  return out;
}

function must(...args: Parameters<typeof createProvider>): AiProvider {
  const provider = createProvider(...args);
  if (!provider) throw new Error('expected a provider');
  return provider;
}

const anthropicEnv = () => ({ ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: anthropic.url });
const cohereEnv = () => ({ CO_API_KEY: 'co-test', CO_API_URL: cohere.url });

describe('providers', () => {
  it('no key, no provider', () => {
    expect(createProvider('claude-4', { env: {} })).toBeUndefined();
    expect(createProvider('command-a', { env: { ANTHROPIC_API_KEY: 'x' } })).toBeUndefined();
    expect(hasProviderKey('command-a', { CO_API_KEY: 'x' })).toBe(true);
  });

  it('claude: the SDK streams text deltas in order and sends the key, model, system and limit', async () => {
    anthropic.queue.push({ type: 'answer', chunks: ['Use ', 'a bearer ', 'token.'] });
    const before = anthropic.requests.length;
    const provider = must('claude-4', { env: anthropicEnv() });
    expect(await collect(provider.stream(request))).toEqual(['Use ', 'a bearer ', 'token.']);
    const sent = anthropic.requests[before];
    expect(sent?.headers['x-api-key'] ?? sent?.headers.authorization).toMatch(/^(Bearer )?sk-test$/);
    expect(sent?.headers['anthropic-version']).toBeTruthy();
    expect(sent?.body).toMatchObject({
      model: 'claude-sonnet-4-6',
      system: 'Answer from the docs.',
      max_tokens: 300,
      stream: true,
      messages: [{ role: 'user', content: 'How?' }],
    });
  });

  it('claude: retries a 429 and a 529, then answers', async () => {
    anthropic.queue.push(
      { type: 'status', status: 429 },
      { type: 'status', status: 529 },
      { type: 'answer', chunks: ['ok'] },
    );
    const before = anthropic.requests.length;
    const provider = must('claude-3.7', { env: anthropicEnv(), maxRetries: 2 });
    expect(await collect(provider.stream(request))).toEqual(['ok']);
    expect(anthropic.requests.length - before).toBe(3);
    expect(anthropic.requests.at(-1)?.body).toMatchObject({ model: 'claude-3-7-sonnet-latest' });
  });

  it('claude: a 429 after the retries, an overload and a bad key are AiProviderErrors with a next step', async () => {
    const provider = must('claude-4', { env: anthropicEnv(), maxRetries: 0 });
    anthropic.queue.push({ type: 'status', status: 429 });
    await expect(collect(provider.stream(request))).rejects.toThrow(/rate limiting/);
    anthropic.queue.push({ type: 'status', status: 529 });
    await expect(collect(provider.stream(request))).rejects.toThrow(/overloaded/);
    anthropic.queue.push({ type: 'status', status: 401 });
    const error = await collect(provider.stream(request)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as Error).message).toMatch(/ANTHROPIC_API_KEY/);
  });

  it('claude: an error event in the middle of the stream ends it with AiProviderError', async () => {
    anthropic.queue.push({ type: 'midStreamError', chunks: ['Partial'] });
    const provider = must('claude-4', { env: anthropicEnv(), maxRetries: 0 });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const text of provider.stream(request)) seen.push(text);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['Partial']);
    expect(error).toBeInstanceOf(AiProviderError);
  });

  it('claude: a provider that never answers times out', async () => {
    anthropic.queue.push({ type: 'stall' });
    const provider = must('claude-4', { env: anthropicEnv(), maxRetries: 0, timeoutMs: 300 });
    await expect(collect(provider.stream(request))).rejects.toThrow(/did not answer in time/);
  });

  it('command-a: the cohere SDK streams content deltas, with the system prompt first', async () => {
    cohere.queue.push({ type: 'answer', chunks: ['Call ', 'GET /plants.'] });
    const before = cohere.requests.length;
    const provider = must('command-a', { env: cohereEnv() });
    expect(await collect(provider.stream(request))).toEqual(['Call ', 'GET /plants.']);
    const sent = cohere.requests[before];
    expect(sent?.headers.authorization).toBe('Bearer co-test');
    expect(sent?.body).toMatchObject({
      model: 'command-a-03-2025',
      stream: true,
      max_tokens: 300,
      messages: [
        { role: 'system', content: 'Answer from the docs.' },
        { role: 'user', content: 'How?' },
      ],
    });
  });

  it('command-a: a 429 after retries and a bad key are AiProviderErrors', async () => {
    const provider = must('command-a', { env: cohereEnv(), maxRetries: 0 });
    cohere.queue.push({ type: 'status', status: 429 });
    await expect(collect(provider.stream(request))).rejects.toThrow(/rate limiting/);
    cohere.queue.push({ type: 'status', status: 401 });
    await expect(collect(provider.stream(request))).rejects.toThrow(/CO_API_KEY/);
  });
});
