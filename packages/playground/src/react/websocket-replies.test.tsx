// @vitest-environment happy-dom
/**
 * The WebSocket playground on AsyncAPI 2 and 3 documents of its own: channel path and query
 * parameters start from the spec's example or default, an enum parameter is a select, and
 * AsyncAPI 3 replies show in the compose list (which reply to expect) and label the received
 * messages that answer a client message.
 */
import type { AddressInfo } from 'node:net';
import { type ApiDefinition, importDefinition } from '@sextant/definition';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { channelFormState } from '../core/websocket/channel-controller.js';
import { expectedReplies, repliesTo } from '../core/websocket/channel-replies.js';
import { WebSocketPlayground } from './websocket-playground.js';

afterEach(cleanup);

const payload = { type: 'object', properties: { id: { type: 'string' } } };

const v3 = {
  asyncapi: '3.0.0',
  info: { title: 'Rooms', version: '1' },
  servers: { main: { host: 'rooms.example.com', protocol: 'wss' } },
  channels: {
    room: {
      address: '/rooms/{room}/{shard}',
      parameters: {
        room: { enum: ['lobby', 'games'], default: 'games', description: 'The room' },
        shard: { examples: ['eu-1'] },
      },
      messages: {
        join: { name: 'join', title: 'Join', payload },
        joined: { name: 'joined', title: 'Joined', payload },
        ping: { name: 'ping', payload },
      },
    },
    elsewhere: { address: '/acks', messages: { ack: { name: 'ack', payload } } },
  },
  operations: {
    joinRoom: {
      action: 'receive',
      channel: { $ref: '#/channels/room' },
      messages: [{ $ref: '#/channels/room/messages/join' }],
      reply: { messages: [{ $ref: '#/channels/room/messages/joined' }] },
    },
    pingRoom: {
      action: 'receive',
      channel: { $ref: '#/channels/room' },
      messages: [{ $ref: '#/channels/room/messages/ping' }],
      reply: {
        channel: { $ref: '#/channels/elsewhere' },
        messages: [{ $ref: '#/channels/elsewhere/messages/ack' }],
      },
    },
  },
};

const v2 = {
  asyncapi: '2.6.0',
  info: { title: 'Feed', version: '1' },
  servers: { main: { url: 'feed.example.com', protocol: 'wss' } },
  channels: {
    'feed/{topic}': {
      parameters: {
        topic: { schema: { type: 'string', enum: ['news', 'sport'], default: 'sport' } },
      },
      bindings: {
        ws: { query: { type: 'object', properties: { lang: { type: 'string', example: 'fr' } } } },
      },
      publish: { message: { name: 'subscribe', payload } },
      subscribe: { message: { name: 'item', payload } },
    },
  },
};

function channelOf(root: unknown, title: string) {
  const text = JSON.stringify(root);
  const { definition } = importDefinition({ entry: 'async.json', read: () => text });
  const channel = Object.values(definition.websockets).find((c) => c.title === title);
  if (!channel)
    throw new Error(`no channel ${title}: ${Object.values(definition.websockets).map((c) => c.title)}`);
  return { definition, channel };
}

/** The playground on a channel; the default proxy address is never connected to. */
function mount(definition: ApiDefinition, channelId: string, proxyBaseUrl = 'http://127.0.0.1:9') {
  render(
    <WebSocketPlayground
      definition={definition}
      channelId={channelId}
      mode="local"
      proxyBaseUrl={proxyBaseUrl}
    />,
  );
}

describe('WebSocket channel parameters', () => {
  it('start from the spec default or example (AsyncAPI 3), and an enum one is a select', () => {
    const { definition, channel } = channelOf(v3, '/rooms/{room}/{shard}');
    expect(channelFormState(channel, definition.types).pathParameters).toEqual({
      room: 'games',
      shard: 'eu-1',
    });
    mount(definition, channel.id);
    const room = screen.getByLabelText('room') as HTMLSelectElement;
    expect(room.tagName).toBe('SELECT');
    expect([...room.options].map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['lobby', 'games']),
    );
  });

  it('start from the schema default and example (AsyncAPI 2 path parameter and ws query binding)', () => {
    const { definition, channel } = channelOf(v2, 'feed/{topic}');
    const state = channelFormState(channel, definition.types);
    expect(state.pathParameters).toEqual({ topic: 'sport' });
    expect(state.queryParameters).toEqual({ lang: 'fr' });
    mount(definition, channel.id);
    expect((screen.getByLabelText('topic') as HTMLElement).tagName).toBe('SELECT');
  });
});

describe('AsyncAPI 3 replies in the WebSocket playground', () => {
  it('name the reply to expect for each client message, and what a received message answers', () => {
    const { definition, channel } = channelOf(v3, '/rooms/{room}/{shard}');
    expect(expectedReplies(channel, 'join')).toEqual([{ messages: ['Joined'] }]);
    expect(expectedReplies(channel, 'ping')).toEqual([{ messages: ['ack'], channel: '/acks' }]);
    expect(repliesTo(channel, 'joined')).toEqual(['Join']);
    // A reply on another channel never arrives on this socket.
    expect(repliesTo(channel, 'ack')).toEqual([]);
    expect(repliesTo(channel, 'join')).toEqual([]);
    mount(definition, channel.id);
    const texts = [...document.querySelectorAll('.sx-ws-expected-reply')].map((p) => p.textContent);
    expect(texts).toEqual(['Reply: Joined', 'Reply: ack (on /acks)']);
  });

  it('a channel without replies shows none', () => {
    const { definition, channel } = channelOf(v2, 'feed/{topic}');
    expect(expectedReplies(channel, 'subscribe')).toEqual([]);
    mount(definition, channel.id);
    expect(document.querySelectorAll('.sx-ws-expected-reply')).toHaveLength(0);
  });

  it('label a received message that answers a client message (over a real socket)', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    // Stands in for the proxy: after the handshake frame, the API answers a join and pings.
    wss.on('connection', (socket) =>
      socket.once('message', () => {
        socket.send(JSON.stringify({ type: 'joined', id: 'r1' }));
        socket.send(JSON.stringify({ type: 'ping', id: 'p1' }));
      }),
    );
    try {
      const { definition, channel } = channelOf(v3, '/rooms/{room}/{shard}');
      const port = (wss.address() as AddressInfo).port;
      mount(definition, channel.id, `http://127.0.0.1:${port}`);
      fireEvent.click(screen.getByTestId('ws-connect'));
      await waitFor(
        () => expect(document.querySelectorAll('[data-testid="ws-message"]').length).toBeGreaterThan(0),
        {
          timeout: 10_000,
        },
      );
      const rows = [...document.querySelectorAll('[data-testid="ws-message"]')];
      const joined = rows.find((row) => row.getAttribute('data-type') === 'joined');
      expect(joined?.querySelector('[data-testid="ws-reply-to"]')?.textContent).toBe('reply to Join');
    } finally {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    }
  });
});
