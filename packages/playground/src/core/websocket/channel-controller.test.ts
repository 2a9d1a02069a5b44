/**
 * The channel controller against a real `ws` server standing in for the proxy: the target URL
 * and handshake headers come from environment, path, query, headers and auth; each client
 * message type is sent from its form; switching the channel closes the socket and resets the form.
 */
import type { AddressInfo } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { fixtureDefinition } from '../../testing/fixture-definition.js';
import { ChannelController, identifyServerMessage, wsProxyUrl } from './channel-controller.js';

let wss: WebSocketServer;
let proxyBase: string;
const frames: string[] = [];

beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  proxyBase = `http://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  wss.on('connection', (socket) => socket.on('message', (data) => frames.push(data.toString())));
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      for (const client of wss.clients) client.terminate();
      wss.close(() => resolve());
    }),
);

function twoChannels() {
  const definition = fixtureDefinition('https://api.example.com', 'wss://ws.example.com/v1');
  const chat = definition.websockets.chat;
  if (!chat) throw new Error('chat');
  definition.websockets.news = {
    ...chat,
    id: 'news',
    title: 'News',
    path: [{ type: 'literal', value: '/news' }],
    pathParameters: [],
    examples: [],
  };
  definition.auths.wsKey = { type: 'header', id: 'wsKey', headerWireValue: 'X-WS-Key' };
  chat.auth = ['wsKey'];
  return definition;
}

describe('ChannelController', () => {
  it('maps the proxy origin to ws(s)://host/proxy/ws', () => {
    expect(wsProxyUrl('https://docs.example.com', 'x')).toBe('wss://docs.example.com/proxy/ws');
    expect(wsProxyUrl('', 'http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000/proxy/ws');
  });

  it('builds the target URL and handshake headers from the form and auth, and sends each message type', async () => {
    const c = new ChannelController({
      definition: twoChannels(),
      channelId: 'chat',
      proxyBaseUrl: proxyBase,
    });
    c.setParameter('queryParameters', 'lang', 'en');
    c.setParameter('headers', 'X-Client', 'e2e');
    c.auth.setHeaderValue('wsKey', 'k-1');
    expect(c.target()).toEqual({
      url: 'wss://ws.example.com/v1/chat/lobby?lang=en',
      headers: { 'X-WS-Key': 'k-1', 'X-Client': 'e2e' },
    });
    expect(await c.send('say')).toBe(true);
    c.setMessage('ping', { n: 1 });
    expect(await c.send('ping')).toBe(true);
    await waitFor(() => frames.length >= 3);
    expect(JSON.parse(frames.at(-3) ?? '{}')).toEqual({
      type: 'handshake',
      url: 'wss://ws.example.com/v1/chat/lobby?lang=en',
      headers: { 'X-WS-Key': 'k-1', 'X-Client': 'e2e' },
    });
    expect(JSON.parse(frames.at(-2) ?? '{}')).toEqual({ text: 'hello' });
    expect(JSON.parse(frames.at(-1) ?? '{}')).toEqual({ n: 1 });
    expect(c.session.getState().messages.map((m) => m.displayName)).toEqual(['Say', 'Ping']);
    c.session.disconnect();
  });

  it('closes the socket and resets the form when the channel changes', async () => {
    const c = new ChannelController({
      definition: twoChannels(),
      channelId: 'chat',
      proxyBaseUrl: proxyBase,
    });
    c.setMessage('say', { text: 'changed' });
    await c.toggle();
    expect(c.session.getState().connection).toBe('opened');
    await c.send('say');
    c.selectChannel('news');
    expect(c.session.getState()).toMatchObject({ connection: 'closed', messages: [], counter: 0 });
    expect(c.channel.id).toBe('news');
    expect(c.form.getState().pathParameters).toEqual({});
    expect(c.form.getState().messages.say).not.toEqual({ text: 'changed' });
    expect(c.target().url).toBe('wss://ws.example.com/v1/news');
  });

  it('names server messages by their type field, the only server message, or "message"', () => {
    const messages = [{ type: 'said', displayName: 'Said' }, { type: 'joined' }];
    expect(identifyServerMessage(messages, { type: 'joined' })).toEqual({
      type: 'joined',
      displayName: undefined,
    });
    expect(identifyServerMessage(messages, { event: 'said' })).toEqual({ type: 'said', displayName: 'Said' });
    expect(identifyServerMessage(messages, 'text')).toEqual({ type: 'message' });
    expect(identifyServerMessage([{ type: 'only' }], { x: 1 })).toEqual({
      type: 'only',
      displayName: undefined,
    });
  });
});
