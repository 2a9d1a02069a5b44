/**
 * Turns a fetch `Response` from the proxy into the playground's response value (SPEC §3): JSON
 * (or text), a stream of events updated chunk by chunk, or a file. Streams are read
 * incrementally and reported through `onUpdate` so the card renders events before the end;
 * audio is collected whole and shown as a file.
 */

import type { ResponseBody, StreamFraming } from '@sextant/definition';
import { MissingResponseBodyError } from '../../errors.js';
import { downloadFileName } from './file-name.js';
import { createStreamDecoder, parseJsonOrText, type StreamEvent } from './stream-framing.js';

/** The parts of the fetch Response the playground keeps (SPEC §3 "Response object"). */
export interface ResponseInfo {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  ok: boolean;
  redirected: boolean;
  type: string;
  url: string;
}

interface ResponseCommon {
  response: ResponseInfo;
  contentType: string;
  /** Milliseconds from send to the last byte read so far. */
  time: number;
  /** Bytes of body read so far. */
  size: number;
}

/** A response value shown by the response card. */
export type PlaygroundResponse =
  | (ResponseCommon & {
      type: 'json';
      /** The parsed JSON, or the text itself (not JSON, or larger than `PARSE_LIMIT_BYTES`). */
      body: unknown;
      /** The body as received, which the viewer lays out; absent on values made in memory. */
      text?: string;
    })
  | (ResponseCommon & { type: 'stream'; events: StreamEvent[]; done: boolean })
  | (ResponseCommon & { type: 'file'; blob: Blob; fileName: string });

/** How a response body will be read. */
export type ReadMode =
  | { kind: 'json' }
  | { kind: 'file' }
  | { kind: 'stream'; framing: StreamFraming | 'text' };

export { MissingResponseBodyError };

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * Bodies above this size are not parsed: `JSON.parse` of 10 MB holds the page for a long task,
 * and the viewer lays the text out a slice at a time without it.
 */
export const PARSE_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * Decides how to read a body from its content type and the endpoint's expected response body.
 * Content type wins for audio (always a file) and for explicit stream types; otherwise the
 * expected body decides; unknown binary types are files.
 *
 * @example
 * readModeFor('text/event-stream', undefined) // { kind: 'stream', framing: 'sse' }
 */
export function readModeFor(contentType: string, expected: ResponseBody | undefined): ReadMode {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('audio/')) return { kind: 'file' };
  if (type === 'text/event-stream') return { kind: 'stream', framing: 'sse' };
  if (type === 'application/x-ndjson' || type === 'application/jsonl' || type === 'application/ndjson')
    return { kind: 'stream', framing: 'ndjson' };
  if (expected?.type === 'stream') return { kind: 'stream', framing: expected.framing };
  if (expected?.type === 'streamingText') return { kind: 'stream', framing: 'text' };
  if (expected?.type === 'fileDownload') return { kind: 'file' };
  if (
    type === '' ||
    type.includes('json') ||
    type.startsWith('text/') ||
    type.endsWith('+xml') ||
    type.endsWith('/xml')
  )
    return { kind: 'json' };
  return { kind: 'file' };
}

/** Copies the fields the playground keeps from a fetch Response. */
export function responseInfo(response: Response): ResponseInfo {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  return {
    status: response.status,
    statusText: response.statusText,
    headers,
    ok: response.ok,
    redirected: response.redirected,
    type: response.type,
    url: response.url,
  };
}

export interface ReadResponseOptions {
  expected?: ResponseBody | undefined;
  /** Milliseconds since the request was sent. */
  elapsed: () => number;
  /** Called with each intermediate value of a stream, and with the final value. */
  onUpdate: (value: PlaygroundResponse) => void;
  randomId?: () => string;
  /** The answer to a HEAD request: no body is expected whatever the status. */
  bodyless?: boolean | undefined;
}

/**
 * Reads the whole response, reporting intermediate stream values through `onUpdate`; resolves
 * with the final value.
 */
export async function readResponse(
  response: Response,
  options: ReadResponseOptions,
): Promise<PlaygroundResponse> {
  const info = responseInfo(response);
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.body) {
    if (!NULL_BODY_STATUSES.has(response.status) && !options.bodyless) throw new MissingResponseBodyError();
    const empty: PlaygroundResponse = {
      type: 'json',
      body: '',
      response: info,
      contentType,
      time: options.elapsed(),
      size: 0,
    };
    options.onUpdate(empty);
    return empty;
  }
  const mode = readModeFor(contentType, options.expected);
  const common = (size: number): ResponseCommon => ({
    response: info,
    contentType,
    time: options.elapsed(),
    size,
  });
  if (mode.kind === 'stream') {
    const terminator = options.expected?.type === 'stream' ? options.expected.terminator : undefined;
    const decoder = mode.framing === 'text' ? undefined : createStreamDecoder(mode.framing, terminator);
    const events: StreamEvent[] = [];
    let size = 0;
    const textDecoder = new TextDecoder();
    const reader = response.body.getReader();
    options.onUpdate({ type: 'stream', events: [], done: false, ...common(0) });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      const text = textDecoder.decode(value, { stream: true });
      if (decoder) events.push(...decoder.push(text));
      else if (text) events.push({ data: text });
      options.onUpdate({ type: 'stream', events: [...events], done: false, ...common(size) });
    }
    const tail = textDecoder.decode();
    if (decoder) events.push(...decoder.push(tail), ...decoder.end());
    else if (tail) events.push({ data: tail });
    const final: PlaygroundResponse = { type: 'stream', events, done: true, ...common(size) };
    options.onUpdate(final);
    return final;
  }
  if (mode.kind === 'json') {
    const { text, size } = await readText(response.body, contentType);
    const final: PlaygroundResponse = {
      type: 'json',
      body: size > PARSE_LIMIT_BYTES ? text : parseJsonOrText(text),
      text,
      ...common(size),
    };
    options.onUpdate(final);
    return final;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const fileName = downloadFileName(
    response.headers.get('content-disposition'),
    contentType,
    options.randomId,
  );
  const blob = new Blob([bytes], { type: contentType || 'application/octet-stream' });
  const final: PlaygroundResponse = { type: 'file', blob, fileName, ...common(bytes.byteLength) };
  options.onUpdate(final);
  return final;
}

/**
 * The decoder for a body of `contentType`: its `charset` when the browser knows it, else UTF-8.
 * Bytes that are not valid in it become U+FFFD, never an error: a body is always shown.
 *
 * @example textDecoderFor('text/plain; charset=ISO-8859-1').encoding // 'windows-1252'
 */
export function textDecoderFor(contentType: string): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** The body as text, decoded chunk by chunk as it arrives (no single long decode of a 10 MB body at the end). */
async function readText(
  body: ReadableStream<Uint8Array>,
  contentType: string,
): Promise<{ text: string; size: number }> {
  const decoder = textDecoderFor(contentType);
  const reader = body.getReader();
  const parts: string[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { text: parts.join(''), size };
}

/** Which preview a file gets: audio and PDF are supported, anything else is not. */
export function filePreviewKind(contentType: string): 'audio' | 'pdf' | 'image' | 'none' {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  return 'none';
}
