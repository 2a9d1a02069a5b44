import { describe, expect, it } from 'vitest';
import {
  filePreviewKind,
  PARSE_LIMIT_BYTES,
  readModeFor,
  readResponse,
  textDecoderFor,
} from './response-reader.js';

/** A fetch Response whose body arrives in chunks of `chunk` bytes. */
function chunkedResponse(bytes: Uint8Array, contentType: string, chunk = 3): Response {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
  return new Response(body, { headers: { 'content-type': contentType } });
}

const read = (response: Response) => readResponse(response, { elapsed: () => 1, onUpdate: () => {} });

describe('readResponse, bodies as text', () => {
  it('shows a body that is not valid UTF-8 with U+FFFD for the bad bytes, split across chunks', async () => {
    // {"a":"caf<E9><FF>","b":"✓"}: Latin-1 bytes in a body served as UTF-8, then a real 3-byte character.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"a":"caf'),
      0xe9,
      0xff,
      ...new TextEncoder().encode('","b":"✓"}'),
    ]);
    const answer = await read(chunkedResponse(bytes, 'application/json'));
    expect(answer.type).toBe('json');
    if (answer.type !== 'json') return;
    expect(answer.text).toBe('{"a":"caf\uFFFD\uFFFD","b":"✓"}');
    expect(answer.body).toEqual({ a: 'caf\uFFFD\uFFFD', b: '✓' });
    expect(answer.size).toBe(bytes.length);
  });

  it('decodes the charset the content type names, and falls back to UTF-8 for one it does not know', async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode('{"a":"caf'), 0xe9, 0x22, 0x7d]);
    const answer = await read(chunkedResponse(latin1, 'application/json; charset="ISO-8859-1"'));
    expect(answer.type === 'json' && answer.body).toEqual({ a: 'café' });
    expect(textDecoderFor('text/plain; charset=no-such-charset').encoding).toBe('utf-8');
    expect(textDecoderFor('text/plain; charset=replacement').encoding).toBe('utf-8');
    expect(textDecoderFor('application/json').encoding).toBe('utf-8');
  });

  it('keeps a body over PARSE_LIMIT_BYTES as text (not parsed) for the viewer to lay out', async () => {
    const text = JSON.stringify({ pad: 'x'.repeat(PARSE_LIMIT_BYTES) });
    const answer = await read(chunkedResponse(new TextEncoder().encode(text), 'application/json', 65_536));
    expect(answer.type === 'json' && answer.body).toBe(text);
    expect(answer.type === 'json' && answer.text).toBe(text);
  });
});

describe('read mode', () => {
  it('chooses how to read a body from its content type and the expected body', () => {
    expect(readModeFor('audio/wav', { type: 'stream', framing: 'sse', shape: { type: 'unknown' } })).toEqual({
      kind: 'file',
    });
    expect(readModeFor('text/event-stream; charset=utf-8', undefined)).toEqual({
      kind: 'stream',
      framing: 'sse',
    });
    expect(readModeFor('application/x-ndjson', undefined)).toEqual({ kind: 'stream', framing: 'ndjson' });
    expect(readModeFor('text/plain', { type: 'streamingText', contentType: 'text/plain' })).toEqual({
      kind: 'stream',
      framing: 'text',
    });
    expect(readModeFor('application/json', undefined)).toEqual({ kind: 'json' });
    expect(readModeFor('application/problem+json', undefined)).toEqual({ kind: 'json' });
    expect(readModeFor('application/pdf', undefined)).toEqual({ kind: 'file' });
    expect(
      readModeFor('application/json', { type: 'fileDownload', contentType: 'application/json' }),
    ).toEqual({ kind: 'file' });
    expect(filePreviewKind('application/pdf')).toBe('pdf');
    expect(filePreviewKind('audio/ogg')).toBe('audio');
    expect(filePreviewKind('application/zip')).toBe('none');
  });
});
