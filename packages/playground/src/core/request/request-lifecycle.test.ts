/**
 * Request lifecycle against a real HTTP server: not started → loading → loaded | failed, stream
 * events visible before the stream ends, audio collected as a file, file names, failures, the
 * superseded request, reset, and analytics events free of URLs and secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from '../../testing/http-fixture-server.js';
import type { PlaygroundAnalyticsEvent } from '../shared/analytics.js';
import { RequestLifecycle, type RequestState } from './request-lifecycle.js';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

function recordStates(lifecycle: RequestLifecycle): RequestState[] {
  const states: RequestState[] = [];
  lifecycle.subscribe(() => states.push(lifecycle.getState()));
  return states;
}

const quiet = { log: () => {} };

describe('RequestLifecycle', () => {
  it('goes not started → loading → loaded with a JSON body, status, time and size', async () => {
    const events: PlaygroundAnalyticsEvent[] = [];
    const lifecycle = new RequestLifecycle({ analytics: (e) => events.push(e), ...quiet });
    expect(lifecycle.getState().status).toBe('not-started');
    const states = recordStates(lifecycle);
    await lifecycle.send({
      url: `${server.url}/json?secret=abc`,
      init: { method: 'POST', body: '{"a":1}', headers: { Authorization: 'Bearer hush' } },
      endpointId: 'e1',
      method: 'POST',
    });
    expect(states[0]?.status).toBe('loading');
    const final = lifecycle.getState();
    expect(final.status).toBe('loaded');
    if (final.status !== 'loaded' || final.response.type !== 'json') throw new Error('expected json');
    expect(final.response.body).toMatchObject({ ok: true, method: 'POST', body: '{"a":1}' });
    expect(final.response.response.status).toBe(200);
    expect(final.response.response.ok).toBe(true);
    expect(final.response.size).toBeGreaterThan(10);
    expect(final.response.time).toBeGreaterThanOrEqual(0);
    expect(events.map((e) => e.type)).toEqual(['request_sent', 'request_received']);
    const serialized = JSON.stringify(events);
    expect(serialized).not.toContain('secret=abc');
    expect(serialized).not.toContain('hush');
    expect(events[1]).toMatchObject({ status: 200, outcome: 'loaded', endpointId: 'e1' });
  });

  it('keeps an error status as a loaded response (the badge shows the error style)', async () => {
    const lifecycle = new RequestLifecycle(quiet);
    await lifecycle.send({ url: `${server.url}/error`, init: {}, endpointId: 'e', method: 'GET' });
    const state = lifecycle.getState();
    expect(state.status === 'loaded' && state.response.response.status).toBe(500);
  });

  it('shows SSE events before the stream ends, then marks it done', async () => {
    const lifecycle = new RequestLifecycle(quiet);
    const seenBeforeEnd = new Promise<RequestState>((resolve) => {
      const stop = lifecycle.subscribe(() => {
        const s = lifecycle.getState();
        if (s.status === 'loaded' && s.response.type === 'stream' && s.response.events.length === 2) {
          stop();
          resolve(s);
        }
      });
    });
    const done = lifecycle.send({
      url: `${server.url}/sse`,
      init: {},
      endpointId: 'e',
      method: 'GET',
      expected: { type: 'stream', framing: 'sse', shape: { type: 'unknown' } },
    });
    const early = await seenBeforeEnd;
    if (early.status !== 'loaded' || early.response.type !== 'stream') throw new Error('expected stream');
    expect(early.response.done).toBe(false);
    expect(early.response.events).toEqual([{ data: { n: 1 } }, { data: { n: 2 }, event: 'tick' }]);
    server.releaseStream();
    await done;
    const final = lifecycle.getState();
    if (final.status !== 'loaded' || final.response.type !== 'stream') throw new Error('expected stream');
    expect(final.response.done).toBe(true);
    expect(final.response.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, '[DONE]']);
  });

  it('reads NDJSON split across chunks', async () => {
    const lifecycle = new RequestLifecycle(quiet);
    server.releaseStream();
    await lifecycle.send({ url: `${server.url}/ndjson`, init: {}, endpointId: 'e', method: 'GET' });
    const final = lifecycle.getState();
    if (final.status !== 'loaded' || final.response.type !== 'stream') throw new Error('expected stream');
    expect(final.response.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('collects an audio stream as one file named with a random id and the subtype', async () => {
    const lifecycle = new RequestLifecycle({ ...quiet, randomId: () => 'rid' });
    await lifecycle.send({ url: `${server.url}/audio`, init: {}, endpointId: 'e', method: 'GET' });
    const final = lifecycle.getState();
    if (final.status !== 'loaded' || final.response.type !== 'file') throw new Error('expected file');
    expect(final.response.fileName).toBe('rid.mpeg');
    expect(final.response.blob.size).toBe(8);
    expect(final.response.size).toBe(8);
  });

  it('names a file from Content-Disposition', async () => {
    const lifecycle = new RequestLifecycle(quiet);
    await lifecycle.send({ url: `${server.url}/pdf`, init: {}, endpointId: 'e', method: 'GET' });
    const final = lifecycle.getState();
    if (final.status !== 'loaded' || final.response.type !== 'file') throw new Error('expected file');
    expect(final.response.fileName).toBe('report.pdf');
  });

  it('fails when the proxy cannot be reached, logging the error and reporting a failed event', async () => {
    const logged: unknown[] = [];
    const events: PlaygroundAnalyticsEvent[] = [];
    const lifecycle = new RequestLifecycle({
      log: (_m, e) => logged.push(e),
      analytics: (e) => events.push(e),
    });
    await lifecycle.send({ url: 'http://127.0.0.1:1/unreachable', init: {}, endpointId: 'e', method: 'GET' });
    const state = lifecycle.getState();
    expect(state.status).toBe('failed');
    expect(state.status === 'failed' && state.error.length > 0).toBe(true);
    expect(logged).toHaveLength(1);
    expect(events[1]).toMatchObject({ type: 'request_received', outcome: 'failed', status: null });
  });

  it('lets a newer send supersede the one in flight, and reset return to not started', async () => {
    const lifecycle = new RequestLifecycle(quiet);
    const first = lifecycle.send({ url: `${server.url}/sse`, init: {}, endpointId: 'e', method: 'GET' });
    await lifecycle.send({ url: `${server.url}/json`, init: {}, endpointId: 'e', method: 'GET' });
    await first;
    const state = lifecycle.getState();
    expect(state.status === 'loaded' && state.response.type).toBe('json');
    lifecycle.reset();
    expect(lifecycle.getState()).toEqual({ status: 'not-started' });
  });

  it('raises when a response that should have a body has none', async () => {
    const lifecycle = new RequestLifecycle({
      ...quiet,
      fetch: async () => new Response(null, { status: 200 }),
    });
    await lifecycle.send({ url: 'x', init: {}, endpointId: 'e', method: 'GET' });
    const state = lifecycle.getState();
    expect(state.status === 'failed' && state.error).toContain('no body');
  });
});
