/**
 * WebSocket session against a real `ws` server standing in for the proxy: states, the
 * handshake as first message, JSON and text and binary frames, send-while-closed, normal and
 * abnormal closes, the counter reset, the message limit and the proxy's limit close, Clear, and
 * the channel-switch reset. Node's global WebSocket is the client, as a browser's would be.
 */
import type { AddressInfo } from 'node:net';
import { waitFor } from '@sextant/definition/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as WsSocket } from 'ws';
import { type ConnectionState, WebSocketSession } from './websocket-session.js';
import { END_OF_SAMPLE_SESSION, WS_LIMIT_CLOSE_REASON } from './ws-limit-reason.js';

let wss: WebSocketServer;
let proxyUrl: string;
const handshakes: unknown[] = [];
const received: string[] = [];

beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  proxyUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/proxy/ws`;
  wss.on('connection', (socket: WsSocket) => {
    let first = true;
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      if (first) {
        first = false;
        handshakes.push(JSON.parse(text));
        return;
      }
      received.push(text);
      const message = JSON.parse(text) as { cmd?: string; code?: number; reason?: string };
      if (message.cmd === 'echo') socket.send(JSON.stringify({ type: 'said', echo: message }));
      else if (message.cmd === 'text') socket.send('plain words');
      else if (message.cmd === 'binary') socket.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]));
      else if (message.cmd === 'close') socket.close(message.code, message.reason);
    });
  });
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      for (const client of wss.clients) client.terminate();
      wss.close(() => resolve());
    }),
);

const target = { url: 'ws://upstream.example/chat?room=1', headers: { 'X-Client': 'test' } };

function until(session: WebSocketSession, predicate: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (predicate()) return resolve();
    const timer = setTimeout(
      () => reject(new Error(`timed out; state ${JSON.stringify(session.getState())}`)),
      5000,
    );
    const stop = session.subscribe(() => {
      if (predicate()) {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  });
}

describe('WebSocketSession', () => {
  it('goes closed → opening → opened, sends the handshake first, and disconnects silently', async () => {
    const session = new WebSocketSession({ proxyUrl });
    const states: ConnectionState[] = [];
    session.subscribe(() => {
      const c = session.getState().connection;
      if (states.at(-1) !== c) states.push(c);
    });
    expect(session.getState().connection).toBe('closed');
    const before = handshakes.length;
    await session.toggle(target);
    await waitFor(() => handshakes.length > before);
    expect(handshakes.at(-1)).toEqual({
      type: 'handshake',
      url: target.url,
      headers: { 'X-Client': 'test' },
    });
    await session.toggle(target);
    expect(states).toEqual(['opening', 'opened', 'closed']);
    expect(session.getState().error).toBeUndefined();
  });

  it('sends JSON, shows server JSON, text and binary frames, and counts messages', async () => {
    const session = new WebSocketSession({
      proxyUrl,
      identify: (data) =>
        data && typeof data === 'object' && (data as { type?: string }).type === 'said'
          ? { type: 'said', displayName: 'Said' }
          : { type: 'message' },
    });
    await session.connect(target);
    await session.send({ type: 'say', displayName: 'Say', data: { cmd: 'echo', n: 1 } }, target);
    await session.send({ type: 'say', data: { cmd: 'text' } }, target);
    await session.send({ type: 'say', data: { cmd: 'binary' } }, target);
    await until(session, () => session.getState().messages.length === 6);
    const messages = session.getState().messages;
    expect(received.at(-3)).toBe('{"cmd":"echo","n":1}');
    expect(messages[0]).toMatchObject({
      origin: 'client',
      type: 'say',
      displayName: 'Say',
      data: { cmd: 'echo', n: 1 },
    });
    const server = messages.filter((m) => m.origin === 'server');
    expect(server.map((m) => m.type)).toEqual(['said', 'message', 'binary']);
    expect(server[0]?.data).toEqual({ type: 'said', echo: { cmd: 'echo', n: 1 } });
    expect(server[1]?.data).toBe('plain words');
    expect(server[2]?.binary).toEqual({ size: 4, hex: 'de ad be ef', base64: '3q2+7w==' });
    expect(session.getState().counter).toBe(6);
    session.disconnect();
    expect(session.getState().counter).toBe(0);
    expect(session.getState().messages).toHaveLength(6);
  });

  it('opens the connection first when sending while closed', async () => {
    const session = new WebSocketSession({ proxyUrl });
    const before = handshakes.length;
    const sent = await session.send({ type: 'say', data: { cmd: 'noop', id: 'while-closed' } }, target);
    expect(sent).toBe(true);
    await waitFor(() => received.at(-1) === '{"cmd":"noop","id":"while-closed"}');
    expect(handshakes.length).toBe(before + 1);
    expect(received.at(-1)).toBe('{"cmd":"noop","id":"while-closed"}');
    expect(session.getState().connection).toBe('opened');
    session.disconnect();
  });

  it('records an abnormal close reason as the error, resets the counter, and stays silent on 1000', async () => {
    const session = new WebSocketSession({ proxyUrl });
    await session.send(
      { type: 'x', data: { cmd: 'close', code: 4001, reason: 'upstream went away' } },
      target,
    );
    await until(session, () => session.getState().connection === 'closed');
    expect(session.getState().error).toBe('The connection closed with code 4001: upstream went away');
    expect(session.getState().counter).toBe(0);
    session.dismissError();
    await session.send({ type: 'x', data: { cmd: 'close', code: 1000, reason: 'bye' } }, target);
    await until(session, () => session.getState().connection === 'closed');
    expect(session.getState().error).toBeUndefined();
  });

  it('closes at the message limit and appends END OF SAMPLE SESSION once', async () => {
    const session = new WebSocketSession({ proxyUrl, messageLimit: 3 });
    await session.send({ type: 'say', data: { cmd: 'echo' } }, target);
    await session.send({ type: 'say', data: { cmd: 'noop' } }, target);
    await until(session, () => session.getState().connection === 'closed');
    const messages = session.getState().messages;
    expect(messages.filter((m) => m.origin === 'endSample')).toHaveLength(1);
    expect(messages.at(-1)).toMatchObject({ origin: 'endSample', type: END_OF_SAMPLE_SESSION });
    expect(messages.filter((m) => m.origin !== 'endSample')).toHaveLength(3);
    expect(session.getState().error).toBeUndefined();
    expect(session.getState().counter).toBe(0);
    expect(session.getState().ended).toBe(true);
    // The next Send does not open a new session on its own: refused until the reader reconnects.
    expect(await session.send({ type: 'say', data: { cmd: 'echo' } }, target)).toBe(false);
    expect(session.getState()).toMatchObject({ connection: 'closed', ended: true, refusedAfterEnd: true });
    await session.toggle(target);
    expect(session.getState()).toMatchObject({ connection: 'opened', ended: false, refusedAfterEnd: false });
    expect(await session.send({ type: 'say', data: { cmd: 'noop' } }, target)).toBe(true);
    session.disconnect();
  });

  it('treats a proxy close with the limit reason as the end of the sample session, not an error', async () => {
    const session = new WebSocketSession({ proxyUrl });
    await session.send(
      { type: 'x', data: { cmd: 'close', code: 4008, reason: WS_LIMIT_CLOSE_REASON } },
      target,
    );
    await until(session, () => session.getState().connection === 'closed');
    expect(session.getState().error).toBeUndefined();
    expect(session.getState().messages.at(-1)?.origin).toBe('endSample');
  });

  it('fails to connect to a dead proxy with an error and a rejected connect', async () => {
    const session = new WebSocketSession({ proxyUrl: 'ws://127.0.0.1:1/proxy/ws' });
    await expect(session.connect(target)).rejects.toThrow();
    expect(session.getState().connection).toBe('closed');
    expect(session.getState().error).toMatch(/code 1006|closed/);
    expect(await session.send({ type: 'x', data: {} }, target)).toBe(false);
  });

  it('clears the panel, and reset (channel switch) closes the socket and empties everything', async () => {
    const session = new WebSocketSession({ proxyUrl });
    await session.send({ type: 'say', data: { cmd: 'echo' } }, target);
    await until(session, () => session.getState().messages.length === 2);
    session.clear();
    expect(session.getState().messages).toEqual([]);
    expect(session.getState().connection).toBe('opened');
    await session.send({ type: 'say', data: { cmd: 'noop' } }, target);
    session.reset();
    expect(session.getState()).toEqual({
      connection: 'closed',
      messages: [],
      error: undefined,
      counter: 0,
      ended: false,
      refusedAfterEnd: false,
    });
  });
});
