/**
 * Subscribes to the registry's `GET /docs-cache/events` (Server-Sent Events) and calls back with
 * each invalidation. Reconnects after a drop (0.25 s, doubling to 5 s); `onConnected` runs on
 * each (re)connection, when the subscriber should forget what it cached, since events may have
 * been missed while it was away; `onDisconnected` when a stream ends.
 */
import { UnexpectedStatusError } from '@sextant/definition/errors';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { EventStreamClosedError } from '../../errors.js';
import type { InvalidatedSites } from './site-source.js';

export interface InvalidationStreamOptions {
  /** Base URL of the registry. */
  registryUrl: string;
  onInvalidated(urls: InvalidatedSites): void;
  onConnected(): void;
  onDisconnected(reason: string): void;
  fetch?: typeof fetch;
}

/** One SSE message as its invalidation, or undefined (other events). */
export function parseInvalidationEvent(
  message: Pick<EventSourceMessage, 'event' | 'data'>,
): InvalidatedSites | undefined {
  if (message.event !== 'invalidate') return undefined;
  try {
    const parsed = JSON.parse(message.data) as { urls?: unknown };
    if (parsed.urls === 'all') return 'all';
    if (Array.isArray(parsed.urls) && parsed.urls.every((url) => typeof url === 'string'))
      return parsed.urls as string[];
  } catch {
    // A frame that is not JSON says something changed: forget everything.
  }
  return 'all';
}

/**
 * Starts the subscription; the returned function stops it.
 * @example const stop = subscribeToInvalidations({ registryUrl, onInvalidated, onConnected, onDisconnected });
 */
export function subscribeToInvalidations(options: InvalidationStreamOptions): () => void {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const url = `${options.registryUrl.replace(/\/+$/, '')}/docs-cache/events`;
  let stopped = false;
  let controller: AbortController | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = 250;

  const run = async (): Promise<void> => {
    controller = new AbortController();
    const response = await fetchFn(url, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (!response.ok || !response.body)
      throw new UnexpectedStatusError(url, response.status, `${url} answered ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let connected = false;
    // The registry opens with a comment (`: connected`); any first frame means the stream is up.
    const heard = () => {
      if (connected) return;
      connected = true;
      delay = 250;
      options.onConnected();
    };
    const parser = createParser({
      onComment: heard,
      onEvent(message) {
        heard();
        const urls = parseInvalidationEvent(message);
        if (urls) options.onInvalidated(urls);
      },
    });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new EventStreamClosedError();
      parser.feed(value);
    }
  };
  const loop = () => {
    if (stopped) return;
    run().catch((error: unknown) => {
      if (stopped) return;
      options.onDisconnected(error instanceof Error ? error.message : String(error));
      timer = setTimeout(loop, delay);
      timer.unref();
      delay = Math.min(5000, delay * 2);
    });
  };
  loop();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
