/**
 * AsyncAPI 3 operation replies: the reply's messages get the other side's origin (no false "no
 * operation uses this message" warning), and the channel lists which messages answer which, on
 * which channel and to which address. Malformed replies are located warnings, not failures.
 */
import { describe, expect, it } from 'vitest';
import { importDefinition } from '../import/import-definition.js';

const message = (name: string) => ({
  name,
  payload: { type: 'object', properties: { id: { type: 'string' } } },
});

function document(operations: Record<string, unknown>) {
  return {
    asyncapi: '3.0.0',
    info: { title: 'Pings', version: '1' },
    servers: { main: { host: 'ping.example.com', protocol: 'wss' } },
    channels: {
      ping: { address: '/ping', messages: { ping: message('ping'), hello: message('hello') } },
      pong: {
        address: '/pong/{room}',
        title: 'Pong room',
        parameters: { room: { enum: ['a', 'b'], default: 'a', examples: ['b'] } },
        messages: { pong: message('pong') },
      },
    },
    operations,
  };
}

function imported(operations: Record<string, unknown>) {
  const text = JSON.stringify(document(operations));
  return importDefinition({ entry: 'pings.json', read: () => text });
}

describe('AsyncAPI 3 replies', () => {
  it('list the answering messages, their sender, channel and address', () => {
    const { definition, warnings } = imported({
      sendPing: {
        action: 'receive',
        channel: { $ref: '#/channels/ping' },
        messages: [{ $ref: '#/channels/ping/messages/ping' }],
        reply: {
          channel: { $ref: '#/channels/pong' },
          messages: [{ $ref: '#/channels/pong/messages/pong' }],
          address: { location: '$message.header#/replyTo', description: 'The header the client names' },
        },
      },
      greet: {
        action: 'send',
        channel: { $ref: '#/channels/ping' },
        messages: [{ $ref: '#/channels/ping/messages/hello' }],
        reply: {},
      },
    });
    const channels = Object.values(definition.websockets);
    const ping = channels.find((c) => c.title === '/ping');
    const pong = channels.find((c) => c.title === 'Pong room');
    expect(ping?.replies).toEqual([
      {
        operation: 'sendPing',
        requests: ['ping'],
        replies: ['pong'],
        origin: 'server',
        channel: 'Pong room',
        address: { location: '$message.header#/replyTo', description: 'The header the client names' },
      },
      // A reply naming no channel or messages: all of the operation's channel's, from the other side.
      { operation: 'greet', requests: ['hello'], replies: ['ping', 'hello'], origin: 'client' },
    ]);
    expect(pong?.messages.map((m) => [m.type, m.origin])).toEqual([['pong', 'server']]);
    expect(warnings.map((w) => w.message).filter((m) => m.includes('no operation'))).toEqual([]);
  });

  it('warn, with the pointer, of a reply that is not an object or names no channel of the document', () => {
    const { definition, warnings } = imported({
      a: { action: 'receive', channel: { $ref: '#/channels/ping' }, reply: 'soon' },
      b: { action: 'receive', channel: { $ref: '#/channels/ping' }, reply: { channel: 'pong' } },
    });
    expect(Object.values(definition.websockets).flatMap((c) => c.replies ?? [])).toEqual([]);
    const located = warnings.map((w) => `${w.pointer}: ${w.message}`);
    expect(located).toContain('/operations/a/reply: operation `reply` must be an object; ignored');
    expect(located).toContain(
      '/operations/b/reply/channel: reply `channel` is not a $ref to a channel under `channels`; reply ignored',
    );
  });
});
