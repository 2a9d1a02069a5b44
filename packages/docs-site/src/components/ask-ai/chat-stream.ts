/**
 * The Ask AI wire contract, browser side: `POST {base}/_sextant/ai/chat` answers an event stream
 * (`sources`, then `delta`s, then `done`; or `error` at any point) or, before streaming, a JSON
 * error `{ error, content: { message } }`. The body is read as it arrives (fetch's
 * ReadableStream) and framed by the playground's SSE decoder; each payload is checked here,
 * since the server's answer holds model text. No React.
 */
import { createStreamDecoder } from '@sextant/playground/stream-framing';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatSource {
  title: string;
  url: string;
  kind?: string;
  /** The API a reference source documents (sites with several APIs). */
  api?: string;
  /** The docs version of a versioned site (`v1`). */
  docsVersion?: string;
}

export type ChatEvent =
  | { type: 'sources'; sources: ChatSource[] }
  | { type: 'delta'; text: string }
  | { type: 'done'; questionId?: string }
  | { type: 'error'; code: string; message: string };

/** The endpoints of one site's Ask AI. */
export function chatUrls(basePath: string) {
  return {
    status: `${basePath}/_sextant/ai/status`,
    chat: `${basePath}/_sextant/ai/chat`,
    feedback: `${basePath}/_sextant/ai/feedback`,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A source as the server (or the tab's memory) gives it, or none when it lacks a title or URL. */
export function chatSourceOf(item: unknown): ChatSource[] {
  if (!isRecord(item)) return [];
  const title = str(item.title);
  const url = str(item.url);
  if (!title || !url) return [];
  const labels = { kind: str(item.kind), api: str(item.api), docsVersion: str(item.docsVersion) };
  const source: ChatSource = { title, url };
  for (const [key, value] of Object.entries(labels)) if (value) source[key as keyof typeof labels] = value;
  return [source];
}

function parseSources(value: unknown): ChatSource[] {
  return Array.isArray(value) ? value.flatMap(chatSourceOf) : [];
}

/** One decoded stream event as a `ChatEvent`, or undefined for what the contract does not name. */
export function toChatEvent(event: string | undefined, data: unknown): ChatEvent | undefined {
  const payload = isRecord(data) ? data : {};
  switch (event) {
    case 'sources':
      return { type: 'sources', sources: parseSources(payload.sources) };
    case 'delta': {
      const text = str(payload.text);
      return text === undefined ? undefined : { type: 'delta', text };
    }
    case 'done': {
      const questionId = str(payload.questionId);
      return questionId ? { type: 'done', questionId } : { type: 'done' };
    }
    case 'error':
      return {
        type: 'error',
        code: str(payload.code) ?? 'AI_ERROR',
        message: str(payload.message) ?? 'The answer stopped: try again.',
      };
    default:
      return undefined;
  }
}

/** The message of a JSON error answer (`{ error, content: { message } }`), or a generic one. */
export async function errorMessage(response: Response): Promise<{ code: string; message: string }> {
  const body: unknown = await response.json().catch(() => undefined);
  const content = isRecord(body) && isRecord(body.content) ? body.content : {};
  return {
    code: (isRecord(body) && str(body.error)) || `HTTP_${response.status}`,
    message: str(content.message) ?? `Ask AI is unavailable (HTTP ${response.status}): try again later.`,
  };
}

/**
 * Sends the conversation and calls `onEvent` for each event as it arrives; resolves when the
 * stream ends. Network failures and JSON error answers arrive as an `error` event.
 */
export async function streamChat(
  url: string,
  body: { messages: ChatMessage[]; page?: string },
  onEvent: (event: ChatEvent) => void,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) return;
    onEvent({
      type: 'error',
      code: 'NETWORK',
      message: `Ask AI could not be reached (${String(error)}): check your connection and try again.`,
    });
    return;
  }
  if (!response.ok || !response.body) {
    onEvent({ type: 'error', ...(await errorMessage(response)) });
    return;
  }
  const decoder = createStreamDecoder('sse');
  const text = new TextDecoder();
  const reader = response.body.getReader();
  const emit = (events: ReturnType<typeof decoder.push>) => {
    for (const { event, data } of events) {
      const chatEvent = toChatEvent(event, data);
      if (chatEvent) onEvent(chatEvent);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      emit(decoder.push(text.decode(value, { stream: true })));
    }
    emit(decoder.push(text.decode()));
    emit(decoder.end());
  } catch (error) {
    if (signal?.aborted) return;
    onEvent({
      type: 'error',
      code: 'NETWORK',
      message: `The answer was cut off (${String(error)}): try again.`,
    });
  }
}
