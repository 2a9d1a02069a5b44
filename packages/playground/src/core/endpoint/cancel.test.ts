/**
 * Cancel (issue #28 item 2): a request in flight or a stream that never ends is stopped, shows
 * as cancelled (not failed) with what had arrived, the elapsed time counts up meanwhile, and
 * history keeps the cancelled request.
 */
import { describe, expect, it } from 'vitest';
import { fixtureDefinition } from '../../testing/fixture-definition.js';
import { isInFlight, RequestLifecycle } from '../request/request-lifecycle.js';
import { formatElapsed } from '../view/json-tokens.js';
import { EndpointController } from './endpoint-controller.js';
import { historyStatusText } from './request-history.js';

/** A fetch whose answer never comes; it rejects when aborted, as fetch does. */
function hangingFetch(signals: AbortSignal[]): typeof fetch {
  return (_url, init) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal;
      if (signal) {
        signals.push(signal);
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }
    });
}

/** A fetch answering with an SSE stream that sends one event and never ends. */
function endlessStream(cancelled: { value: boolean }): typeof fetch {
  return async (_url, init) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"tick":1}\n\n'));
        init?.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('aborted', 'AbortError')),
        );
      },
      cancel() {
        cancelled.value = true;
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

const input = { url: 'http://proxy.test/x', init: {}, endpointId: 'events', method: 'GET' };

describe('RequestLifecycle.cancel', () => {
  it('stops a request still loading: cancelled, not failed; the elapsed time counted up until then', async () => {
    const signals: AbortSignal[] = [];
    let now = 1000;
    const lifecycle = new RequestLifecycle({ fetch: hangingFetch(signals), now: () => now, log: () => {} });
    const sent = lifecycle.send(input);
    expect(isInFlight(lifecycle.getState())).toBe(true);
    now = 1450;
    expect(lifecycle.elapsed()).toBe(450);
    now = 2600;
    expect(lifecycle.cancel()).toBe(true);
    await sent;
    expect(signals[0]?.aborted).toBe(true);
    expect(lifecycle.getState()).toEqual({ status: 'cancelled', elapsed: 1600 });
    expect(lifecycle.elapsed()).toBeUndefined();
    expect(lifecycle.cancel()).toBe(false);
  });

  it('stops a stream that never ends, keeping the events that arrived', async () => {
    const cancelled = { value: false };
    const lifecycle = new RequestLifecycle({ fetch: endlessStream(cancelled), log: () => {} });
    const sent = lifecycle.send({
      ...input,
      expected: { type: 'stream', framing: 'sse', shape: { type: 'unknown' } },
    });
    await expect
      .poll(() => {
        const state = lifecycle.getState();
        return state.status === 'loaded' && state.response.type === 'stream'
          ? state.response.events.length
          : 0;
      })
      .toBe(1);
    expect(isInFlight(lifecycle.getState())).toBe(true);
    expect(lifecycle.cancel()).toBe(true);
    await sent;
    const state = lifecycle.getState();
    expect(state.status).toBe('cancelled');
    expect(
      state.status === 'cancelled' && state.response?.type === 'stream' && state.response.events,
    ).toEqual([{ data: { tick: 1 } }]);
  });

  it('has nothing to cancel once the answer is in', async () => {
    const lifecycle = new RequestLifecycle({
      fetch: async () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
    });
    await lifecycle.send(input);
    expect(isInFlight(lifecycle.getState())).toBe(false);
    expect(lifecycle.cancel()).toBe(false);
    expect(lifecycle.getState().status).toBe('loaded');
  });
});

describe('the endpoint controller', () => {
  it('records a cancelled request in history as Cancelled', async () => {
    const signals: AbortSignal[] = [];
    const controller = new EndpointController({
      definition: fixtureDefinition('https://upstream.example'),
      endpointId: 'getPet',
      mode: 'local',
      proxyBaseUrl: 'http://proxy.test',
      fetch: hangingFetch(signals),
    });
    const sent = controller.requestSend();
    expect(controller.cancel()).toBe(true);
    expect(await sent).toBe('sent');
    expect(controller.request.getState().status).toBe('cancelled');
    const [entry] = controller.history.getState();
    expect(entry?.status).toBe('cancelled');
    expect(historyStatusText(entry?.status ?? null)).toBe('Cancelled');
    expect(historyStatusText(null)).toBe('Failed');
    expect(historyStatusText(204)).toBe('204');
  });

  it('formats the counter beside Cancel', () => {
    expect(formatElapsed(640.4)).toBe('640 ms');
    expect(formatElapsed(1234)).toBe('1.2 s');
  });
});
