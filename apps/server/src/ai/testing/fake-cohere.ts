/**
 * A protocol-faithful Cohere v2 chat stream on loopback (`POST /v2/chat`, `stream: true`): the
 * documented events message-start, content-start, content-delta…, content-end, message-end (with
 * finish_reason and usage), each as `event: <type>` plus its JSON; errors as HTTP statuses with
 * `{ message }` (429 too many requests, 401 invalid token). The official `cohere-ai` SDK talks to
 * it through its `baseUrl` option (`CO_API_URL`).
 */
import type { ServerResponse } from 'node:http';
import { type LoopbackServer, type RecordedRequest, startLoopbackServer, writeEvent } from './sse-server.js';

export type FakeCohereReply =
  | { type: 'answer'; chunks: string[] }
  | { type: 'status'; status: 401 | 429 | 500 };

export interface FakeCohere extends LoopbackServer {
  queue: FakeCohereReply[];
}

export async function startFakeCohere(
  fallback: (request: RecordedRequest) => FakeCohereReply = () => ({
    type: 'answer',
    chunks: ['Hello', ' world'],
  }),
): Promise<FakeCohere> {
  const queue: FakeCohereReply[] = [];
  const server = await startLoopbackServer((request, res) => {
    if (request.method !== 'POST' || request.path !== '/v2/chat') return sendError(res, 404, 'not found');
    if (!/^Bearer \S+/.test(String(request.headers.authorization ?? '')))
      return sendError(res, 401, 'invalid api token');
    const reply = queue.shift() ?? fallback(request);
    if (reply.type === 'status') return sendError(res, reply.status, `fake error ${reply.status}`);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    writeEvent(res, 'message-start', {
      id: 'fake-chat-id',
      type: 'message-start',
      delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } },
    });
    writeEvent(res, 'content-start', {
      type: 'content-start',
      index: 0,
      delta: { message: { content: { type: 'text', text: '' } } },
    });
    for (const text of reply.chunks)
      writeEvent(res, 'content-delta', {
        type: 'content-delta',
        index: 0,
        delta: { message: { content: { text } } },
      });
    writeEvent(res, 'content-end', { type: 'content-end', index: 0 });
    writeEvent(res, 'message-end', {
      type: 'message-end',
      delta: {
        finish_reason: 'COMPLETE',
        usage: {
          billed_units: { input_tokens: 10, output_tokens: reply.chunks.length },
          tokens: { input_tokens: 70, output_tokens: reply.chunks.length },
        },
      },
    });
    res.end();
  });
  return Object.assign(server, { queue });
}

function sendError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message }));
}
