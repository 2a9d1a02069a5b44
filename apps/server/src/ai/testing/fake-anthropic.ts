/**
 * A protocol-faithful Anthropic Messages API on loopback (`POST /v1/messages`, `stream: true`):
 * the documented event sequence message_start, content_block_start, ping, content_block_delta
 * (text_delta)…, content_block_stop, message_delta, message_stop; errors as documented, an HTTP
 * status with `{ type: 'error', error: { type, message } }` (429 rate_limit_error, 529
 * overloaded_error, 401 authentication_error) or an `error` event in the middle of a stream.
 * The official SDK talks to it through `ANTHROPIC_BASE_URL`.
 */
import type { ServerResponse } from 'node:http';
import {
  type LoopbackServer,
  pause,
  type RecordedRequest,
  startLoopbackServer,
  writeEvent,
} from './sse-server.js';

export type FakeReply =
  | { type: 'answer'; chunks: string[]; delayMs?: number }
  | { type: 'status'; status: 401 | 429 | 500 | 529 }
  | { type: 'midStreamError'; chunks: string[] }
  | { type: 'stall' };

const ERROR_TYPES: Record<number, string> = {
  401: 'authentication_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

export interface FakeAnthropic extends LoopbackServer {
  /** Replies to the next requests, in order; when none is left, `fallback` answers. */
  queue: FakeReply[];
  /** Streams the client closed before message_stop. */
  readonly aborted: number;
}

export async function startFakeAnthropic(
  fallback: (request: RecordedRequest) => FakeReply = () => ({ type: 'answer', chunks: ['Hello', ' world'] }),
): Promise<FakeAnthropic> {
  const queue: FakeReply[] = [];
  const state = { aborted: 0 };
  const server = await startLoopbackServer(async (request, res) => {
    res.on('close', () => {
      if (!res.writableEnded) state.aborted++;
    });
    if (request.method !== 'POST' || request.path !== '/v1/messages')
      return sendError(res, 404, 'not_found_error');
    // The API takes the key as `x-api-key`; SDK 1.x sends it as a bearer token.
    if (!request.headers['x-api-key'] && !/^Bearer \S+/.test(String(request.headers.authorization ?? '')))
      return sendError(res, 401, 'authentication_error');
    const reply = queue.shift() ?? fallback(request);
    if (reply.type === 'status')
      return sendError(res, reply.status, ERROR_TYPES[reply.status] ?? 'api_error');
    if (reply.type === 'stall') return; // never answers: the client's timeout fires
    const model = (request.body as { model?: string }).model ?? 'unknown';
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'request-id': 'req_fake',
    });
    writeEvent(res, 'message_start', {
      type: 'message_start',
      message: {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        content: [],
        model,
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 25, output_tokens: 1 },
      },
    });
    writeEvent(res, 'content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    writeEvent(res, 'ping', { type: 'ping' });
    for (const text of reply.chunks) {
      if (res.destroyed) return;
      writeEvent(res, 'content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text },
      });
      if (reply.type === 'answer' && reply.delayMs) await pause(reply.delayMs);
    }
    if (reply.type === 'midStreamError') {
      writeEvent(res, 'error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
      return res.end();
    }
    writeEvent(res, 'content_block_stop', { type: 'content_block_stop', index: 0 });
    writeEvent(res, 'message_delta', {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: reply.chunks.length },
    });
    writeEvent(res, 'message_stop', { type: 'message_stop' });
    res.end();
  });
  // defineProperty, not Object.assign: assign would copy the getter's value once.
  return Object.defineProperties(server, {
    queue: { value: queue },
    aborted: { get: () => state.aborted },
  }) as FakeAnthropic;
}

function sendError(res: ServerResponse, status: number, type: string): void {
  // The API sends `retry-after` on 429 and 529; 0 keeps the SDK's retries quick in tests.
  const retry = status === 429 || status === 529 ? { 'retry-after': '0' } : {};
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake', ...retry });
  res.end(JSON.stringify({ type: 'error', error: { type, message: `fake ${type}` } }));
}
