/**
 * The docs host's subscription to the registry's event stream, against a real SSE server on
 * loopback: events in any chunking arrive as invalidations, hostile frames mean "everything",
 * and a dropped stream reconnects with onConnected again (the subscriber forgets its cache).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import { createParser } from 'eventsource-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidationFrame } from '../../registry/docs-cache-events.js';
import { parseInvalidationEvent, subscribeToInvalidations } from './invalidation-stream.js';
import type { InvalidatedSites } from './site-source.js';

/** The invalidations of a piece of stream, framed by eventsource-parser as the subscriber frames it. */
function invalidationsOf(stream: string): InvalidatedSites[] {
  const found: InvalidatedSites[] = [];
  const parser = createParser({
    onEvent: (message) => {
      const urls = parseInvalidationEvent(message);
      if (urls) found.push(urls);
    },
  });
  parser.feed(stream);
  return found;
}

describe('parseInvalidationEvent', () => {
  it('reads the registry frames and refuses to guess at anything else', () => {
    expect(invalidationsOf(invalidationFrame(['a.test/docs']))).toEqual([['a.test/docs']]);
    expect(invalidationsOf(invalidationFrame('all'))).toEqual(['all']);
    expect(invalidationsOf(': keep-alive\n\nevent: other\ndata: {}\n\nevent: invalidate\n\n')).toEqual([]);
    // A frame it cannot read says something changed: everything is dropped.
    expect(invalidationsOf('event: invalidate\ndata: {not json\n\n')).toEqual(['all']);
    expect(invalidationsOf('event: invalidate\ndata: {"urls":[1,{}]}\r\n\r\n')).toEqual(['all']);
    expect(invalidationsOf('event: invalidate\ndata: {"urls":"some"}\r\r\n')).toEqual(['all']);
    expect(invalidationsOf('event: invalidate\ndata: {"urls":\ndata: ["x"]}\n\n')).toEqual([['x']]);
  });
});

describe('subscribeToInvalidations', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('hears events split across chunks, and reconnects after the stream drops', async () => {
    const streams: ServerResponse[] = [];
    const server = createServer((request, response) => {
      expect(request.url).toBe('/docs-cache/events');
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(': connected\n\n');
      streams.push(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const heard: InvalidatedSites[] = [];
    let connections = 0;
    let drops = 0;
    stops.push(
      subscribeToInvalidations({
        registryUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        onInvalidated: (urls) => heard.push(urls),
        onConnected: () => connections++,
        onDisconnected: () => drops++,
      }),
    );
    try {
      await waitFor(() => connections === 1);
      const frame = invalidationFrame(['a.test']);
      streams[0]?.write(frame.slice(0, 7));
      streams[0]?.write(`${frame.slice(7)}${invalidationFrame('all')}`);
      await waitFor(() => heard.length === 2);
      expect(heard).toEqual([['a.test'], 'all']);
      streams[0]?.end();
      await waitFor(() => connections === 2);
      expect(drops).toBe(1);
      streams[1]?.write(invalidationFrame(['b.test']));
      await waitFor(() => heard.length === 3);
      expect(heard[2]).toEqual(['b.test']);
    } finally {
      for (const stream of streams) stream.end();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
