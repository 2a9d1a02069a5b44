import { describe, expect, it } from 'vitest';
import { createStreamDecoder } from './stream-framing.js';

describe('SSE decoder (eventsource-parser)', () => {
  it('accepts CR, LF and CRLF line ends, even split between chunks', () => {
    const d = createStreamDecoder('sse');
    expect(d.push('data: a\r\n\r\ndata: b\r\rdata: c\r')).toEqual([{ data: 'a' }, { data: 'b' }]);
    // A CR at a chunk's end may be the first half of a CRLF: the next chunk decides.
    expect(d.push('\n\r\n')).toEqual([{ data: 'c' }]);
  });

  it('drops comments and blocks without data', () => {
    const d = createStreamDecoder('sse');
    expect(d.push('data: 1\n\n: keep-alive\n\nevent: ping\nid: 7\nretry: 10\n\n')).toEqual([{ data: 1 }]);
  });

  it('reads a field without a colon as empty and keeps only one leading space', () => {
    const d = createStreamDecoder('sse');
    expect(d.push('data\ndata:  two\n\n')).toEqual([{ data: '\n two' }]);
  });

  it('names the event only when the stream names it', () => {
    const d = createStreamDecoder('sse');
    expect(d.push('event:\ndata: x\n\nevent: delta\ndata: {"text":"hi"}\n\n')).toEqual([
      { data: 'x' },
      { data: { text: 'hi' }, event: 'delta' },
    ]);
  });

  it('flushes a last block without its blank line, and starts clean after end', () => {
    const d = createStreamDecoder('sse', '[DONE]');
    expect(d.push('data: 1\ndata: 2')).toEqual([]);
    expect(d.end()).toEqual([{ data: '1\n2' }]);
    expect(d.push('data: [DONE]')).toEqual([]);
    expect(d.end()).toEqual([]);
    expect(d.end()).toEqual([]);
  });

  it('ignores hostile field names and unparseable retry values', () => {
    const d = createStreamDecoder('sse');
    expect(d.push('__proto__: x\nretry: soon\nconstructor: y\ndata: ok\n\n')).toEqual([{ data: 'ok' }]);
  });
});

describe('stream framing', () => {
  it('decodes SSE blocks split across chunks, ignoring comments', () => {
    const d = createStreamDecoder('sse');
    expect(d.push(': hello\n\ndata: {"a"')).toEqual([]);
    expect(d.push(':1}\n\ndata: line1\ndata: line2\n\n')).toEqual([
      { data: { a: 1 } },
      { data: 'line1\nline2' },
    ]);
    expect(d.push('event: end\ndata: [DONE]')).toEqual([]);
    expect(d.end()).toEqual([{ data: '[DONE]', event: 'end' }]);
  });

  it("drops the definition's terminator instead of showing it as an event", () => {
    const sse = createStreamDecoder('sse', '[DONE]');
    expect(sse.push('data: {"n":1}\n\ndata: [DONE]\n\n')).toEqual([{ data: { n: 1 } }]);
    const ndjson = createStreamDecoder('ndjson', '[DONE]');
    expect(ndjson.push('{"n":1}\n[DONE]\n')).toEqual([{ data: { n: 1 } }]);
  });

  it('decodes NDJSON lines, keeping non-JSON lines as text', () => {
    const d = createStreamDecoder('ndjson');
    expect(d.push('{"a":1}\r\nnot json\n{"b"')).toEqual([{ data: { a: 1 } }, { data: 'not json' }]);
    expect(d.end()).toEqual([{ data: '{"b"' }]);
  });
});
