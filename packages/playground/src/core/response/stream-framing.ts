/**
 * Incremental decoders for streamed response bodies: Server-Sent Events and newline-delimited
 * JSON. Each takes text chunks as they arrive and returns the complete events found so far, so
 * the response card can update before the stream ends. Payloads parse as JSON when they can and
 * stay text otherwise.
 */
import type { StreamFraming } from '@sextant/definition';
import { createParser } from 'eventsource-parser';

/** One decoded event of a stream. */
export interface StreamEvent {
  /** JSON value when the payload parses, else the raw text. */
  data: unknown;
  /** SSE `event:` name, when given. */
  event?: string;
}

/** A stateful decoder: `push` text, get the events completed by it; `end` flushes the tail. */
export interface StreamDecoder {
  push(text: string): StreamEvent[];
  end(): StreamEvent[];
}

/** Parses a payload as JSON, keeping the text when it is not JSON. */
export function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Creates a decoder for the given framing. A payload equal to `terminator` (the definition's
 * end-of-stream marker, e.g. `[DONE]`) ends the stream and is not an event.
 *
 * @example
 * const d = createStreamDecoder('ndjson'); d.push('{"a":1}\n{"a"'); // [{ data: { a: 1 } }]
 * createStreamDecoder('sse', '[DONE]').push('data: 1\n\ndata: [DONE]\n\n'); // [{ data: 1 }]
 */
export function createStreamDecoder(framing: StreamFraming, terminator?: string): StreamDecoder {
  const isEnd = (payload: string) => terminator !== undefined && payload.trim() === terminator;
  return framing === 'sse' ? createSseDecoder(isEnd) : createNdjsonDecoder(isEnd);
}

function createNdjsonDecoder(isEnd: (payload: string) => boolean): StreamDecoder {
  let buffer = '';
  const drain = (final: boolean): StreamEvent[] => {
    const lines = buffer.split(/\r?\n/);
    buffer = final ? '' : (lines.pop() ?? '');
    return lines
      .filter((line) => line.trim() !== '' && !isEnd(line))
      .map((line) => ({ data: parseJsonOrText(line) }));
  };
  return {
    push(text) {
      buffer += text;
      return drain(false);
    },
    end() {
      return drain(true);
    },
  };
}

/** SSE framing is eventsource-parser's (the WHATWG rules: CR/LF/CRLF, comments, BOM, `id`, `retry`). */
function createSseDecoder(isEnd: (payload: string) => boolean): StreamDecoder {
  let events: StreamEvent[] = [];
  const parser = createParser({
    onEvent({ event, data }) {
      if (isEnd(data)) return;
      events.push(event ? { data: parseJsonOrText(data), event } : { data: parseJsonOrText(data) });
    },
  });
  const take = (): StreamEvent[] => {
    const done = events;
    events = [];
    return done;
  };
  return {
    push(text) {
      parser.feed(text);
      return take();
    },
    end() {
      // A stream may stop without the closing blank line: the last block still counts.
      parser.feed('\n\n');
      parser.reset();
      return take();
    },
  };
}
