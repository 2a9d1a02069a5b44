/**
 * The demo WebSocket upstream (examples/apis/demo-ws.asyncapi.yaml), channel `/chat`. On
 * connect it sends `welcome` with the handshake headers and query it received; it echoes
 * `say` messages, sends a `tick` on a timer (query `tickMs`, default 2000, 0 = off), answers
 * `binary` with a binary frame of the asked size, and `close` closes with the asked code and
 * reason. Anything else gets an `error` message.
 */
import type { IncomingMessage } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

/** Headers the welcome message reports back (so a test sees what reached the upstream). */
const REPORTED_HEADERS = /^(authorization|x-[\w-]+|user-agent|accept-language)$/i;

/** Creates the demo WebSocket server (no listener of its own; attach with `handleUpgrade`). */
export function createWsDemo(): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://demo.invalid');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (REPORTED_HEADERS.test(name) && typeof value === 'string') headers[name] = value;
    }
    const send = (value: unknown) => socket.send(JSON.stringify(value));
    send({ type: 'welcome', path: url.pathname, query: Object.fromEntries(url.searchParams), headers });
    const tickMs = Number(url.searchParams.get('tickMs') ?? 2000);
    let tick = 0;
    const timer =
      Number.isFinite(tickMs) && tickMs > 0
        ? setInterval(
            () =>
              send({
                type: 'tick',
                n: ++tick,
                price: 100 + Math.round(Math.sin(tick) * 500) / 100,
                at: new Date().toISOString(),
              }),
            Math.max(50, tickMs),
          )
        : undefined;
    socket.on('close', () => clearInterval(timer));
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        send({ type: 'binaryReceived', size: (data as Buffer).length });
        return;
      }
      let message: { type?: unknown; text?: unknown; size?: unknown; code?: unknown; reason?: unknown };
      try {
        message = JSON.parse(String(data));
      } catch {
        send({ type: 'echo', text: String(data), receivedAt: new Date().toISOString() });
        return;
      }
      if (message.type === 'say') {
        send({ type: 'echo', text: String(message.text ?? ''), receivedAt: new Date().toISOString() });
      } else if (message.type === 'binary') {
        const size = Math.min(Math.max(Number(message.size) || 16, 1), 512 * 1024);
        socket.send(Buffer.from(Array.from({ length: size }, (_, i) => i % 256)), { binary: true });
      } else if (message.type === 'close') {
        const code = Number(message.code ?? 1000);
        const valid =
          code === 1000 ||
          (code >= 3000 && code <= 4999) ||
          (code >= 1001 && code <= 1014 && ![1004, 1005, 1006].includes(code));
        socket.close(valid ? code : 4000, String(message.reason ?? '').slice(0, 120));
      } else {
        send({
          type: 'error',
          message: `Unknown message type ${JSON.stringify(message.type)}; use say, binary or close.`,
        });
      }
    });
  });
  return wss;
}
