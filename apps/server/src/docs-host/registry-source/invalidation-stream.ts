/**
 * Subscribes to the registry's `GET /docs-cache/events` (Server-Sent Events) and calls back with
 * each invalidation. Reconnects after a drop (0.25 s, doubling to 5 s); `onConnected` runs on
 * each (re)connection, when the subscriber should forget what it cached, since events may have
 * been missed while it was away; `onDisconnected` when a stream ends.
 */
import type { InvalidatedSites } from './site-source.js';

export interface InvalidationStreamOptions {
  /** Base URL of the registry. */
  registryUrl: string;
  onInvalidated(urls: InvalidatedSites): void;
  onConnected(): void;
  onDisconnected(reason: string): void;
  fetch?: typeof fetch;
}

/** Parses one SSE block into its invalidation, or undefined (comments, other events, bad data). */
export function parseInvalidationEvent(block: string): InvalidatedSites | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (event !== 'invalidate' || data.length === 0) return undefined;
  try {
    const parsed = JSON.parse(data.join('\n')) as { urls?: unknown };
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
    if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let connected = false;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the registry closed the event stream');
      buffer += value.replace(/\r\n/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (!connected) {
          connected = true;
          delay = 250;
          options.onConnected();
        }
        const urls = parseInvalidationEvent(block);
        if (urls) options.onInvalidated(urls);
      }
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
